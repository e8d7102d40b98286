import { type ReactNode, useEffect, useId, useRef } from 'react';
import { Button } from './button.tsx';

export interface DialogProps {
  isOpen: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  className?: string;
}

/**
 * Opens and closes a `<dialog>` as a modal as `isOpen` says (calling `onOpen` first); spread what it answers on the
 * `<dialog>`. Escape tells `onClose` at once, through the `cancel` event, rather than when the browser's queued
 * `close` event runs: a button pressed right after Escape opens the dialog again instead of being undone by that late
 * event. A `close` event that arrives once the dialog is open again is ignored too.
 */
export function useModal(isOpen: boolean, onClose: () => void, onOpen?: () => void) {
  const ref = useRef<HTMLDialogElement>(null);
  const onOpenRef = useRef(onOpen);
  const isCancelled = useRef(false);
  useEffect(() => {
    onOpenRef.current = onOpen;
  });
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (isOpen && !dialog.open) {
      onOpenRef.current?.();
      dialog.showModal();
    }
    if (!isOpen && dialog.open) dialog.close();
  }, [isOpen]);
  return {
    ref,
    onCancel: () => {
      isCancelled.current = true;
      onClose();
    },
    onClose: () => {
      const wasCancelled = isCancelled.current;
      isCancelled.current = false;
      if (!wasCancelled && !ref.current?.open) onClose();
    },
  };
}

/** A modal dialog: focus stays inside, Escape closes it, and its title names it. */
export function Dialog({ isOpen, title, onClose, children, className }: DialogProps) {
  const modal = useModal(isOpen, onClose);
  const titleId = useId();

  return (
    <dialog {...modal} className={['dialog', className].filter(Boolean).join(' ')} aria-labelledby={titleId}>
      <div className="dialog__header">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="dialog__close" aria-label="Close" onClick={onClose}>
          ×
        </button>
      </div>
      {isOpen ? children : null}
    </dialog>
  );
}

export interface DialogActionsProps {
  submitLabel: ReactNode;
  onCancel: () => void;
  /** The form is being sent: its submit button is busy. */
  isSubmitting?: boolean;
  isSubmitDisabled?: boolean;
  variant?: 'primary' | 'danger';
}

/** A form dialog's footer: Cancel, then the form's submit button. */
export function DialogActions({
  submitLabel,
  onCancel,
  isSubmitting = false,
  isSubmitDisabled,
  variant = 'primary',
}: DialogActionsProps) {
  return (
    <div className="dialog__footer button-row">
      <Button variant="secondary" onClick={onCancel} isThrottled={false}>
        Cancel
      </Button>
      <Button type="submit" variant={variant} isLoading={isSubmitting} disabled={isSubmitDisabled}>
        {submitLabel}
      </Button>
    </div>
  );
}
