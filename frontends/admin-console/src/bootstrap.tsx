import '@paycadence/web-kit/styles.css';
import { startThemeSync } from '@paycadence/web-kit';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { StandaloneApp } from './StandaloneApp';

// Standalone development only (docs/conventions.md §9): the shell loads the exposed pages instead.
startThemeSync();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <StandaloneApp />
  </StrictMode>,
);
