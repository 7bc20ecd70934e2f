import { useQueryClient } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { useAuth } from '../auth/AuthProvider.js';
import { renderWithProviders, TEST_ACCESS_TOKEN, TEST_USER } from './render.js';

function Probe() {
  const { user, session } = useAuth();
  const location = useLocation();
  useQueryClient();
  return (
    <p>
      {user?.email ?? 'signed out'} {session?.access_token ?? 'no token'} {location.pathname}
    </p>
  );
}

describe('renderWithProviders', () => {
  it('gives the remote a signed-in session, a router at the route and a query client', () => {
    const { client } = renderWithProviders(<Probe />, { route: '/connected-accounts' });
    expect(
      screen.getByText(`${TEST_USER.email} ${TEST_ACCESS_TOKEN} /connected-accounts`),
    ).toBeInTheDocument();
    expect(client.getDefaultOptions().queries?.retry).toBe(false);
  });

  it('renders signed out with user null', () => {
    renderWithProviders(<Probe />, { user: null });
    expect(screen.getByText('signed out no token /')).toBeInTheDocument();
  });
});
