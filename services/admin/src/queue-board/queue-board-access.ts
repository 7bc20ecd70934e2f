import { Inject, Injectable } from '@nestjs/common';
import { ADMIN_MESSAGES, AUTH_MESSAGES, QUEUE_BOARD_COOKIE } from '@paycadence/contracts';
import { AccountStatusCheck } from '@paycadence/nest-kit';
import { QueueBoardSessions } from './queue-board-sessions.js';

export interface BoardRefusal {
  status: 401 | 403;
  message: string;
}

/** The value of one cookie in a `Cookie` header, else undefined (also when it is not valid %-encoding: as absent). */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const separator = part.indexOf('=');
    if (separator > 0 && part.slice(0, separator).trim() === name) {
      try {
        return decodeURIComponent(part.slice(separator + 1).trim());
      } catch {
        return undefined; // URIError: a bad % sequence is no credential (401), not a failure of the board (503)
      }
    }
  }
  return undefined;
}

/** Methods that only read: the board's page, assets and GET API. */
const SAFE_METHODS = new Set(['GET', 'HEAD']);

export const CROSS_SITE_REFUSAL: BoardRefusal = { status: 403, message: 'The queue board accepts changes only from its own pages.' };

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * Where the browser was when it made a request, as the board sees its own address: the scheme and host the
 * client used (X-Forwarded-Proto / X-Forwarded-Host from the gateway, which Fastify trusts for exactly one
 * hop, else the socket's and the Host header), plus X-Forwarded-Port when the forwarded host carries none
 * (Kong sends the port apart). null when no origin can be formed.
 */
export function requestOrigin(request: { protocol: string; host: string; headers: Record<string, string | string[] | undefined> }): string | null {
  let authority = request.host;
  const forwardedPort = header(request.headers['x-forwarded-port']);
  const hasPort = /:\d+$/.test(authority);
  if (!hasPort && forwardedPort && header(request.headers['x-forwarded-host'])) authority = `${authority}:${forwardedPort}`;
  try {
    return authority ? new URL(`${request.protocol}://${authority}`).origin : null;
  } catch {
    return null;
  }
}

/**
 * CSRF defence beyond SameSite=Strict (which a same-site sibling origin passes): a request that may change
 * something (anything but GET/HEAD) must come from the board's own origin: `Sec-Fetch-Site: same-origin`, or,
 * from a client that sends no Sec-Fetch-Site, an `Origin` equal to the request's own. null when allowed.
 */
export function crossSiteRefusal(
  method: string,
  headers: Record<string, string | string[] | undefined>,
  ownOrigin: string | null,
): BoardRefusal | null {
  if (SAFE_METHODS.has(method.toUpperCase())) return null;
  const fetchSite = header(headers['sec-fetch-site']);
  if (fetchSite !== undefined) return fetchSite === 'same-origin' ? null : CROSS_SITE_REFUSAL;
  const origin = header(headers.origin);
  if (!origin || !ownOrigin) return CROSS_SITE_REFUSAL;
  try {
    return new URL(origin).origin === ownOrigin ? null : CROSS_SITE_REFUSAL;
  } catch {
    return CROSS_SITE_REFUSAL;
  }
}

/**
 * Who may open the queue board: the cookie POST /api/admin/queues/session set holds a board-session id
 * (QueueBoardSessions), looked up on every request; its owner must be an admin whose account is not suspended
 * and whose sign-in session has not ended. Both come from the AuthGuard's AccountStatusCheck, asked on every
 * request: auth's sign-out revokes the session family and announces it on the account-status channel, so the
 * board closes with the sign-out, on every admin replica at once, as a suspension closes it.
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
    const [suspended, signedOut] = await Promise.all([
      this.accountStatus.isSuspended(session.userId),
      session.sessionId ? this.accountStatus.isSessionRevoked(session.sessionId) : false,
    ]);
    if (suspended) return { status: 401, message: AUTH_MESSAGES.suspended };
    if (signedOut) {
      // It can never come back: forget it now rather than at its expiry (a failure here changes no answer).
      await this.sessions.end(sessionId).catch(() => undefined);
      return { status: 401, message: AUTH_MESSAGES.sessionExpired };
    }
    return null;
  }
}
