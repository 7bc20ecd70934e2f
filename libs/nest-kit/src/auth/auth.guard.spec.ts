import { ForbiddenException, UnauthorizedException, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { describe, expect, it } from 'vitest';
import { AuthGuard, ROLES_KEY, bearerToken } from './auth.guard.js';
import type { JwtVerifier } from './jwt-verifier.js';
import type { AuthenticatedUser } from './token-claims.js';

const handler = () => undefined;
class Controller {}

function contextFor(headers: Record<string, string>, request: Record<string, unknown> = {}) {
  Object.assign(request, { headers });
  return {
    request,
    context: {
      switchToHttp: () => ({ getRequest: () => request }),
      getHandler: () => handler,
      getClass: () => Controller,
    } as unknown as ExecutionContext,
  };
}

const verifierReturning = (user: AuthenticatedUser | Error) =>
  ({ verifyAccessToken: async () => (user instanceof Error ? Promise.reject(user) : user) }) as unknown as JwtVerifier;
const reflectorWith = (roles?: string[]) =>
  ({ getAllAndOverride: (key: string) => (key === ROLES_KEY ? roles : undefined) }) as unknown as Reflector;

describe('AuthGuard', () => {
  const user: AuthenticatedUser = { id: 'u1', role: 'user', aal: 'aal1' };

  it('reads only a Bearer authorization header', () => {
    expect(bearerToken({ headers: { authorization: 'Bearer abc' } })).toBe('abc');
    expect(bearerToken({ headers: { authorization: 'bearer abc' } })).toBe('abc');
    expect(bearerToken({ headers: { authorization: 'Basic abc' } })).toBeUndefined();
    expect(bearerToken({ headers: {} })).toBeUndefined();
  });

  it('puts the verified user on the request', async () => {
    const { context, request } = contextFor({ authorization: 'Bearer t' });
    await expect(new AuthGuard(verifierReturning(user), reflectorWith()).canActivate(context)).resolves.toBe(true);
    expect(request.user).toEqual(user);
  });

  it('answers 401 without a token or with a bad one', async () => {
    await expect(new AuthGuard(verifierReturning(user), reflectorWith()).canActivate(contextFor({}).context)).rejects.toBeInstanceOf(
      UnauthorizedException,
    );
    const bad = new AuthGuard(verifierReturning(new Error('expired')), reflectorWith());
    await expect(bad.canActivate(contextFor({ authorization: 'Bearer t' }).context)).rejects.toThrow('Your session has expired');
  });

  it('answers 403 when @Roles asks for a role the user lacks', async () => {
    const guard = new AuthGuard(verifierReturning(user), reflectorWith(['admin']));
    await expect(guard.canActivate(contextFor({ authorization: 'Bearer t' }).context)).rejects.toBeInstanceOf(ForbiddenException);
    const admin = new AuthGuard(verifierReturning({ ...user, role: 'admin' }), reflectorWith(['admin']));
    await expect(admin.canActivate(contextFor({ authorization: 'Bearer t' }).context)).resolves.toBe(true);
  });
});
