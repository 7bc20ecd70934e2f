import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

const HASH_WAIT_MS = 4000;

/**
 * Scrolls to the top on a new page, or to `#anchor` when the URL has one. Remote pages render after
 * they load, so the anchor is looked for until it appears (e.g. Join Waitlist -> /#waitlist).
 */
export function ScrollManager() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (!hash) {
      window.scrollTo(0, 0);
      return;
    }
    const id = decodeURIComponent(hash.slice(1));
    const started = Date.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tryScroll = () => {
      const target = document.getElementById(id);
      if (target) {
        target.scrollIntoView({ block: 'start' });
        target.querySelector<HTMLInputElement>('input')?.focus({ preventScroll: true });
      } else if (Date.now() - started < HASH_WAIT_MS) {
        timer = setTimeout(tryScroll, 100);
      }
    };
    tryScroll();
    return () => clearTimeout(timer);
  }, [pathname, hash]);
  return null;
}
