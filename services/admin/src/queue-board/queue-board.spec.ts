import { ADMIN_MESSAGES, AUTH_MESSAGES, QUEUE_BOARD_COOKIE } from '@payday/contracts';
import type { AccountStatusCheck } from '@payday/nest-kit';
import { QueueBoardAccess, cookieValue } from './queue-board-access.js';
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

  it('refuses no cookie (401) without looking anything up', async () => {
    const { board, sessions } = access(admin);
    expect(await board.refusal('other=1')).toEqual({ status: 401, message: 'Authentication required' });
    expect(sessions.find).not.toHaveBeenCalled();
  });

  it("refuses an unknown or expired session (401), a user's (403), a suspended admin's (401)", async () => {
    expect((await access(null).board.refusal(cookie))?.status).toBe(401);
    expect(await access({ userId: 'u2', role: 'user' }).board.refusal(cookie)).toEqual({ status: 403, message: ADMIN_MESSAGES.accessDeniedBody });
    expect(await access(admin, true).board.refusal(cookie)).toEqual({ status: 401, message: AUTH_MESSAGES.suspended });
  });
});
