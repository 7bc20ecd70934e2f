import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BillStatusModule } from '../bill-status/bill-status.module.js';
import { BillStatusService } from '../bill-status/bill-status.service.js';
import { DashboardModule } from '../dashboard/dashboard.module.js';
import { PushWorkerModule } from '../push/push.module.js';
import { AuthDirectoryClient } from './auth-directory.client.js';
import { PAID_OCCURRENCES } from './paid-occurrences.js';
import { ReminderDelivery } from './reminder-delivery.entity.js';
import { ReminderPlanJob } from './reminder-plan-job.js';
import { ReminderPlanner } from './reminder-planner.js';
import { ReminderPushSender } from './reminder-push-sender.js';
import { ReminderSchedule } from './reminder-schedule.js';
import { ReminderScanner } from './reminder-scanner.js';
import { ReminderSender } from './reminder-sender.js';
import { ReminderSettingsRow } from './reminder-settings.entity.js';
import { ReminderSettingsService } from './reminder-settings.service.js';
import { RemindersController } from './reminders.controller.js';
import { UnsubscribeController } from './unsubscribe.controller.js';

export const REMINDER_ENTITIES = [ReminderSettingsRow, ReminderDelivery];

/** The HTTP side: the Notifications settings and the public unsubscribe page. */
@Module({
  imports: [TypeOrmModule.forFeature(REMINDER_ENTITIES)],
  controllers: [RemindersController, UnsubscribeController],
  providers: [ReminderSettingsService],
  exports: [ReminderSettingsService],
})
export class RemindersModule {}

/**
 * The worker side (dist/worker.js): the scan, the planning and the senders (e-mail, devices) of the 'reminders' queue.
 * PAID_OCCURRENCES is the bill status service: an occurrence paid from the bank or marked paid gets no reminder.
 */
@Module({
  imports: [TypeOrmModule.forFeature(REMINDER_ENTITIES), DashboardModule, BillStatusModule, PushWorkerModule],
  providers: [
    ReminderPlanner,
    ReminderPlanJob,
    ReminderScanner,
    ReminderSender,
    ReminderPushSender,
    ReminderSchedule,
    AuthDirectoryClient,
    { provide: PAID_OCCURRENCES, useExisting: BillStatusService },
  ],
})
export class RemindersWorkerModule {}
