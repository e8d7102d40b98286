import { type ReactNode, useEffect, useId, useRef } from 'react';

export interface DialogProps {
  isOpen: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  className?: string;
}

/** A modal dialog: focus stays inside, Escape closes it, and its title names it. */
export function Dialog({ isOpen, title, onClose, children, className }: DialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (isOpen && !dialog.open) dialog.showModal();
    if (!isOpen && dialog.open) dialog.close();
  }, [isOpen]);

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
