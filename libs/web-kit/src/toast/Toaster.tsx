import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { cx } from '../ui/classNames.js';
import { currentToasts, dismissToast, runToastAction, subscribeToasts, type Toast } from './toast-store.js';

const focusIsLost = () => !document.activeElement || document.activeElement === document.body;

/** Where focus goes when the toast holding it leaves. */
function giveFocusBack(toast: Toast) {
  requestAnimationFrame(() => {
    const target = toast.returnFocus?.() ?? document.getElementById('main-content');
    if (target && focusIsLost()) target.focus({ preventScroll: true });
  });
}

function ToastItem({ toast }: { toast: Toast }) {
  const itemRef = useRef<HTMLDivElement>(null);
  const actionRef = useRef<HTMLButtonElement>(null);
  const [paused, setPaused] = useState({ hover: false, focus: false });
  const remaining = useRef(toast.durationMs);

  // Countdown that stops while the user points at or tabs into the toast (WCAG 2.2.1 timing adjustable).
  useEffect(() => {
    if (paused.hover || paused.focus) return;
    const started = Date.now();
    const timer = setTimeout(() => leave(() => dismissToast(toast.id)), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current = Math.max(1_000, remaining.current - (Date.now() - started));
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [paused.hover, paused.focus, toast.id]);

  // A delete removes the button that had focus; the Undo button is then the natural next stop for the keyboard.
  useEffect(() => {
    if (toast.action && focusIsLost()) actionRef.current?.focus({ preventScroll: true });
  }, [toast.action]);

  const leave = (then: () => void) => {
    const hadFocus = itemRef.current?.contains(document.activeElement) ?? false;
    then();
    if (hadFocus) giveFocusBack(toast);
  };

  return (
    <div
      ref={itemRef}
      className={cx('pc-toast', `pc-toast--${toast.tone}`)}
      onMouseEnter={() => setPaused((p) => ({ ...p, hover: true }))}
      onMouseLeave={() => setPaused((p) => ({ ...p, hover: false }))}
      onFocus={() => setPaused((p) => ({ ...p, focus: true }))}
      onBlur={(event) => !event.currentTarget.contains(event.relatedTarget as Node | null) && setPaused((p) => ({ ...p, focus: false }))}
    >
      <p className="pc-toast__message">{toast.message}</p>
      {toast.action && (
        <button ref={actionRef} type="button" className="pc-toast__action" onClick={() => leave(() => runToastAction(toast.id))}>
          {toast.action.label}
        </button>
      )}
      <button type="button" className="pc-toast__close" aria-label="Dismiss notification" onClick={() => leave(() => dismissToast(toast.id))}>
        ×
      </button>
    </div>
  );
}

/**
 * Renders the toasts, once per app (the shell's layout, a remote's standalone app). The live region is always
 * in the page, so screen readers announce a toast the moment its text is added.
 */
export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToasts, currentToasts, currentToasts);
  return (
    <section className="pc-toaster" aria-label="Notifications">
      <div className="pc-toaster__list" role="status" aria-live="polite" aria-relevant="additions text">
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} />
        ))}
      </div>
    </section>
  );
}
