import { useSyncExternalStore } from 'react';

/**
 * Installing the app (docs/installable-app.md). Chromium browsers offer it through `beforeinstallprompt`, which can
 * fire before React has mounted, so the offer is caught from the start (`startInstallCapture`, called by the
 * bootstrap) and kept here. Safari on iPhone and iPad has no such event: there the offer is the Add to Home Screen
 * steps. Nothing is offered inside the installed app itself.
 */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export type InstallOffer = { kind: 'prompt'; install: () => Promise<void> } | { kind: 'ios-steps' } | null;

let deferred: InstallPromptEvent | null = null;
let installed = false;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

/**
 * A browser on an iPhone or iPad (iPadOS says Macintosh, but has a touch screen). Every iOS browser is Safari
 * underneath and adds to the home screen from its Share menu.
 */
export function isIosBrowser(nav: Navigator = navigator): boolean {
  return /iPhone|iPad|iPod/.test(nav.userAgent) || (/Macintosh/.test(nav.userAgent) && nav.maxTouchPoints > 1);
}

function runningInstalled(win: Window): boolean {
  const standalone = typeof win.matchMedia === 'function' && win.matchMedia('(display-mode: standalone)').matches;
  return standalone || (win.navigator as Navigator & { standalone?: boolean }).standalone === true;
}

let started = false;

/** Catches the browser's install offer for later (the Account menu's "Install app"). Once per page. */
export function startInstallCapture(win: Window = window): void {
  if (started) return;
  started = true;
  win.addEventListener('beforeinstallprompt', (event) => {
    // Kept for the menu instead of the browser's own mini-infobar.
    event.preventDefault();
    deferred = event as InstallPromptEvent;
    notify();
  });
  win.addEventListener('appinstalled', () => {
    deferred = null;
    installed = true;
    notify();
  });
}

async function install(): Promise<void> {
  const offer = deferred;
  if (!offer) return;
  await offer.prompt();
  const { outcome } = await offer.userChoice;
  // The event can be used once; a dismissed offer comes back when the browser fires it again.
  deferred = null;
  if (outcome === 'accepted') installed = true;
  notify();
}

function currentOffer(win: Window): InstallOffer {
  if (installed || runningInstalled(win)) return null;
  if (deferred) return { kind: 'prompt', install };
  if (isIosBrowser(win.navigator)) return { kind: 'ios-steps' };
  return null;
}

// useSyncExternalStore needs a stable snapshot: the same object until something changes.
let snapshot: InstallOffer = null;
let snapshotKey = '';
function offerSnapshot(): InstallOffer {
  const offer = currentOffer(window);
  const key = offer?.kind ?? 'none';
  if (key !== snapshotKey) {
    snapshotKey = key;
    snapshot = offer;
  }
  return snapshot;
}

/** What this browser offers for installing the app right now: the browser's prompt, the iPhone steps, or nothing. */
export function useInstallOffer(): InstallOffer {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    offerSnapshot,
    () => null,
  );
}
