import { SIGNED_IN_HINT_KEY } from '@paycadence/contracts';
import { afterFirstPaint } from './after-first-paint';

/**
 * The copy is captured signed out, so its header offers Sign In and Join Waitlist. For a visitor who may be
 * signed in (the session hint web-kit keeps), `<html data-session-hint>` lets the stylesheet hide them until the
 * app takes over, as the app's own header does while it loads the session: no 'Sign In' shown to a signed-in
 * visitor for the second or two before the hand-over.
 */
export function markPossibleSession(doc: Document = document): void {
  try {
    if (doc.defaultView?.localStorage.getItem(SIGNED_IN_HINT_KEY) === '1') doc.documentElement.dataset.sessionHint = '';
  } catch {
    // Storage refused (privacy settings): the copy stays as captured.
  }
}

/**
 * A prerendered page's only script in its <head> (scripts/prerender.mjs builds this file on its own, as a
 * classic deferred script): once the copy is painted, it adds the app's module entry and its modulepreloads,
 * which index.html would have requested at once. The attributes name them:
 *   <script defer src="/assets/start-after-paint-….js" data-entry="/assets/…js" data-preload="/a.js /b.js">
 */
export function startAppAfterPaint(starter: HTMLScriptElement, doc: Document = document): Promise<void> {
  const entry = starter.dataset.entry;
  if (!entry) return Promise.resolve();
  const preloads = (starter.dataset.preload ?? '').split(' ').filter(Boolean);
  return afterFirstPaint(doc.getElementById('root'), doc.defaultView ?? window).then(() => {
    for (const href of preloads) {
      const link = doc.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      doc.head.append(link);
    }
    const module = doc.createElement('script');
    module.type = 'module';
    module.crossOrigin = '';
    module.src = entry;
    doc.head.append(module);
  });
}

/**
 * The data calls a copy shared by many pages names with `{slug}` (a blog post's: `data-fetch="/api/blog/posts/{slug}"`),
 * asked for at once with the page's own slug, its path's last segment, encoded as the app will encode it: the
 * post arrives while the app's modules load instead of after them, and the app's own call takes the answer.
 */
export function preloadPageData(starter: HTMLScriptElement, doc: Document = document): void {
  const templates = (starter.dataset.fetch ?? '').split(' ').filter(Boolean);
  const segment = (doc.defaultView?.location.pathname ?? '').split('/').pop() ?? '';
  let slug: string;
  try {
    slug = encodeURIComponent(decodeURIComponent(segment));
  } catch {
    return; // a malformed path: the app shows its not-found view, nothing to fetch ahead
  }
  if (slug === '') return;
  for (const template of templates) {
    const link = doc.createElement('link');
    link.rel = 'preload';
    link.as = 'fetch';
    link.crossOrigin = '';
    link.href = template.replaceAll('{slug}', slug);
    doc.head.append(link);
  }
}

// Run as the page's classic script (a test imports the function instead: its currentScript is not a <script>).
if (document.currentScript instanceof HTMLScriptElement) {
  markPossibleSession();
  preloadPageData(document.currentScript);
  void startAppAfterPaint(document.currentScript);
}
