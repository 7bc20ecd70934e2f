import '@paycadence/web-kit/styles.css';
import type { AuthSession, AuthUser } from '@paycadence/contracts';
import { AuthProvider, startThemeSync, Toaster } from '@paycadence/web-kit';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { DashboardPage } from './DashboardPage.js';

/**
 * Standalone run of the remote (docs/conventions.md §9). Inside the shell the session comes from the shell's
 * AuthProvider; here a developer may put `{user, session}` under this sessionStorage key to see the page.
 */
const STANDALONE_SESSION_KEY = 'paycadence.standalone-session';

function storedSession(): { user: AuthUser | null; session: AuthSession | null } {
  try {
    const parsed = JSON.parse(window.sessionStorage.getItem(STANDALONE_SESSION_KEY) ?? 'null') as { user?: AuthUser; session?: AuthSession } | null;
    return { user: parsed?.user ?? null, session: parsed?.session ?? null };
  } catch {
    return { user: null, session: null };
  }
}

const { user, session } = storedSession();
startThemeSync();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AuthProvider initialUser={user} initialSession={session}>
      <BrowserRouter>
        <Routes>
          <Route path="*" element={<DashboardPage />} />
        </Routes>
      </BrowserRouter>
      <Toaster />
    </AuthProvider>
  </StrictMode>,
);
