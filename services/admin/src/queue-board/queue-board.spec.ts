import { ADMIN_MESSAGES, AUTH_MESSAGES, QUEUE_BOARD_COOKIE } from '@payday/contracts';
import type { AccountStatusCheck } from '@payday/nest-kit';
import { CROSS_SITE_REFUSAL, QueueBoardAccess, cookieValue, crossSiteRefusal, requestOrigin } from './queue-board-access.js';
import type { BoardSession, QueueBoardSessions } from './queue-board-sessions.js';
import { boardCookie } from './queue-board.controller.js';

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
  function access(session: BoardSession | null, suspended = false) {
    const sessions = { find: jest.fn(async () => session) } as unknown as QueueBoardSessions;
    const status = { isSuspended: jest.fn(async () => suspended) } as unknown as AccountStatusCheck;
    return { board: new QueueBoardAccess(sessions, status), sessions, status };
  }
  const cookie = `${QUEUE_BOARD_COOKIE}=s3ss10n`;
  const admin: BoardSession = { userId: 'u1', role: 'admin' };

  it("lets an active admin's session in, asking the status check for the session's owner", async () => {
    const { board, sessions, status } = access(admin);
    expect(await board.refusal(cookie)).toBeNull();
    expect(sessions.find).toHaveBeenCalledWith('s3ss10n');
    expect(status.isSuspended).toHaveBeenCalledWith('u1');
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
