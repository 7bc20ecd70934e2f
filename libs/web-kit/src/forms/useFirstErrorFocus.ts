import { useCallback, useEffect, useRef, useState } from 'react';

/** What counts as an error on screen: an invalid control, or a red message (the form's Alert, a field's error line). */
const ERROR_SELECTOR = '[aria-invalid="true"], .pc-alert--error, [data-form-error]';
const CONTROL_SELECTOR = 'input, select, textarea';

/** The first error inside `scope` in reading order, or null. */
export function findFirstError(scope: ParentNode): HTMLElement | null {
  return scope.querySelector<HTMLElement>(ERROR_SELECTOR);
}

/**
 * Brings an error to the user: scrolls it to the middle of the screen and moves focus there. A field gets the
 * focus itself (a screen reader reads its label and, through aria-describedby, its error); a message becomes
 * focusable for the moment (tabindex -1) and is read because it is a role="alert".
 */
export function revealError(target: HTMLElement): void {
  const reduceMotion = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  target.scrollIntoView?.({ block: 'center', behavior: reduceMotion ? 'auto' : 'smooth' });
  if (!target.matches(CONTROL_SELECTOR) && !target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
}

/**
 * Every form's answer to a refused submit (a client check or the server): after the errors render, focus and
 * scroll to the first one, so nobody is left looking at the button while the message sits above the fold.
 *
 *   const errorFocus = useFirstErrorFocus<HTMLFormElement>();
 *   <form ref={errorFocus.ref}> {error && <Alert tone="error">…</Alert>} … </form>
 *   // where the submit fails:
 *   errorFocus.reveal();
 *
 * `ref` marks the area searched: put it on an element holding both the fields and the form's message.
 */
export function useFirstErrorFocus<T extends HTMLElement = HTMLElement>() {
  const ref = useRef<T>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (attempt === 0 || !ref.current) return;
    const target = findFirstError(ref.current);
    if (target) revealError(target);
  }, [attempt]);
  // A counter, not a flag: the same error shown twice in a row is revealed twice.
  const reveal = useCallback(() => setAttempt((count) => count + 1), []);
  return { ref, reveal };
}
