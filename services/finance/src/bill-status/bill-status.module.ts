import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Bill } from '../bills/bill.entity.js';
import { BankPayments } from './bank-payments.entity.js';
import { BillPaidMark } from './bill-paid-mark.entity.js';
import { BillPaymentsMessagesController } from './bill-payments-messages.controller.js';
import { BillStatusController } from './bill-status.controller.js';
import { BillStatusService } from './bill-status.service.js';

/**
 * Paid, due soon, overdue per bill occurrence. Exports BillStatusService: the dashboard uses
 * its statuses, and other features (bill reminders) ask it `paidOccurrenceKeys(userId, from, to)`.
 */
@Module({
  imports: [TypeOrmModule.forFeature([Bill, BillPaidMark, BankPayments])],
  controllers: [BillStatusController, BillPaymentsMessagesController],
  providers: [BillStatusService],
  exports: [BillStatusService],
})
export class BillStatusModule {}
