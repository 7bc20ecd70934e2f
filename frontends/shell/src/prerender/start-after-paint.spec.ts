import { afterEach, describe, expect, it } from 'vitest';
import { SIGNED_IN_HINT_KEY } from '@paycadence/contracts';
import { markPossibleSession, preloadPageData, startAppAfterPaint } from './start-after-paint';

const appScripts = () => [...document.head.querySelectorAll('script[type="module"], link[rel="modulepreload"]')];

function prerenderedPage(dataset: Record<string, string>) {
  document.body.innerHTML = '<div id="root" data-prerendered><main><h1>About</h1></main></div>';
  const starter = document.createElement('script');
  Object.assign(starter.dataset, dataset);
  return starter;
}

describe("a prerendered page's starter", () => {
  afterEach(() => {
    for (const element of appScripts()) element.remove();
  });

  it("adds the app's entry and modulepreloads only once the copy is painted", async () => {
    const starter = prerenderedPage({ entry: '/assets/entry-1234abcd.js', preload: '/assets/react-1234abcd.js /remoteEntry-1234abcd.js' });
    const started = startAppAfterPaint(starter);
    expect(appScripts()).toHaveLength(0);
    await started;
    const entry = document.head.querySelector<HTMLScriptElement>('script[type="module"]');
    expect(entry?.getAttribute('src')).toBe('/assets/entry-1234abcd.js');
    // Same CORS mode as Vite's own tags, so the preloaded modules are the ones the entry imports.
    expect(entry?.crossOrigin).toBe('');
    expect([...document.head.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute('href'))).toEqual([
      '/assets/react-1234abcd.js',
      '/remoteEntry-1234abcd.js',
    ]);
  });

  it('starts nothing without an entry to start', async () => {
    await startAppAfterPaint(prerenderedPage({ preload: '/assets/react-1234abcd.js' }));
    expect(appScripts()).toHaveLength(0);
  });
});

describe('markPossibleSession', () => {
  afterEach(() => {
    localStorage.clear();
    delete document.documentElement.dataset.sessionHint;
  });

  it('marks the page for a visitor with the signed-in hint', () => {
    localStorage.setItem(SIGNED_IN_HINT_KEY, '1');
    markPossibleSession();
    expect(document.documentElement.hasAttribute('data-session-hint')).toBe(true);
  });

  it('leaves the page as captured for a visitor without it', () => {
    markPossibleSession();
    expect(document.documentElement.hasAttribute('data-session-hint')).toBe(false);
  });
});

describe('preloadPageData', () => {
  const preloads = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')];
  afterEach(() => {
    for (const link of preloads()) link.remove();
    window.history.replaceState(null, '', '/');
  });

  it("asks for the visited post's data as the app will, at once", () => {
    window.history.replaceState(null, '', '/blog/why-we-built-paycadence');
    preloadPageData(prerenderedPage({ fetch: '/api/blog/posts/{slug}' }));
    expect(preloads().map((link) => [link.getAttribute('href'), link.as, link.crossOrigin])).toEqual([
      ['/api/blog/posts/why-we-built-paycadence', 'fetch', ''],
    ]);
  });

  it('encodes the slug once, as the app does, and asks for nothing on a path it cannot read', () => {
    window.history.replaceState(null, '', '/blog/caf%C3%A9%3F');
    preloadPageData(prerenderedPage({ fetch: '/api/blog/posts/{slug}' }));
    expect(preloads().map((link) => link.getAttribute('href'))).toEqual(['/api/blog/posts/caf%C3%A9%3F']);
    preloads()[0]!.remove();
    window.history.replaceState(null, '', '/blog/%E0%A4%A');
    preloadPageData(prerenderedPage({ fetch: '/api/blog/posts/{slug}' }));
    expect(preloads()).toHaveLength(0);
  });

  it('adds nothing to a page whose copy names no data call', () => {
    window.history.replaceState(null, '', '/about');
    preloadPageData(prerenderedPage({ entry: '/assets/entry-1234abcd.js' }));
    expect(preloads()).toHaveLength(0);
  });
});
