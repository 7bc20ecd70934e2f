import '@paycadence/web-kit/styles.css';
import { startThemeSync } from '@paycadence/web-kit';
import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './App';
import { focusPosition, markReplaced, readyToReplacePrerendered } from './prerender/replace-prerendered';
import { startInstallCapture } from './pwa/install-offer';
import { startServiceWorker } from './pwa/service-worker';

const container = document.getElementById('root')!;
// public/theme-init.js set the theme before the first paint; from here a save or the device's switch applies it.
startThemeSync();
// The browser's install offer can come before the app renders; the worker keeps the app opening offline.
startInstallCapture();
startServiceWorker();

void readyToReplacePrerendered(container, window.location.pathname).then(() => {
  const focused = focusPosition(container);
  const root = createRoot(container);
  // Synchronously, so the prerendered copy (if any) is swapped for the live page in one frame.
  flushSync(() =>
    root.render(
      <StrictMode>
        <BrowserRouter>
          <App />
        </BrowserRouter>
      </StrictMode>,
    ),
  );
  markReplaced(container, focused);
});
