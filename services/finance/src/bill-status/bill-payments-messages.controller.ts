import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { BILL_PAYMENTS_PATTERN, BillPaymentsMessageSchema, type BillPaymentsReply } from '@paycadence/contracts';
import { AccountStatusCheck, withValidPayload } from '@paycadence/nest-kit';
import { BillStatusService } from './bill-status.service.js';

/**
 * The Redis transport side (docs/architecture.md): bank-sync pushes the user's recent payments out after each
 * detection run and after a disconnect. A bad payload gets nest-kit's withValidPayload refusal naming the
 * fields (nothing stored), like the bank summary.
 */
@Controller()
export class BillPaymentsMessagesController {
  constructor(
    @Inject(BillStatusService) private readonly statuses: BillStatusService,
    @Inject(AccountStatusCheck) private readonly accounts: AccountStatusCheck,
  ) {}

  @MessagePattern(BILL_PAYMENTS_PATTERN)
  store(@Payload() payload: unknown): Promise<BillPaymentsReply> {
    return withValidPayload(BillPaymentsMessageSchema, payload, async (message) => {
      // A closed account (deleted, or suspended) takes no pushes: a sync in flight when the account was
      // deleted must not bring its rows back after finance forgot them.
      if (await this.accounts.isSuspended(message.userId)) return { ok: true as const, stored: false };
      return { ok: true as const, stored: await this.statuses.storePayments(message) };
    });
  }
}
