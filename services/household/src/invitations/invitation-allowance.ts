import { Inject, Injectable } from '@nestjs/common';
import { HOUSEHOLD_MESSAGES, INVITATIONS_PER_DAY, INVITATIONS_WINDOW_SECONDS } from '@paycadence/contracts';
import { REDIS, giveBackAllowance, retryAfter, takeAllowance } from '@paycadence/nest-kit';
import type { Redis } from 'ioredis';
import { HouseholdError } from '../errors.js';

const allowanceKey = (inviterId: string) => `household:invitations-sent:${inviterId}`;

/** A 429 naming the wait, in the message, `Retry-After` and the body's `retryAfterSeconds`. */
export class TooManyInvitationsError extends HouseholdError {
  override readonly headers: Record<string, string>;
  override readonly fields: Record<string, unknown>;

  constructor(retryAfterSeconds: number) {
    super('TOO_MANY_INVITATIONS');
    const wait = retryAfter(retryAfterSeconds);
    this.message = HOUSEHOLD_MESSAGES.tooManyInvitations(wait.seconds);
    this.headers = wait.headers;
    this.fields = wait.fields;
  }
}

/**
 * The sender's daily allowance of invitation e-mails (INVITATIONS_PER_DAY per user, across all their households:
 * creating another household gives no fresh allowance). Counted in Redis, so deleting invitations or households
 * gives nothing back either; a Redis outage refuses invitations (503) rather than sending uncounted ones.
 */
@Injectable()
export class InvitationAllowance {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  /** Takes one invitation from the sender's allowance: TooManyInvitationsError when it is spent. */
  async take(inviterId: string): Promise<void> {
    const leftMs = await takeAllowance(this.redis, allowanceKey(inviterId), INVITATIONS_PER_DAY, INVITATIONS_WINDOW_SECONDS);
    if (leftMs > 0) throw new TooManyInvitationsError(leftMs / 1000);
  }

  /** The invitation was refused or its e-mail not sent: the sender keeps that use. */
  async giveBack(inviterId: string): Promise<void> {
    await giveBackAllowance(this.redis, allowanceKey(inviterId));
  }
}
