import { afterFirstPaint } from './after-first-paint';

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

// Run as the page's classic script (a test imports the function instead: its currentScript is not a <script>).
if (document.currentScript instanceof HTMLScriptElement) void startAppAfterPaint(document.currentScript);
