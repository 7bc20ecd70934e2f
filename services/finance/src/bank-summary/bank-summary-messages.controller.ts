import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { BankSummaryMessageSchema, FINANCE_PATTERNS, type BankSummaryReply } from '@paycadence/contracts';
import { AccountStatusCheck, withValidPayload } from '@paycadence/nest-kit';
import { BankSummaryService } from './bank-summary.service.js';

/**
 * The Redis transport side (docs/architecture.md): bank-sync pushes the linked banks' figures after each
 * detection run and a clear after a disconnect. A bad payload gets nest-kit's withValidPayload refusal naming
 * the fields (nothing stored), like the suggestions.
 */
@Controller()
export class BankSummaryMessagesController {
  constructor(
    @Inject(BankSummaryService) private readonly summaries: BankSummaryService,
    @Inject(AccountStatusCheck) private readonly accounts: AccountStatusCheck,
  ) {}

  @MessagePattern(FINANCE_PATTERNS.storeBankSummary)
  store(@Payload() payload: unknown): Promise<BankSummaryReply> {
    return withValidPayload(BankSummaryMessageSchema, payload, async (message) => {
      // A closed account (deleted, or suspended) takes no pushes: a sync in flight when the account was
      // deleted must not bring its rows back after finance forgot them.
      if (await this.accounts.isSuspended(message.userId)) return { ok: true as const, stored: false };
      return { ok: true as const, stored: await this.summaries.store(message) };
    });
  }
}
