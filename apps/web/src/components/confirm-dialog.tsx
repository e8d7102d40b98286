import { type ReactNode, useId, useState } from 'react';
import { Button } from './button.tsx';
import { useModal } from './dialog.tsx';

export interface ConfirmDialogProps {
  isOpen: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** The way back, when "Cancel" would be unclear ("Stay on this page"). */
  cancelLabel?: string;
  variant?: 'primary' | 'danger';
  isBusy?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Asks before a step that cannot be undone; a modal dialog, so focus stays inside and Escape cancels. */
export function ConfirmDialog({
  isOpen,
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  variant = 'primary',
  isBusy = false,
  onCancel,
  onConfirm,
}: ConfirmDialogProps) {
  const modal = useModal(isOpen, onCancel);
  const titleId = useId();
  const textId = useId();

  return (
    <dialog {...modal} className="dialog dialog--confirm" aria-labelledby={titleId} aria-describedby={textId}>
      <div className="dialog__header">
        <h2 id={titleId}>{title}</h2>
      </div>
      <div className="dialog__body" id={textId}>
        {children}
      </div>
      <div className="dialog__footer button-row">
        <Button variant="secondary" onClick={onCancel} isThrottled={false} autoFocus>
          {cancelLabel}
        </Button>
        <Button variant={variant} onClick={onConfirm} isLoading={isBusy}>
          {confirmLabel}
        </Button>
      </div>
    </dialog>
  );
}

export interface ConfirmRowDialogProps<T extends { id: string }> {
  /** The row being asked about; the dialog is open while there is one. */
  row: T | undefined;
  title: string;
  confirmLabel: string;
  isBusy: boolean;
  /** The destructive step on the row's id; a failure is reported by the query client. */
  onConfirm: (id: string) => Promise<unknown>;
  onClose: () => void;
  children: ReactNode;
}

/** Asks before a row's destructive step (Revoke, Remove), runs it, and closes whether it went through or not. */
export function ConfirmRowDialog<T extends { id: string }>({
  row,
  title,
  confirmLabel,
  isBusy,
  onConfirm,
  onClose,
  children,
}: ConfirmRowDialogProps<T>) {
  return (
    <ConfirmDialog
      isOpen={row !== undefined}
      title={title}
      confirmLabel={confirmLabel}
      variant="danger"
      isBusy={isBusy}
      onCancel={onClose}
      onConfirm={async () => {
        if (!row) return;
        await onConfirm(row.id).catch(() => undefined);
        onClose();
      }}
    >
      {children}
    </ConfirmDialog>
  );
}

/**
 * The row asked about and what its dialog needs: `ask(row)` opens the dialog, which runs `confirm` on the row's id.
 * Spread `dialog` on a `ConfirmRowDialog`.
 */
export function useConfirmRow<T extends { id: string }>(confirm: (id: string) => Promise<unknown>, isBusy: boolean) {
  const [row, setRow] = useState<T>();
  return {
    row,
    ask: (asked: T) => setRow(asked),
    dialog: { row, isBusy, onConfirm: confirm, onClose: () => setRow(undefined) },
  };
}

export interface RowDangerButtonProps {
  label: string;
  rowName: string;
  onClick: () => void;
  className?: string;
}

/** A row's destructive action as a link-styled button, naming the row for screen readers: "Remove a@b.c". */
export function RowDangerButton({ label, rowName, onClick, className }: RowDangerButtonProps) {
  return (
    <button
      type="button"
      className={['link-button link-button--danger', className].filter(Boolean).join(' ')}
      onClick={onClick}
    >
      {label}
      <span className="visually-hidden"> {rowName}</span>
    </button>
  );
}
