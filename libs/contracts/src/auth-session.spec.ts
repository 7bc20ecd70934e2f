import { describe, expect, it } from 'vitest';
import {
  AuthSessionSchema,
  CSRF_HEADER,
  LogoutRequestSchema,
  MfaCodeRequestSchema,
  REFRESH_COOKIE,
  RefreshRequestSchema,
  SessionResponseSchema,
} from './auth.js';

// The cookie session (docs/security.md): what the wire may and may not carry.
describe('cookie session contracts', () => {
  it('names the cookie and the CSRF header once', () => {
    expect(REFRESH_COOKIE).toEqual({ name: 'paycadence_refresh', path: '/api/auth/refresh' });
    expect(CSRF_HEADER).toEqual({ name: 'X-Requested-With', value: 'XMLHttpRequest' });
  });

  it('a session body has no refresh token (a script could read it)', () => {
    const session = { access_token: 'a.b.c', expires_in: 900, expires_at: 1, token_type: 'bearer' as const };
    expect(AuthSessionSchema.parse({ ...session, refresh_token: 'leak' })).not.toHaveProperty('refresh_token');
    expect(Object.keys(AuthSessionSchema.shape)).not.toContain('refresh_token');
    expect(SessionResponseSchema.safeParse({ user: undefined, session }).success).toBe(false);
  });

  it('refresh and logout take no token in the body', () => {
    expect(RefreshRequestSchema.safeParse({}).success).toBe(true);
    expect(RefreshRequestSchema.safeParse({ refresh_token: 'x' }).success).toBe(false);
    expect(LogoutRequestSchema.safeParse({}).success).toBe(true);
    expect(LogoutRequestSchema.safeParse({ refresh_token: 'x' }).success).toBe(false);
  });

  it('enabling or disabling 2FA needs the current password again', () => {
    expect(MfaCodeRequestSchema.safeParse({ userId: 'u', token: '123456' }).success).toBe(false);
    expect(MfaCodeRequestSchema.safeParse({ userId: 'u', token: '123456', password: '' }).success).toBe(false);
    expect(MfaCodeRequestSchema.safeParse({ userId: 'u', token: '123456', password: 'x'.repeat(1025) }).success).toBe(false);
    expect(MfaCodeRequestSchema.parse({ userId: 'u', token: '123456', password: 'Secret1!' })).toEqual({
      userId: 'u',
      token: '123456',
      password: 'Secret1!',
    });
  });
});
