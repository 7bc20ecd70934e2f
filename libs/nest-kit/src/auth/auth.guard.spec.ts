import { ForbiddenException, HttpException, UnauthorizedException, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import { AUTH_MESSAGES } from '@paycadence/contracts';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey, type JWK } from 'jose';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { AccessTokenStrategy, uniqueAccessTokenStrategyName } from './access-token.strategy.js';
import type { AccountStatusCheck } from './account-status-check.js';
import { AuthKitModule } from './auth-kit.module.js';
import { AuthGuard, ROLES_KEY, bearerToken } from './auth.guard.js';
import { JwtVerifier } from './jwt-verifier.js';
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from './token-claims.js';

// The guard end to end below Nest's router: @nestjs/passport → passport-jwt → jwks-rsa key → claim rules.
const handler = () => undefined;
class Controller {}

let privateKey: CryptoKey;
let publicJwk: JWK;
let stranger: CryptoKey;
let verifier: JwtVerifier;
const strategyName = uniqueAccessTokenStrategyName();

beforeAll(async () => {
  const pair = await generateKeyPair('ES256', { extractable: true });
  privateKey = pair.privateKey;
  publicJwk = { ...(await exportJWK(pair.publicKey)), kid: 'es-1', alg: 'ES256', use: 'sig' };
  stranger = (await generateKeyPair('ES256')).privateKey;
  verifier = new JwtVerifier({ jwks: { keys: [publicJwk] } });
  new AccessTokenStrategy(verifier, strategyName); // registers itself with passport under strategyName
});

function sign(options: { claims?: Record<string, unknown>; key?: CryptoKey; kid?: string; expiresIn?: number } = {}) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ token_use: 'access', role: 'user', aal: 'aal1', email: 'ann@example.com', sid: 'fam-1', ...options.claims })
    .setProtectedHeader({ alg: 'ES256', kid: options.kid ?? 'es-1' })
    .setSubject('user-1')
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .setIssuedAt(now - 10)
    .setExpirationTime(now + (options.expiresIn ?? 900))
    .sign(options.key ?? privateKey);
}

function contextFor(headers: Record<string, string>) {
  const request: Record<string, unknown> = { headers };
  const context = {
    switchToHttp: () => ({ getRequest: () => request, getResponse: () => ({}) }),
    getHandler: () => handler,
    getClass: () => Controller,
  } as unknown as ExecutionContext;
  return { request, context };
}

const reflectorWith = (roles?: string[]) =>
  ({ getAllAndOverride: (key: string) => (key === ROLES_KEY ? roles : undefined) }) as unknown as Reflector;

/**
 * A status check that finds nobody suspended but `suspended` and no session ended but `revoked` (no Redis
 * involved: that is the check's own spec).
 */
const statusCheck = (suspended: string[] = [], revoked: string[] = []) =>
  ({
    isSuspended: async (id: string) => suspended.includes(id),
    isSessionRevoked: async (sid: string) => revoked.includes(sid),
  }) as AccountStatusCheck;
const guardWith = (roles?: string[], suspended?: string[], revoked?: string[]) =>
  new AuthGuard(reflectorWith(roles), strategyName, statusCheck(suspended, revoked));

async function refusal(guard: AuthGuard, headers: Record<string, string>) {
  const error = await guard.canActivate(contextFor(headers).context).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(HttpException);
  return { status: (error as HttpException).getStatus(), message: (error as HttpException).message };
}

const EXPIRED = { status: 401, message: 'Your session has expired. Please sign in again.' };

