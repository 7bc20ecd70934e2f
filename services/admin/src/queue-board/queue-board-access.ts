import { Inject, Injectable } from '@nestjs/common';
import { ADMIN_MESSAGES, AUTH_MESSAGES, QUEUE_BOARD_COOKIE } from '@payday/contracts';
import { AccountStatusCheck } from '@payday/nest-kit';
import { QueueBoardSessions } from './queue-board-sessions.js';

export interface BoardRefusal {
  status: 401 | 403;
  message: string;
}

/** The value of one cookie in a `Cookie` header, else undefined. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const separator = part.indexOf('=');
    if (separator > 0 && part.slice(0, separator).trim() === name) return decodeURIComponent(part.slice(separator + 1).trim());
  }
  return undefined;
}

/**
 * Who may open the queue board: the cookie POST /api/admin/queues/session set holds a board-session id
 * (QueueBoardSessions), looked up on every request; its owner must be an admin whose account is not
 * suspended (the AuthGuard's AccountStatusCheck, asked on every request, so a suspension closes the board too).
 */
@Injectable()
export class QueueBoardAccess {
  constructor(
    @Inject(QueueBoardSessions) private readonly sessions: QueueBoardSessions,
    // The guard's own check (nest-kit): the cookie bypasses AuthGuard, so the board asks it itself.
    @Inject(AccountStatusCheck) private readonly accountStatus: AccountStatusCheck,
  ) {}

  /** null when the request may see the board, else the refusal to answer. */
  async refusal(cookieHeader: string | undefined): Promise<BoardRefusal | null> {
    const sessionId = cookieValue(cookieHeader, QUEUE_BOARD_COOKIE);
    if (!sessionId) return { status: 401, message: 'Authentication required' };
    const session = await this.sessions.find(sessionId);
    if (!session) return { status: 401, message: 'Your session has expired. Please sign in again.' };
    if (session.role !== 'admin') return { status: 403, message: ADMIN_MESSAGES.accessDeniedBody };
    if (await this.accountStatus.isSuspended(session.userId)) return { status: 401, message: AUTH_MESSAGES.suspended };
    return null;
  }
}
