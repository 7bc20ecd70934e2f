import { Inject, Injectable } from '@nestjs/common';
import { ADMIN_MESSAGES, AUTH_MESSAGES, QUEUE_BOARD_COOKIE } from '@payday/contracts';
import { AccountStatusCheck, JwtVerifier, toAuthenticatedUser } from '@payday/nest-kit';

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
 * Who may open the queue board: the cookie POST /api/admin/queues/session set holds an access token, checked
 * like the AuthGuard checks a bearer one (signature, issuer, audience, expiry, kind), then role admin and
 * an account not suspended (the AuthGuard's AccountStatusCheck).
 */
@Injectable()
export class QueueBoardAccess {
  constructor(
    @Inject(JwtVerifier) private readonly verifier: JwtVerifier,
    // The guard's own check (nest-kit): the cookie bypasses AuthGuard, so the board asks it itself.
    @Inject(AccountStatusCheck) private readonly accountStatus: AccountStatusCheck,
  ) {}

  /** null when the request may see the board, else the refusal to answer. */
  async refusal(cookieHeader: string | undefined): Promise<BoardRefusal | null> {
    const token = cookieValue(cookieHeader, QUEUE_BOARD_COOKIE);
    if (!token) return { status: 401, message: 'Authentication required' };
    let user;
    try {
      user = toAuthenticatedUser(await this.verifier.verifyClaims(token, 'access'));
    } catch {
      return { status: 401, message: 'Your session has expired. Please sign in again.' };
    }
    if (user.role !== 'admin') return { status: 403, message: ADMIN_MESSAGES.accessDeniedBody };
    if (await this.accountStatus.isSuspended(user.id)) return { status: 401, message: AUTH_MESSAGES.suspended };
    return null;
  }
}
