/**
 * The app's toasts: short confirmations after an action, and the undo offer after a delete. A module-level
 * store, not a React context: web-kit is one shared singleton across the shell and the remotes, and a toast
 * must outlive the screen that raised it (an undo offer keeps counting down after the user leaves the dashboard).
 */
export type ToastTone = 'success' | 'error' | 'info';

export interface ToastAction {
  label: string;
  onAction: () => void;
}

export interface ToastOptions {
  message: string;
  tone?: ToastTone;
  /** How long it stays. The countdown pauses while the pointer or the keyboard focus is on the toast. */
  durationMs?: number;
  action?: ToastAction;
  /** Runs once when the toast leaves without its action pressed (it timed out, or was closed). */
  onExpire?: () => void;
  /** Where focus goes if it was in the toast when it leaves (the main content otherwise). */
  returnFocus?: () => HTMLElement | null | undefined;
}

export interface Toast extends Required<Pick<ToastOptions, 'message' | 'tone' | 'durationMs'>> {
  id: number;
  action?: ToastAction;
  returnFocus?: ToastOptions['returnFocus'];
}

/** Long enough to read a sentence twice (WCAG 2.2.1 also lets users pause it by hovering or focusing). */
export const TOAST_DURATION_MS = 6_000;
/** An undo offer stays longer: the user has to notice it, decide, and reach the button. */
export const UNDO_TOAST_DURATION_MS = 10_000;
/** At most this many at once; older ones leave (their pending work is done, not dropped). */
const MAX_TOASTS = 3;

let toasts: readonly Toast[] = [];
let nextId = 1;
const expireHandlers = new Map<number, () => void>();
const listeners = new Set<() => void>();

const publish = (next: readonly Toast[]) => {
  toasts = next;
  listeners.forEach((listener) => listener());
};

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const currentToasts = (): readonly Toast[] => toasts;

function remove(id: number, { runExpire }: { runExpire: boolean }) {
  if (!toasts.some((toast) => toast.id === id)) return;
  const onExpire = expireHandlers.get(id);
  expireHandlers.delete(id);
  publish(toasts.filter((toast) => toast.id !== id));
  if (runExpire) onExpire?.();
}

export function showToast({ message, tone = 'success', durationMs, action, onExpire, returnFocus }: ToastOptions): number {
  const id = nextId++;
  if (onExpire) expireHandlers.set(id, onExpire);
  const toast: Toast = { id, message, tone, durationMs: durationMs ?? (action ? UNDO_TOAST_DURATION_MS : TOAST_DURATION_MS), action, returnFocus };
  // One plain confirmation at a time ('Bill updated.' replaces 'Bill added.'); undo offers stay until decided.
  const kept = toasts.filter((old) => old.action);
  const overflow = kept.length + 1 - MAX_TOASTS;
  const leaving = [...toasts.filter((old) => !old.action), ...kept.slice(0, Math.max(0, overflow))];
  publish([...toasts, toast]);
  for (const old of leaving) remove(old.id, { runExpire: true });
  return id;
}

/** The toast leaves as if its time ran out (a pending delete goes ahead). */
export const dismissToast = (id: number) => remove(id, { runExpire: true });

/** Presses the toast's action (Undo): its onExpire does not run. */
export function runToastAction(id: number): void {
  const toast = toasts.find((candidate) => candidate.id === id);
  if (!toast) return;
  remove(id, { runExpire: false });
  toast.action?.onAction();
}

/** Finishes every toast now, running pending work (a page about to unload, a test's clean-up). */
export function flushToasts(): void {
  for (const toast of toasts) remove(toast.id, { runExpire: true });
}

export interface UndoToastOptions {
  message: string;
  /** The user pressed Undo. */
  onUndo: () => void;
  /** The offer ran out (or the toast was closed): do the deferred work now. */
  onCommit: () => void;
  undoLabel?: string;
  returnFocus?: ToastOptions['returnFocus'];
}

/** 'Bill deleted. [Undo]': the change waits until the offer runs out, so Undo has nothing to repair. */
export function showUndoToast({ message, onUndo, onCommit, undoLabel = 'Undo', returnFocus }: UndoToastOptions): number {
  return showToast({ message, tone: 'info', action: { label: undoLabel, onAction: onUndo }, onExpire: onCommit, returnFocus });
}

if (typeof window !== 'undefined') {
  // Leaving the page ends every undo offer: the deferred work is sent now (callers send it with keepalive).
  window.addEventListener('pagehide', flushToasts);
}

/** Drops every toast without running its pending work (between unit tests). */
export function resetToasts(): void {
  expireHandlers.clear();
  publish([]);
}
