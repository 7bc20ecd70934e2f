import { Inject, Injectable } from '@nestjs/common';
import { REMINDER_SEND_HOUR } from '@paycadence/contracts';
import { CLOCK, type Clock } from '@paycadence/nest-kit';
import { DashboardService } from '../dashboard/dashboard.service.js';
import { localMoment } from './local-time.js';
import { PAID_OCCURRENCES, type PaidOccurrences } from './paid-occurrences.js';
import { planWindow, plannedReminders, type ReminderPlan } from './planned-reminders.js';
import type { ReminderSettingsRow } from './reminder-settings.entity.js';

/**
 * The reminders due now for one user, from their current data: what the dashboard shows them (shared household
 * items included), minus paid occurrences, on their own wall clock. The scan asks it to find reminders and each
 * send job asks again, so a bill paid, deleted or moved after the scan is not reminded of.
 */
@Injectable()
export class ReminderPlanner {
  constructor(
    @Inject(DashboardService) private readonly dashboard: DashboardService,
    @Inject(PAID_OCCURRENCES) private readonly paid: PaidOccurrences,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async plansFor(settings: ReminderSettingsRow): Promise<ReminderPlan[]> {
    const local = localMoment(this.clock.now(), settings.timeZone);
    // Before the send hour nothing is due: spare the queries.
    if (local.hour < REMINDER_SEND_HOUR || (!settings.bills && !settings.income)) return [];
    const { bills, incomes } = await this.dashboard.scheduleFor(settings.userId, local.date);
    const window = planWindow(local.date, settings.daysBefore);
    const paid = await this.paid.paidOccurrenceKeys(settings.userId, window.from, window.to);
    return plannedReminders({
      userId: settings.userId,
      settings: { bills: settings.bills, income: settings.income, daysBefore: settings.daysBefore },
      local,
      bills,
      incomes,
      paid,
    });
  }
}
