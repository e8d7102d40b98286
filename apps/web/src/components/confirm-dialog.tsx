import { type ReactNode, useId } from 'react';
import { Button } from './button.tsx';
import { useModal } from './dialog.tsx';

export interface ConfirmDialogProps {
  isOpen: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
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
          Cancel
        </Button>
        <Button variant={variant} onClick={onConfirm} isLoading={isBusy}>
          {confirmLabel}
        </Button>
      </div>
    </dialog>
  );
}
