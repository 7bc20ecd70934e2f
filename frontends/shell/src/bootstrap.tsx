import '@paycadence/web-kit/styles.css';
import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './App';
import { focusPosition, markReplaced, readyToReplacePrerendered } from './prerender/replace-prerendered';

const container = document.getElementById('root')!;

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
