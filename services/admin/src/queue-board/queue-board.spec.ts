import { ADMIN_MESSAGES, AUTH_MESSAGES, QUEUE_BOARD_COOKIE } from '@payday/contracts';
import { InvalidTokenError, type AccountStatusCheck, type JwtVerifier } from '@payday/nest-kit';
import { QueueBoardAccess, cookieValue } from './queue-board-access.js';
import { boardCookie } from './queue-board.controller.js';

describe('boardCookie', () => {
  it('is HttpOnly, SameSite=Strict, scoped to the board, whole seconds never below 0; Secure over https', () => {
    expect(boardCookie('a.b.c', 599.7, false)).toBe(`${QUEUE_BOARD_COOKIE}=a.b.c; Path=/api/admin/queues; Max-Age=599; HttpOnly; SameSite=Strict`);
    expect(boardCookie('a.b.c', -3, true)).toMatch(/Max-Age=0; HttpOnly; SameSite=Strict; Secure$/);
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
  const claims = (role: string) => ({ sub: 'u1', exp: 9_999_999_999, token_use: 'access', role });
  function access(verify: () => Promise<unknown>, suspended = false) {
    const verifier = { verifyClaims: jest.fn(verify) } as unknown as JwtVerifier;
    const status = { isSuspended: jest.fn(async () => suspended) } as unknown as AccountStatusCheck;
    return { board: new QueueBoardAccess(verifier, status), verifier, status };
  }
  const cookie = `${QUEUE_BOARD_COOKIE}=tok`;

  it('lets an active admin in', async () => {
    const { board, verifier } = access(async () => claims('admin'));
    expect(await board.refusal(cookie)).toBeNull();
    expect(verifier.verifyClaims).toHaveBeenCalledWith('tok', 'access');
  });

  it('refuses no cookie (401) without verifying anything', async () => {
    const { board, verifier } = access(async () => claims('admin'));
    expect(await board.refusal('other=1')).toEqual({ status: 401, message: 'Authentication required' });
    expect(verifier.verifyClaims).not.toHaveBeenCalled();
  });

  it('refuses a token that fails verification (401), a user (403), a suspended admin (401)', async () => {
    expect((await access(async () => Promise.reject(new InvalidTokenError('expired'))).board.refusal(cookie))?.status).toBe(401);
    expect(await access(async () => claims('user')).board.refusal(cookie)).toEqual({ status: 403, message: ADMIN_MESSAGES.accessDeniedBody });
    expect(await access(async () => claims('admin'), true).board.refusal(cookie)).toEqual({ status: 401, message: AUTH_MESSAGES.suspended });
  });
});
