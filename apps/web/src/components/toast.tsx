import { useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';

export type ToastKind = 'success' | 'error' | 'warning' | 'info';
interface ToastItem {
  id: number;
  kind: ToastKind;
  text: string;
}

let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

function show(kind: ToastKind, text: string, durationMs = kind === 'error' ? 4500 : 3000) {
  const id = nextId++;
  items = [...items.filter((item) => item.text !== text), { id, kind, text }].slice(-4);
  emit();
  setTimeout(() => dismiss(id), durationMs);
}

function dismiss(id: number) {
  items = items.filter((item) => item.id !== id);
  emit();
}

/** Short notices at the top of the page, announced to screen readers. */
export const toast = {
  success: (text: string) => show('success', text),
  error: (text: string) => show('error', text),
  warning: (text: string) => show('warning', text),
  info: (text: string) => show('info', text),
};

const icons: Record<ToastKind, string> = { success: '✓', error: '!', warning: '!', info: 'i' };

/** The modal dialog on top, if one is open: everything outside it is inert, so toasts must live inside. */
function topModalDialog(): HTMLDialogElement | null {
  const open = [...document.querySelectorAll('dialog[open]')].filter((dialog) => dialog.matches(':modal'));
  return (open.at(-1) as HTMLDialogElement | undefined) ?? null;
}

function subscribeToDialogs(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['open'] });
  return () => observer.disconnect();
}

export function Toaster() {
  const modal = useSyncExternalStore(subscribeToDialogs, topModalDialog, () => null);
  const current = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => items,
    () => items,
  );
  const toaster = (
    <div className="toaster" aria-live="polite" aria-atomic="false">
      {current.map((item) => (
        <div key={item.id} className={`toast toast--${item.kind}`} role={item.kind === 'error' ? 'alert' : 'status'}>
          <span className="toast__icon" aria-hidden="true">
            {icons[item.kind]}
          </span>
          <span>{item.text}</span>
          <button type="button" className="toast__close" aria-label="Dismiss" onClick={() => dismiss(item.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
  return modal ? createPortal(toaster, modal) : toaster;
}
