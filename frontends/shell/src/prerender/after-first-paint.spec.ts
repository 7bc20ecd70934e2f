import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstPaint, type PaintingWindow } from './after-first-paint';

const prerenderedRoot = () => {
  const root = document.createElement('div');
  root.setAttribute('data-prerendered', '');
  return root;
};

type PaintCallback = (list: { getEntriesByName(name: string): unknown[] }) => void;

/** A window whose paint timing the test drives: `paint(name)` delivers a paint entry to the observers. */
function fakeWindow({ visibility = 'visible', paintTimed = true } = {}) {
  const observers: PaintCallback[] = [];
  const frames: FrameRequestCallback[] = [];
  class FakeObserver {
    static supportedEntryTypes = paintTimed ? ['paint', 'largest-contentful-paint'] : ['mark'];
    constructor(private readonly callback: PaintCallback) {}
    observe() {
      observers.push(this.callback);
    }
    disconnect() {
      observers.splice(observers.indexOf(this.callback), 1);
    }
  }
  const win = {
    PerformanceObserver: FakeObserver,
    document: { visibilityState: visibility },
    requestAnimationFrame: (callback: FrameRequestCallback) => frames.push(callback),
  } as unknown as PaintingWindow;
  return {
    win,
    paint: (name: string) => [...observers].forEach((callback) => callback({ getEntriesByName: (wanted) => (wanted === name ? [{ name }] : []) })),
    nextFrame: () => frames.splice(0).forEach((callback) => callback(0)),
    observing: () => observers.length,
  };
}

const settled = async (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(0);
  return done;
};

describe('starting the app after a prerendered page is painted', () => {
  afterEach(() => vi.useRealTimers());

  it('starts a page that was not prerendered at once', async () => {
    await expect(afterFirstPaint(document.createElement('div'), fakeWindow().win)).resolves.toBeUndefined();
    await expect(afterFirstPaint(null, fakeWindow().win)).resolves.toBeUndefined();
  });

  it('waits for the first contentful paint, not the first paint or a frame, then stops observing', async () => {
    vi.useFakeTimers();
    const page = fakeWindow();
    const started = afterFirstPaint(prerenderedRoot(), page.win);
    page.paint('first-paint');
    page.nextFrame();
    expect(await settled(started)).toBe(false);
    page.paint('first-contentful-paint');
    expect(await settled(started)).toBe(true);
    expect(page.observing()).toBe(0);
  });

  it('starts at once in a background tab, which paints nothing and runs no frames until it is shown', async () => {
    vi.useFakeTimers();
    const page = fakeWindow({ visibility: 'hidden' });
    expect(await settled(afterFirstPaint(prerenderedRoot(), page.win))).toBe(true);
    expect(page.observing()).toBe(0);
  });

  it('starts after one frame in a browser without paint timing', async () => {
    vi.useFakeTimers();
    const page = fakeWindow({ paintTimed: false });
    const started = afterFirstPaint(prerenderedRoot(), page.win);
    expect(await settled(started)).toBe(false);
    page.nextFrame();
    expect(await settled(started)).toBe(true);
    expect(page.observing()).toBe(0);
  });

  it('never waits longer than the cap', async () => {
    vi.useFakeTimers();
    const page = fakeWindow();
    const started = afterFirstPaint(prerenderedRoot(), page.win, 3000);
    await vi.advanceTimersByTimeAsync(2999);
    expect(await settled(started)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(started)).toBe(true);
    expect(page.observing()).toBe(0);
  });
});
