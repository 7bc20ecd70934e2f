import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { BankSummaryMessageSchema, FINANCE_PATTERNS, fieldErrors, type BankSummaryReply } from '@payday/contracts';
import { BankSummaryService } from './bank-summary.service.js';

/**
 * The Redis transport side (DESIGN §1): bank-sync pushes the linked banks' figures after each detection run and
 * a clear after a disconnect. A bad payload gets a reply naming the fields (nothing stored), like the suggestions.
 */
@Controller()
export class BankSummaryMessageController {
  constructor(@Inject(BankSummaryService) private readonly summaries: BankSummaryService) {}

  @MessagePattern(FINANCE_PATTERNS.storeBankSummary)
  async store(@Payload() payload: unknown): Promise<BankSummaryReply> {
    const parsed = BankSummaryMessageSchema.safeParse(payload);
    if (!parsed.success) {
      const errors = fieldErrors(parsed.error);
      return { ok: false, message: Object.values(errors)[0] ?? 'Invalid message', errors };
    }
    return { ok: true, stored: await this.summaries.store(parsed.data) };
  }
}
