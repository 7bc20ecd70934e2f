import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { WAITLIST_SUCCESS_MESSAGE, type WaitlistJoinResponse } from '@paycadence/contracts';
import { WaitlistEntry } from './waitlist-entry.entity.js';

export interface JoinCommand {
  /** Already trimmed and lower-cased by the contracts schema. */
  email: string;
  source: string;
}

@Injectable()
export class WaitlistService {
  constructor(@InjectRepository(WaitlistEntry) private readonly entries: Repository<WaitlistEntry>) {}

  /** Idempotent: a second join with the same e-mail answers success and stores nothing new. */
  async join(command: JoinCommand): Promise<WaitlistJoinResponse & { created: boolean }> {
    const result = await this.entries
      .createQueryBuilder()
      .insert()
      .into(WaitlistEntry)
      .values({ email: command.email, referralSource: command.source })
      .orIgnore()
      .returning(['id'])
      .execute();
    return { success: true, message: WAITLIST_SUCCESS_MESSAGE, created: result.raw.length > 0 };
  }
}
