import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { BILL_PAYMENTS_PATTERN, BillPaymentsMessageSchema, fieldErrors, type BillPaymentsReply } from '@payday/contracts';
import { AccountStatusCheck } from '@payday/nest-kit';
import { BillStatusService } from './bill-status.service.js';

/**
 * The Redis transport side (docs/architecture.md): bank-sync pushes the user's recent payments out after each detection run
 * and after a disconnect. A bad payload gets a reply naming the fields (nothing stored), like the bank summary.
 */
@Controller()
export class BillPaymentsMessagesController {
  constructor(
    @Inject(BillStatusService) private readonly statuses: BillStatusService,
    @Inject(AccountStatusCheck) private readonly accounts: AccountStatusCheck,
  ) {}

  @MessagePattern(BILL_PAYMENTS_PATTERN)
  async store(@Payload() payload: unknown): Promise<BillPaymentsReply> {
    const parsed = BillPaymentsMessageSchema.safeParse(payload);
    if (!parsed.success) {
      const errors = fieldErrors(parsed.error);
      return { ok: false, message: Object.values(errors)[0] ?? 'Invalid message', errors };
    }
    // A closed account (deleted, or suspended) takes no pushes: a sync in flight when the account was deleted
    // must not bring its rows back after finance forgot them.
    if (await this.accounts.isSuspended(parsed.data.userId)) return { ok: true, stored: false };
    return { ok: true, stored: await this.statuses.storePayments(parsed.data) };
  }
}
