import { afterEach, describe, expect, it, vi } from 'vitest';
import { focusPosition, markReplaced, readyToReplacePrerendered } from './replace-prerendered';

const prerenderedRoot = () => {
  const root = document.createElement('div');
  root.setAttribute('data-prerendered', '');
  return root;
};

describe('replacing a prerendered public page', () => {
  afterEach(() => vi.useRealTimers());

  it("waits for the page's remote module, so the first render is the page, not a loading view", async () => {
    let finishLoading!: () => void;
    const load = vi.fn(() => new Promise<never>((resolve) => (finishLoading = () => resolve(undefined as never))));
    let ready = false;
    const waiting = readyToReplacePrerendered(prerenderedRoot(), '/about', load).then(() => (ready = true));
    await Promise.resolve();
    expect(load).toHaveBeenCalledWith({ name: 'public-site', module: './AboutPage' });
    expect(ready).toBe(false);
    finishLoading();
    await waiting;
    expect(ready).toBe(true);
  });

  it("waits for a blog post's module on any post's path (they share one copy)", async () => {
    const load = vi.fn(() => Promise.resolve(undefined as never));
    await readyToReplacePrerendered(prerenderedRoot(), '/blog/why-we-built-paycadence', load);
    expect(load).toHaveBeenCalledWith({ name: 'public-site', module: './BlogPostPage' });
  });

  it('does not wait for a page that was not prerendered, or a page of the shell itself', async () => {
    const load = vi.fn();
    await readyToReplacePrerendered(document.createElement('div'), '/about', load);
    await readyToReplacePrerendered(prerenderedRoot(), '/login', load);
    expect(load).not.toHaveBeenCalled();
  });

  it('stops waiting after the cap, and when the remote fails (its route shows the error view)', async () => {
    vi.useFakeTimers();
    const never = readyToReplacePrerendered(prerenderedRoot(), '/', () => new Promise(() => undefined), 5000);
    await vi.advanceTimersByTimeAsync(5000);
    await expect(never).resolves.toBeUndefined();
    await expect(readyToReplacePrerendered(prerenderedRoot(), '/', () => Promise.reject(new Error('down')))).resolves.toBeUndefined();
  });

  it("hands the copy's held-back controls to the app once it has rendered", () => {
    const root = prerenderedRoot();
    markReplaced(root);
    expect(root.hasAttribute('data-prerendered')).toBe(false);
  });

  it('a keyboard user who tabbed into the copy keeps their place in the live page', () => {
    const root = prerenderedRoot();
    root.innerHTML = '<a href="/">Home</a><a href="/about">About</a><button disabled>Join</button>';
    document.body.append(root);
    root.querySelectorAll('a')[1]!.focus();
    const position = focusPosition(root);
    expect(position).toBe(1);
    // React's first commit: the same elements, new nodes.
    root.innerHTML = '<a href="/">Home</a><a href="/about">About</a><button>Join</button>';
    markReplaced(root, position);
    expect(document.activeElement).toBe(root.querySelectorAll('a')[1]);
    root.remove();
  });

  it('moves no focus when none was in the copy', () => {
    const root = prerenderedRoot();
    root.innerHTML = '<a href="/">Home</a>';
    document.body.append(root);
    expect(focusPosition(root)).toBe(-1);
    markReplaced(root, -1);
    expect(document.activeElement).toBe(document.body);
    root.remove();
  });
});
