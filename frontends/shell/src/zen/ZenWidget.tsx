import { Component, Suspense, lazy, useCallback, useEffect, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { ZEN_OPEN_LABEL } from './zen-copy';
import './zen.css';

export const ZEN_PANEL_ID = 'pc-zen-panel';
export const ZEN_LOAD_FAILED = 'Zen could not load. Check your connection and try again.';

// The panel is its own chunk: the shell bundle is shared by every page, most visitors never open the chat.
const importPanel = () => import('./ZenPanel');
const lazyPanel = () => lazy(() => importPanel().then((module) => ({ default: module.ZenPanel })));
const preloadPanel = () => void importPanel().catch(() => undefined);

/** What the floating button must never cover: a form's buttons, and whatever a page marks (the calendar's grid). */
export const ZEN_CLEAR_SELECTOR = '[data-zen-clear], form button';

const overlaps = (a: DOMRect, b: DOMRect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/**
 * Whether the button sits over something it must leave clear. Checked when the page scrolls, resizes or changes,
 * at most once a frame; the button steps aside (hidden) only while it would cover and nobody is using it.
 */
function useCoversContent(button: RefObject<HTMLButtonElement | null>, inUse: boolean): boolean {
  const [covers, setCovers] = useState(false);
  useEffect(() => {
    let frame = 0;
    const check = () => {
      frame = 0;
      const own = button.current;
      if (!own) return;
      const rect = own.getBoundingClientRect();
      const hit = [...document.querySelectorAll<HTMLElement>(ZEN_CLEAR_SELECTOR)].some((el) => !own.contains(el) && overlaps(rect, el.getBoundingClientRect()));
      setCovers(hit);
    };
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(check);
    };
    schedule();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    const observer = new MutationObserver(schedule);
    observer.observe(document.body, { childList: true, subtree: true });
    return () => {
      if (frame !== 0) cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      observer.disconnect();
    };
  }, [button]);
  return covers && !inUse;
}

/**
 * docs/product/signed-in.md §2: the floating 'Ask Zen' button on every route (mounted once by the Layout) and its panel.
 * Escape anywhere in the widget closes the panel and gives focus back to the button.
 */
export function ZenWidget() {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const [Panel, setPanel] = useState(() => lazyPanel());
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [focused, setFocused] = useState(false);
  // On a phone the button would sit over the calendar or a form's Save: it steps aside until the page scrolls on.
  const stepAside = useCoversContent(buttonRef, open || focused);

  const toggle = () => {
    setMounted(true);
    setOpen((wasOpen) => !wasOpen);
  };
  const close = useCallback(() => {
    setOpen(false);
    buttonRef.current?.focus();
  }, []);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      close();
    }
  };

  return (
    // Not an interactive element: the listener only catches Escape bubbling up from the button and the panel.
    <div className={stepAside ? 'pc-zen pc-zen--aside' : 'pc-zen'} onKeyDown={onKeyDown}>
      <div id={ZEN_PANEL_ID} className="pc-zen__slot" hidden={!open}>
        {mounted && (
          <PanelErrorBoundary onRetry={() => setPanel(() => lazyPanel())}>
            <Suspense fallback={<p className="pc-zen__loading">Loading Zen...</p>}>
              <Panel open={open} onClose={close} />
            </Suspense>
          </PanelErrorBoundary>
        )}
      </div>
      <button
        ref={buttonRef}
        type="button"
        className="pc-zen__toggle"
        aria-expanded={open}
        aria-controls={ZEN_PANEL_ID}
        onClick={toggle}
        onPointerEnter={preloadPanel}
        onFocus={() => {
          setFocused(true);
          preloadPanel();
        }}
        onBlur={() => setFocused(false)}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path
            d="M4 5.5A2.5 2.5 0 0 1 6.5 3h11A2.5 2.5 0 0 1 20 5.5v8a2.5 2.5 0 0 1-2.5 2.5H10l-4.5 4v-4A2.5 2.5 0 0 1 3 13.5v-8Z"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinejoin="round"
          />
        </svg>
        {ZEN_OPEN_LABEL}
      </button>
    </div>
  );
}

/** A panel chunk that fails to load (offline, a redeploy) shows a message instead of taking the page down. */
class PanelErrorBoundary extends Component<{ children: ReactNode; onRetry: () => void }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="pc-zen__panel pc-zen__panel--error" role="alert">
        <p>{ZEN_LOAD_FAILED}</p>
        <button
          type="button"
          className="pc-btn pc-btn--secondary"
          onClick={() => {
            this.setState({ failed: false });
            this.props.onRetry();
          }}
        >
          Try again
        </button>
      </div>
    );
  }
}