describe('AuthGuard', () => {
  it('reads only a Bearer authorization header', () => {
    expect(bearerToken({ headers: { authorization: 'Bearer abc' } })).toBe('abc');
    expect(bearerToken({ headers: { authorization: 'bearer abc' } })).toBe('abc');
    expect(bearerToken({ headers: { authorization: 'Basic abc' } })).toBeUndefined();
    expect(bearerToken({ headers: {} })).toBeUndefined();
  });

  it('puts the verified user on the request', async () => {
    const { context, request } = contextFor({ authorization: `Bearer ${await sign({ claims: { aal: 'aal2' } })}` });
    await expect(guardWith().canActivate(context)).resolves.toBe(true);
    expect(request.user).toEqual({ id: 'user-1', role: 'user', aal: 'aal2', email: 'ann@example.com', sessionId: 'fam-1' });
  });

  it('answers 401 "Authentication required" without a bearer token', async () => {
    const guard = guardWith();
    for (const headers of [{}, { authorization: 'Basic abc' }, { authorization: 'Bearer' }]) {
      expect(await refusal(guard, headers)).toEqual({ status: 401, message: 'Authentication required' });
    }
  });

  it.each<[string, () => Promise<string>]>([
    ['expired', () => sign({ expiresIn: -5 })],
    ['signed by another key', () => sign({ key: stranger })],
    ['naming an unknown key id', () => sign({ kid: 'nobody' })],
    ['of another kind (mfa)', () => sign({ claims: { token_use: 'mfa' } })],
    ['not a token at all', async () => 'not-a-jwt'],
  ])('answers 401 "session expired" for a token %s', async (_label, make) => {
    expect(await refusal(guardWith(), { authorization: `Bearer ${await make()}` })).toEqual(EXPIRED);
  });

  it('answers 403 when @Roles asks for a role the user lacks', async () => {
    const headers = { authorization: `Bearer ${await sign()}` };
    await expect(guardWith(['admin']).canActivate(contextFor(headers).context)).rejects.toBeInstanceOf(ForbiddenException);
    expect(await refusal(guardWith(['admin']), headers)).toEqual({ status: 403, message: "You don't have permission to access this page." });
    const admin = { authorization: `Bearer ${await sign({ claims: { role: 'admin' } })}` };
    await expect(guardWith(['admin']).canActivate(contextFor(admin).context)).resolves.toBe(true);
  });

  it('checks a token once: later requests with it skip the signature check until it expires', async () => {
    const keyLookups = vi.spyOn(verifier.keys, 'keyFor');
    const headers = { authorization: `Bearer ${await sign({ claims: { sid: 'cached' } })}` };
    const guard = guardWith();
    for (let i = 0; i < 3; i += 1) {
      const { context, request } = contextFor(headers);
      await guard.canActivate(context);
      expect(request.user).toMatchObject({ id: 'user-1', sessionId: 'cached' });
    }
    expect(keyLookups).toHaveBeenCalledTimes(1);
    keyLookups.mockRestore();
  });

  it('never lets a remembered token of another kind through', async () => {
    const mfa = await sign({ claims: { token_use: 'mfa' } });
    await expect(verifier.verifyClaims(mfa, 'mfa')).resolves.toMatchObject({ token_use: 'mfa' });
    expect(await refusal(guardWith(), { authorization: `Bearer ${mfa}` })).toEqual(EXPIRED);
  });

  it("answers 401 with the suspended message for a suspended user's valid token, and still lets others through", async () => {
    const headers = { authorization: `Bearer ${await sign()}` };
    expect(await refusal(guardWith(undefined, ['user-1']), headers)).toEqual({ status: 401, message: AUTH_MESSAGES.suspended });
    await expect(guardWith(undefined, ['user-2']).canActivate(contextFor(headers).context)).resolves.toBe(true);
  });

  it('answers 401 "session expired" for a token of a signed-out session (its sid revoked), and lets other sessions through', async () => {
    const headers = { authorization: `Bearer ${await sign()}` };
    expect(await refusal(guardWith(undefined, [], ['fam-1']), headers)).toEqual(EXPIRED);
    await expect(guardWith(undefined, [], ['fam-2']).canActivate(contextFor(headers).context)).resolves.toBe(true);
    const otherSession = { authorization: `Bearer ${await sign({ claims: { sid: 'fam-2' } })}` };
    await expect(guardWith(undefined, [], ['fam-1']).canActivate(contextFor(otherSession).context)).resolves.toBe(true);
  });

  it('never asks about the status of a token it refused', async () => {
    const isSuspended = vi.fn(async () => false);
    const isSessionRevoked = vi.fn(async () => false);
    const guard = new AuthGuard(reflectorWith(), strategyName, { isSuspended, isSessionRevoked } as unknown as AccountStatusCheck);
    await refusal(guard, { authorization: `Bearer ${await sign({ key: stranger })}` });
    await refusal(guard, {});
    expect(isSuspended).not.toHaveBeenCalled();
    expect(isSessionRevoked).not.toHaveBeenCalled();
  });

  it('is a 401 UnauthorizedException for the HTTP filter', async () => {
    await expect(guardWith().canActivate(contextFor({}).context)).rejects.toBeInstanceOf(UnauthorizedException);
  });
});

describe('AuthKitModule', () => {
  it('gives each instance in a process its own strategy: each guard accepts its own keys and refuses the other', async () => {
    const other = await generateKeyPair('ES256', { extractable: true });
    const otherJwk = { ...(await exportJWK(other.publicKey)), kid: 'es-1', alg: 'ES256', use: 'sig' }; // same kid, other key
    const appWith = (jwk: JWK) => Test.createTestingModule({ imports: [AuthKitModule.forRoot(() => ({ jwks: { keys: [jwk] } }))] }).compile();
    const [first, second] = await Promise.all([appWith(publicJwk), appWith(otherJwk)]);
    try {
      const firstToken = { authorization: `Bearer ${await sign({ claims: { sid: 'first-app' } })}` };
      const secondToken = { authorization: `Bearer ${await sign({ key: other.privateKey, claims: { sid: 'second-app' } })}` };
      const firstGuard = first.get(AuthGuard);
      const secondGuard = second.get(AuthGuard);

      await expect(firstGuard.canActivate(contextFor(firstToken).context)).resolves.toBe(true);
      await expect(secondGuard.canActivate(contextFor(secondToken).context)).resolves.toBe(true);
      expect(await refusal(firstGuard, secondToken)).toEqual(EXPIRED);
      expect(await refusal(secondGuard, firstToken)).toEqual(EXPIRED);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });
});
