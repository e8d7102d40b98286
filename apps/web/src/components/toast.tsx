import { useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';

export type ToastKind = 'success' | 'error' | 'warning' | 'info';

/**
 * What a toast is about: a form's id, the error it reports. A newer toast with the same key replaces it, and
 * `toast.dismiss(key)` takes it away once it no longer holds (the form went through, the call succeeded).
 */
export type ToastKey = string | object;

export interface ToastOptions {
  key?: ToastKey;
}

interface ToastItem {
  id: number;
  kind: ToastKind;
  text: string;
  key: ToastKey | undefined;
}

/** More would push the page's own content out of reach. */
export const MAX_TOASTS = 3;

/**
 * How long a notice stays, unless the pointer or the focus is on the toasts. An error stays until it is dismissed:
 * it may say what to do next, and nobody should have to read it against a timer.
 */
const DURATION_MS: Record<ToastKind, number | null> = { success: 4000, info: 4000, warning: 6000, error: null };

interface Timer {
  remainingMs: number;
  startedAt: number;
  handle: ReturnType<typeof setTimeout> | undefined;
}

let items: ToastItem[] = [];
let nextId = 1;
const timers = new Map<number, Timer>();
/** The timers wait while the pointer is over the toasts or the focus is in them. */
const pausedBy = { pointer: false, focus: false };
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

const isPaused = () => pausedBy.pointer || pausedBy.focus;

function startTimer(id: number) {
  const timer = timers.get(id);
  if (!timer || isPaused()) return;
  timer.startedAt = Date.now();
  timer.handle = setTimeout(() => remove((item) => item.id === id), timer.remainingMs);
}

function setPaused(reason: keyof typeof pausedBy, paused: boolean) {
  const wasPaused = isPaused();
  pausedBy[reason] = paused;
  if (wasPaused === isPaused()) return;
  if (!paused) {
    for (const id of timers.keys()) startTimer(id);
    return;
  }
  for (const timer of timers.values()) {
    if (timer.handle === undefined) continue;
    clearTimeout(timer.handle);
    timer.handle = undefined;
    timer.remainingMs = Math.max(0, timer.remainingMs - (Date.now() - timer.startedAt));
  }
}

function forget(gone: ToastItem[]) {
  for (const item of gone) {
    clearTimeout(timers.get(item.id)?.handle);
    timers.delete(item.id);
  }
}

function remove(isGone: (item: ToastItem) => boolean) {
  const gone = items.filter(isGone);
  if (gone.length === 0) return;
  forget(gone);
  items = items.filter((item) => !isGone(item));
  // nothing is left to hover or focus, and a removed element reports no mouseleave or blur
  if (items.length === 0) Object.assign(pausedBy, { pointer: false, focus: false });
  emit();
}

function show(kind: ToastKind, text: string, { key }: ToastOptions = {}) {
  const isReplaced = (item: ToastItem) => item.text === text || (key !== undefined && item.key === key);
  forget(items.filter(isReplaced));
  const id = nextId++;
  const next = [...items.filter((item) => !isReplaced(item)), { id, kind, text, key }];
  forget(next.slice(0, -MAX_TOASTS));
  items = next.slice(-MAX_TOASTS);
  const durationMs = DURATION_MS[kind];
  if (durationMs !== null) {
    timers.set(id, { remainingMs: durationMs, startedAt: 0, handle: undefined });
    startTimer(id);
  }
  emit();
}

/** Short notices, announced to screen readers; below the header, or at the bottom of a phone's screen. */
export const toast = {
  success: (text: string, options?: ToastOptions) => show('success', text, options),
  error: (text: string, options?: ToastOptions) => show('error', text, options),
  warning: (text: string, options?: ToastOptions) => show('warning', text, options),
  info: (text: string, options?: ToastOptions) => show('info', text, options),
  dismiss: (key: ToastKey) => remove((item) => item.key === key),
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

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const getItems = () => items;

export function Toaster() {
  const modal = useSyncExternalStore(subscribeToDialogs, topModalDialog, () => null);
  const current = useSyncExternalStore(subscribe, getItems, getItems);
  const toaster = (
    <section
      className="toaster"
      aria-label="Notifications"
      aria-live="polite"
      aria-atomic="false"
      onMouseEnter={() => setPaused('pointer', true)}
      onMouseLeave={() => setPaused('pointer', false)}
      onFocus={() => setPaused('focus', true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setPaused('focus', false);
      }}
    >
      {current.map((item) => (
        <div key={item.id} className={`toast toast--${item.kind}`} role={item.kind === 'error' ? 'alert' : 'status'}>
          <span className="toast__icon" aria-hidden="true">
            {icons[item.kind]}
          </span>
          <span>{item.text}</span>
          <button
            type="button"
            className="toast__close"
            aria-label="Dismiss"
            onClick={() => {
              // the focused button goes with its toast, and a removed element reports no blur
              setPaused('focus', false);
              remove((other) => other.id === item.id);
            }}
          >
            ×
          </button>
        </div>
      ))}
    </section>
  );
  return modal ? createPortal(toaster, modal) : toaster;
}
