import { render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AuthProvider, useAuth, type AuthUser } from './AuthProvider.js';

const ann: AuthUser = {
  id: 'u1',
  email: 'ann@example.com',
  role: 'user',
  status: 'active',
  firstName: 'Ann',
  lastName: 'Lee',
  created_at: '2026-01-02T00:00:00Z',
  mfa_enabled: false,
};

describe('useAuth', () => {
  it('throws the spec message outside the provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useAuth())).toThrow('useAuth must be used within an AuthProvider');
  });

  it('starts signed out, not loading, without signIn (placeholder until the identity work)', () => {
    const { result } = renderHook(() => useAuth(), { wrapper: AuthProvider });
    expect(result.current.user).toBeNull();
    expect(result.current.session).toBeNull();
    expect(result.current.loading).toBe(false);
    expect(result.current.signIn).toBeUndefined();
    expect(result.current.getAccessToken()).toBeNull();
  });

  it('signOut clears a session', async () => {
    function Who() {
      const { user, signOut, getAccessToken } = useAuth();
      return (
        <div>
          <p>{user ? `Signed in as ${user.email} (${getAccessToken()})` : 'Signed out'}</p>
          <button onClick={() => void signOut()}>Sign out</button>
        </div>
      );
    }
    render(
      <AuthProvider
        initialUser={ann}
        initialSession={{ access_token: 'at', refresh_token: 'rt', expires_in: 900, token_type: 'bearer' }}
      >
        <Who />
      </AuthProvider>,
    );
    expect(screen.getByText('Signed in as ann@example.com (at)')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(screen.getByText('Signed out')).toBeTruthy();
  });
});
