import { ADMIN_MESSAGES, AUTH_MESSAGES, QUEUE_BOARD_COOKIE } from '@paycadence/contracts';
import type { AccountStatusCheck, AuthenticatedUser, JwtVerifier } from '@paycadence/nest-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { AdminConfig } from '../config.js';
import { CROSS_SITE_REFUSAL, QueueBoardAccess, cookieValue, crossSiteRefusal, requestOrigin } from './queue-board-access.js';
import { QueueBoardSessions, sha256Hex, type BoardSession } from './queue-board-sessions.js';
import { QueueBoardController, boardCookie } from './queue-board.controller.js';

describe('boardCookie', () => {
  it('is HttpOnly, SameSite=Strict, always Secure, scoped to the board, whole seconds never below 0', () => {
    expect(boardCookie('s3ss10n', 599.7)).toBe(`${QUEUE_BOARD_COOKIE}=s3ss10n; Path=/api/admin/queues; Max-Age=599; HttpOnly; SameSite=Strict; Secure`);
    expect(boardCookie('s3ss10n', -3)).toMatch(/Max-Age=0; HttpOnly; SameSite=Strict; Secure$/);
  });
});

describe('cookieValue', () => {
  it('finds one cookie among others', () => {
    expect(cookieValue(`theme=dark; ${QUEUE_BOARD_COOKIE}=tok%2Ben; x=1`, QUEUE_BOARD_COOKIE)).toBe('tok+en');
    expect(cookieValue('theme=dark', QUEUE_BOARD_COOKIE)).toBeUndefined();
    expect(cookieValue(undefined, QUEUE_BOARD_COOKIE)).toBeUndefined();
  });

  it('treats a value that is not valid %-encoding as absent instead of throwing', () => {
    expect(cookieValue(`${QUEUE_BOARD_COOKIE}=%E0%A4%A`, QUEUE_BOARD_COOKIE)).toBeUndefined();
    expect(cookieValue(`${QUEUE_BOARD_COOKIE}=100%`, QUEUE_BOARD_COOKIE)).toBeUndefined();
  });
});

describe('QueueBoardAccess', () => {
  function access(session: BoardSession | null, suspended = false, revoked: string[] = []) {
    const sessions = { find: jest.fn(async () => session), end: jest.fn(async () => undefined) } as unknown as QueueBoardSessions;
    const status = {
      isSuspended: jest.fn(async () => suspended),
      isSessionRevoked: jest.fn(async (sid: string) => revoked.includes(sid)),
    } as unknown as AccountStatusCheck;
    return { board: new QueueBoardAccess(sessions, status), sessions, status };
  }
  const cookie = `${QUEUE_BOARD_COOKIE}=s3ss10n`;
  const admin: BoardSession = { userId: 'u1', role: 'admin', sessionId: 'family-1' };

  it("lets an active admin's session in, asking the status check for the session's owner and sign-in session", async () => {
    const { board, sessions, status } = access(admin);
    expect(await board.refusal(cookie)).toBeNull();
    expect(sessions.find).toHaveBeenCalledWith('s3ss10n');
    expect(status.isSuspended).toHaveBeenCalledWith('u1');
    expect(status.isSessionRevoked).toHaveBeenCalledWith('family-1');
    expect(sessions.end).not.toHaveBeenCalled();
  });

  it('closes the board once the sign-in session that opened it ended (sign-out), and forgets the board session', async () => {
    const { board, sessions } = access(admin, false, ['family-1']);
    expect(await board.refusal(cookie)).toEqual({ status: 401, message: AUTH_MESSAGES.sessionExpired });
    expect(sessions.end).toHaveBeenCalledWith('s3ss10n');
    // Another sign-in of the same admin ending changes nothing for this board.
    expect(await access(admin, false, ['family-2']).board.refusal(cookie)).toBeNull();
  });

  it('still refuses when forgetting the ended session fails (Redis went away meanwhile)', async () => {
    const { board, sessions } = access(admin, false, ['family-1']);
    (sessions.end as jest.Mock).mockRejectedValueOnce(new Error('Connection is closed.'));
    expect(await board.refusal(cookie)).toEqual({ status: 401, message: AUTH_MESSAGES.sessionExpired });
  });

  it('asks no session state of a board session made from a token without a sign-in session', async () => {
    const { board, status } = access({ userId: 'u1', role: 'admin' });
    expect(await board.refusal(cookie)).toBeNull();
    expect(status.isSessionRevoked).not.toHaveBeenCalled();
  });

  it('refuses no cookie, or one that is not valid %-encoding (401), without looking anything up', async () => {
    const { board, sessions } = access(admin);
    expect(await board.refusal('other=1')).toEqual({ status: 401, message: 'Authentication required' });
    expect(await board.refusal(`${QUEUE_BOARD_COOKIE}=%zz`)).toEqual({ status: 401, message: 'Authentication required' });
    expect(sessions.find).not.toHaveBeenCalled();
  });

  it("refuses an unknown or expired session (401), a user's (403), a suspended admin's (401)", async () => {
    expect((await access(null).board.refusal(cookie))?.status).toBe(401);
    expect(await access({ userId: 'u2', role: 'user' }).board.refusal(cookie)).toEqual({ status: 403, message: ADMIN_MESSAGES.accessDeniedBody });
    expect(await access(admin, true).board.refusal(cookie)).toEqual({ status: 401, message: AUTH_MESSAGES.suspended });
  });
});

