import { type ReactNode, useEffect, useId, useRef } from 'react';

export interface DialogProps {
  isOpen: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  className?: string;
}

/** Opens and closes a `<dialog>` as a modal as `isOpen` says. */
export function useModal(isOpen: boolean) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (isOpen && !dialog.open) dialog.showModal();
    if (!isOpen && dialog.open) dialog.close();
  }, [isOpen]);
  return dialogRef;
}

/** A modal dialog: focus stays inside, Escape closes it, and its title names it. */
export function Dialog({ isOpen, title, onClose, children, className }: DialogProps) {
  const dialogRef = useModal(isOpen);
  const titleId = useId();

  return (
    <dialog
      ref={dialogRef}
      className={['dialog', className].filter(Boolean).join(' ')}
      aria-labelledby={titleId}
      onClose={onClose}
    >
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
