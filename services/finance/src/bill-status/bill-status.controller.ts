import { Controller, Delete, Header, HttpCode, Inject, Param, Post, UseGuards } from '@nestjs/common';
import { BillOccurrenceParamsSchema, type BillOccurrenceParams, type BillOccurrenceStatus } from '@paycadence/contracts';
import { AuthGuard, CurrentUser, ZodValidationPipe, type AuthenticatedUser } from '@paycadence/nest-kit';
import { BillStatusService } from './bill-status.service.js';

/** Mark one occurrence of a bill paid by hand, and undo (FINANCE_ENDPOINTS.markBillPaid / unmarkBillPaid). */
@Controller('api/financial/bill-status')
@UseGuards(AuthGuard)
export class BillStatusController {
  constructor(@Inject(BillStatusService) private readonly statuses: BillStatusService) {}

  /** 201 with the occurrence's status; marking twice changes nothing. */
  @Post(':billId/:dueDate')
  @Header('cache-control', 'private, no-store')
  mark(
    @CurrentUser() user: AuthenticatedUser,
    @Param(new ZodValidationPipe(BillOccurrenceParamsSchema)) params: BillOccurrenceParams,
  ): Promise<BillOccurrenceStatus> {
    return this.statuses.mark(user.id, params);
  }

  /** 200 with the occurrence's status (still paid when a bank payment matches it). */
  @Delete(':billId/:dueDate')
  @HttpCode(200)
  @Header('cache-control', 'private, no-store')
  unmark(
    @CurrentUser() user: AuthenticatedUser,
    @Param(new ZodValidationPipe(BillOccurrenceParamsSchema)) params: BillOccurrenceParams,
  ): Promise<BillOccurrenceStatus> {
    return this.statuses.unmark(user.id, params);
  }
}
