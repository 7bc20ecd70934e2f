import { Inject, Injectable } from '@nestjs/common';
import { REMINDER_SEND_HOUR, type Membership } from '@paycadence/contracts';
import { CLOCK, type Clock } from '@paycadence/nest-kit';
import { DashboardService } from '../dashboard/dashboard.service.js';
import { localMoment, type LocalMoment } from './local-time.js';
import { PAID_OCCURRENCES, type PaidOccurrences } from './paid-occurrences.js';
import { planWindow, plannedReminders, type PlanInput, type ReminderPlan } from './planned-reminders.js';

/** What a user's reminders are decided by: their toggles, days before and time zone. */
export type ReminderSettingsOf = Pick<PlanInput['settings'], 'bills' | 'income' | 'daysBefore'> & {
  userId: string;
  timeZone: string;
};

/**
 * A user's reminders from their current data: what the dashboard shows them (shared household items included),
 * minus paid occurrences, on their own wall clock. The planning job asks it what is due now and when the next one
 * is; each send job asks again, so a bill paid, deleted or moved after the plan is not reminded of.
 */
@Injectable()
export class ReminderPlanner {
  constructor(
    @Inject(DashboardService) private readonly dashboard: DashboardService,
    @Inject(PAID_OCCURRENCES) private readonly paid: PaidOccurrences,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** The reminders due now. */
  async plansFor(settings: ReminderSettingsOf): Promise<ReminderPlan[]> {
    const local = localMoment(this.clock.now(), settings.timeZone);
    // Before the send hour nothing is due: spare the queries.
    if (local.hour < REMINDER_SEND_HOUR || (!settings.bills && !settings.income)) return [];
    const { input } = await this.inputFor(settings, local, planWindow(local.date, settings.daysBefore));
    return plannedReminders(input);
  }

  /**
   * The rules' input for the user at `local`, with the paid occurrences of `paidWindow`, and the households the
   * shared items came from (null: household did not answer, so personal items only).
   */
  async inputFor(
    settings: ReminderSettingsOf,
    local: LocalMoment,
    paidWindow: { from: string; to: string },
  ): Promise<{ input: PlanInput; memberships: Membership[] | null }> {
    const { bills, incomes, memberships } = await this.dashboard.scheduleFor(settings.userId, local.date);
    const paid = await this.paid.paidOccurrenceKeys(settings.userId, paidWindow.from, paidWindow.to);
    const input: PlanInput = {
      userId: settings.userId,
      settings: { bills: settings.bills, income: settings.income, daysBefore: settings.daysBefore },
      local,
      bills,
      incomes,
      paid,
    };
    return { input, memberships };
  }
}