describe('crossSiteRefusal', () => {
  const own = 'http://localhost:8080';
  it('lets GET and HEAD through whatever their headers say', () => {
    expect(crossSiteRefusal('GET', { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' }, own)).toBeNull();
    expect(crossSiteRefusal('HEAD', {}, own)).toBeNull();
  });

  it.each(['PUT', 'POST', 'DELETE', 'PATCH'])('%s: only Sec-Fetch-Site same-origin passes when the browser says where it was', (method) => {
    expect(crossSiteRefusal(method, { 'sec-fetch-site': 'same-origin' }, own)).toBeNull();
    for (const site of ['same-site', 'cross-site', 'none']) {
      // Even with a matching Origin: the browser's own word wins.
      expect(crossSiteRefusal(method, { 'sec-fetch-site': site, origin: own }, own)).toEqual(CROSS_SITE_REFUSAL);
    }
  });

  it('without Sec-Fetch-Site: the Origin must be the request\'s own; no Origin, another one or a malformed one is refused', () => {
    expect(crossSiteRefusal('PUT', { origin: own }, own)).toBeNull();
    expect(crossSiteRefusal('PUT', { origin: 'http://localhost:80' }, 'http://localhost')).toBeNull();
    expect(crossSiteRefusal('PUT', {}, own)).toEqual(CROSS_SITE_REFUSAL);
    expect(crossSiteRefusal('PUT', { origin: 'http://sub.localhost:8080' }, own)).toEqual(CROSS_SITE_REFUSAL);
    expect(crossSiteRefusal('PUT', { origin: 'https://localhost:8080' }, own)).toEqual(CROSS_SITE_REFUSAL);
    expect(crossSiteRefusal('PUT', { origin: 'null' }, own)).toEqual(CROSS_SITE_REFUSAL);
    expect(crossSiteRefusal('PUT', { origin: own }, null)).toEqual(CROSS_SITE_REFUSAL);
  });
});

describe('requestOrigin', () => {
  it('is the scheme and host the client used, with the forwarded port when the forwarded host has none', () => {
    expect(requestOrigin({ protocol: 'http', host: '127.0.0.1:3105', headers: {} })).toBe('http://127.0.0.1:3105');
    expect(requestOrigin({ protocol: 'http', host: 'localhost:8080', headers: { 'x-forwarded-host': 'localhost:8080', 'x-forwarded-port': '8080' } })).toBe('http://localhost:8080');
    expect(requestOrigin({ protocol: 'https', host: 'pay.example', headers: { 'x-forwarded-host': 'pay.example', 'x-forwarded-port': '443' } })).toBe('https://pay.example');
    expect(requestOrigin({ protocol: 'http', host: 'pay.example', headers: { 'x-forwarded-host': 'pay.example', 'x-forwarded-port': '8000' } })).toBe('http://pay.example:8000');
    expect(requestOrigin({ protocol: 'http', host: '', headers: {} })).toBeNull();
    expect(requestOrigin({ protocol: 'http', host: 'bad host', headers: {} })).toBeNull();
  });
});

/** The Redis commands the board's sessions use, kept in a Map. */
function fakeRedis() {
  const store = new Map<string, { value: string; ttl: number }>();
  const redis = {
    set: jest.fn(async (key: string, value: string, _ex: string, ttl: number) => {
      store.set(key, { value, ttl });
      return 'OK';
    }),
    get: jest.fn(async (key: string) => store.get(key)?.value ?? null),
    del: jest.fn(async (key: string) => (store.delete(key) ? 1 : 0)),
  };
  return { store, redis: redis as unknown as Redis };
}
const config = { REDIS_KEY_PREFIX: 'admin:' } as AdminConfig;

describe('QueueBoardSessions', () => {
  it("keeps the sign-in session that made a board session, under the id's hash only; end forgets it", async () => {
    const { store, redis } = fakeRedis();
    const sessions = new QueueBoardSessions(redis, config);
    const { id, ttlSeconds } = await sessions.mint({ userId: 'u1', role: 'admin', sessionId: 'family-1' }, 600.4);
    expect(ttlSeconds).toBe(600);
    expect([...store.keys()]).toEqual([`admin:queue-board:session:${sha256Hex(id)}`]);
    expect(JSON.stringify([...store.values()])).not.toContain(id);
    expect(await sessions.find(id)).toEqual({ userId: 'u1', role: 'admin', sessionId: 'family-1' });
    await sessions.end(id);
    expect(await sessions.find(id)).toBeNull();
    await expect(sessions.end(id)).resolves.toBeUndefined(); // twice is no error
  });

  it('stores no sign-in session for a token without one, and reads sessions stored before they had one', async () => {
    const { redis } = fakeRedis();
    const sessions = new QueueBoardSessions(redis, config);
    const { id } = await sessions.mint({ userId: 'u1', role: 'admin' }, 60);
    expect(await sessions.find(id)).toEqual({ userId: 'u1', role: 'admin' });
  });
});

describe('QueueBoardController', () => {
  function controller() {
    const { store, redis } = fakeRedis();
    const sessions = new QueueBoardSessions(redis, config);
    const verifier = { verifyClaims: jest.fn(async () => ({ exp: Math.floor(Date.now() / 1000) + 300 })) } as unknown as JwtVerifier;
    const headers: Record<string, string> = {};
    const reply = { header: jest.fn((name: string, value: string) => (headers[name] = value)) } as unknown as FastifyReply;
    return { board: new QueueBoardController(verifier, sessions), sessions, store, reply, headers };
  }
  const request = (headers: Record<string, string>, user?: AuthenticatedUser) =>
    ({ method: 'POST', protocol: 'https', host: 'pay.example', headers: { authorization: 'Bearer t', ...headers }, user }) as unknown as FastifyRequest & {
      user?: AuthenticatedUser;
    };

  it("ties the board session to the access token's sign-in session (sid)", async () => {
    const { board, sessions, reply, headers } = controller();
    await board.session(request({}, { id: 'u1', role: 'admin', aal: 'aal1', sessionId: 'family-1' }), reply);
    const id = cookieValue(headers['set-cookie'], QUEUE_BOARD_COOKIE)!;
    expect(await sessions.find(id)).toEqual({ userId: 'u1', role: 'admin', sessionId: 'family-1' });
    expect(headers['set-cookie']).toMatch(/Max-Age=(29\d|300);/);
  });

  it("DELETE ends the caller's board session of the cookie and clears the cookie", async () => {
    const { board, sessions, store, reply, headers } = controller();
    const { id } = await sessions.mint({ userId: 'u1', role: 'admin', sessionId: 'family-1' }, 300);
    const admin: AuthenticatedUser = { id: 'u1', role: 'admin', aal: 'aal1', sessionId: 'family-1' };
    await board.end({ ...request({ cookie: `${QUEUE_BOARD_COOKIE}=${encodeURIComponent(id)}` }, admin), method: 'DELETE' } as FastifyRequest & { user: AuthenticatedUser }, reply);
    expect(store.size).toBe(0);
    expect(headers['set-cookie']).toBe(boardCookie('', 0));
    expect(headers['set-cookie']).toMatch(/^paycadence_queue_board=; Path=\/api\/admin\/queues; Max-Age=0; HttpOnly; SameSite=Strict; Secure$/);
    // Without a cookie there is nothing to end; the cookie is cleared all the same.
    delete headers['set-cookie'];
    await board.end({ ...request({}, admin), method: 'DELETE' } as FastifyRequest & { user: AuthenticatedUser }, reply);
    expect(headers['set-cookie']).toBe(boardCookie('', 0));
  });

  it("DELETE leaves another admin's board session alone", async () => {
    const { board, sessions, store, reply } = controller();
    const { id } = await sessions.mint({ userId: 'u2', role: 'admin' }, 300);
    const other: AuthenticatedUser = { id: 'u1', role: 'admin', aal: 'aal1' };
    await board.end({ ...request({ cookie: `${QUEUE_BOARD_COOKIE}=${id}` }, other), method: 'DELETE' } as FastifyRequest & { user: AuthenticatedUser }, reply);
    expect(store.size).toBe(1);
  });
});
