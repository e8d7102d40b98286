import { useSyncExternalStore } from 'react';

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

export function Toaster() {
  const current = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => items,
    () => items,
  );
  return (
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
}
