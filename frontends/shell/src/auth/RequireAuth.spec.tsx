import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AuthProvider } from '@paycadence/web-kit';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RequireAuth } from './RequireAuth';
import { SignInPage } from './SignInPage';
import { ANN, json, mockFetch, testSession } from './test-helpers';

afterEach(() => vi.unstubAllGlobals());

function Guarded() {
  const { pathname, search } = useLocation();
  return <p data-testid="guarded">{`${pathname}${search}`}</p>;
}

describe('RequireAuth', () => {
  it('sends a signed-out visitor of a deep link to sign in, then back to that page with its query', async () => {
    mockFetch(() => json({ user: ANN, session: testSession('a') }));
    render(
      <AuthProvider initialUser={null} initialSession={null}>
        <MemoryRouter initialEntries={['/connected-accounts?tab=accounts']}>
          <Routes>
            <Route path="/connected-accounts" element={<RequireAuth><Guarded /></RequireAuth>} />
            <Route path="/admin-login" element={<SignInPage />} />
          </Routes>
        </MemoryRouter>
      </AuthProvider>,
    );
    await userEvent.type(await screen.findByLabelText('Email'), 'ann.lee@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'Secret-123!');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByTestId('guarded')).textContent).toBe('/connected-accounts?tab=accounts');
  });
});
