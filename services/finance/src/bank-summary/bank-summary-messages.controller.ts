import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { BankSummaryMessageSchema, FINANCE_PATTERNS, fieldErrors, type BankSummaryReply } from '@payday/contracts';
import { AccountStatusCheck } from '@payday/nest-kit';
import { BankSummaryService } from './bank-summary.service.js';

/**
 * The Redis transport side (docs/architecture.md): bank-sync pushes the linked banks' figures after each detection run and
 * a clear after a disconnect. A bad payload gets a reply naming the fields (nothing stored), like the suggestions.
 */
@Controller()
export class BankSummaryMessagesController {
  constructor(
    @Inject(BankSummaryService) private readonly summaries: BankSummaryService,
    @Inject(AccountStatusCheck) private readonly accounts: AccountStatusCheck,
  ) {}

  @MessagePattern(FINANCE_PATTERNS.storeBankSummary)
  async store(@Payload() payload: unknown): Promise<BankSummaryReply> {
    const parsed = BankSummaryMessageSchema.safeParse(payload);
    if (!parsed.success) {
      const errors = fieldErrors(parsed.error);
      return { ok: false, message: Object.values(errors)[0] ?? 'Invalid message', errors };
    }
    // A closed account (deleted, or suspended) takes no pushes: a sync in flight when the account was deleted
    // must not bring its rows back after finance forgot them.
    if (await this.accounts.isSuspended(parsed.data.userId)) return { ok: true, stored: false };
    return { ok: true, stored: await this.summaries.store(parsed.data) };
  }
}
