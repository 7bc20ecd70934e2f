import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { ACCESS_TOKEN_TTL_SECONDS, ROLES } from '@paycadence/contracts';
import { InjectServiceConfig, REDIS } from '@paycadence/nest-kit';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import type { AdminConfig } from '../config.js';

/** A board session lives no longer than an access token can (15 min), and never longer than the one that made it. */
export const BOARD_SESSION_MAX_SECONDS = ACCESS_TOKEN_TTL_SECONDS;
/** Bytes of randomness in a board-session id (256 bits: not guessable, so storing its hash is enough). */
const SESSION_ID_BYTES = 32;

/**
 * A board session's owner. `sessionId` is the sign-in session (the access token's `sid`, a refresh family) that
 * made it: the board dies with it, since signing out revokes that family (QueueBoardAccess asks on every request).
 * Auth puts a `sid` in every access token; a token without one makes a board session bounded by its own life only,
 * as the AuthGuard bounds such a token.
 */
const BoardSessionSchema = z.object({ userId: z.string().min(1), role: z.enum(ROLES), sessionId: z.string().min(1).optional() });
export type BoardSession = z.infer<typeof BoardSessionSchema>;

export const sha256Hex = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * The queue board's own credential: a random id the browser keeps in the board cookie, so the
 * admin's access token (accepted by every service) never sits in a cookie. Redis holds only the id's SHA-256,
 * under admin's key prefix, with the session's owner; a leaked Redis dump opens nothing.
 */
@Injectable()
export class QueueBoardSessions {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @InjectServiceConfig() private readonly config: AdminConfig,
  ) {}

  /** The Redis key of a session id: only its hash is ever stored. */
  key(id: string): string {
    return `${this.config.REDIS_KEY_PREFIX}queue-board:session:${sha256Hex(id)}`;
  }

  /** Stores a new session for `ttlSeconds` (at least 1, at most BOARD_SESSION_MAX_SECONDS) and answers its id. */
  async mint(owner: BoardSession, ttlSeconds: number): Promise<{ id: string; ttlSeconds: number }> {
    const id = randomBytes(SESSION_ID_BYTES).toString('base64url');
    const ttl = Math.min(BOARD_SESSION_MAX_SECONDS, Math.max(1, Math.floor(ttlSeconds)));
    const stored: BoardSession = { userId: owner.userId, role: owner.role, ...(owner.sessionId ? { sessionId: owner.sessionId } : {}) };
    await this.redis.set(this.key(id), JSON.stringify(stored), 'EX', ttl);
    return { id, ttlSeconds: ttl };
  }

  /** Forgets a session (the admin closed it, or the sign-in session it belonged to ended). Unknown ids are no error. */
  async end(id: string): Promise<void> {
    await this.redis.del(this.key(id));
  }

  /** The session of an id, or null when unknown, expired or unreadable. Redis failures propagate (the board answers 503). */
  async find(id: string): Promise<BoardSession | null> {
    const stored = await this.redis.get(this.key(id));
    if (!stored) return null;
    try {
      const parsed = BoardSessionSchema.safeParse(JSON.parse(stored));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }
}
