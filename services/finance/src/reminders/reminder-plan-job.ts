import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { REMINDER_SEND_HOUR, reminderKey, type PlanRemindersJob } from '@paycadence/contracts';
import { addDays } from '@paycadence/finance-rules';
import { CLOCK, JobHandler, JobProducer, type Clock } from '@paycadence/nest-kit';
import type { DataSource } from 'typeorm';
import { localMoment, utcOf } from './local-time.js';
import {
  NEXT_REMINDER_HORIZON_DAYS,
  nextReminderDay,
  nextReminderWindow,
  plannedReminders,
} from './planned-reminders.js';
import { ReminderPlanner } from './reminder-planner.js';

/** While household does not answer, shared items are missing from the plan: it is made again this soon. */
const HOUSEHOLD_RETRY_MS = 15 * 60_000;
/**
 * After queuing sends, the user is planned again this soon: a send that used up its retries (the mail server or
 * auth down for longer) wrote no ledger row, so the next plan queues it again while it is still due; one that
 * went out is in the ledger by then and drops out.
 */
export const SENT_CHECK_MS = 30 * 60_000;

interface SettingsRow {
  bills: boolean;
  income: boolean;
  days_before: number;
  time_zone: string;
  plan_version: string;
}

/**
 * One user's reminders, when the scan found their moment due ('plan-reminders'): queues a 'send-reminder' job for
 * each reminder due now and not in the ledger, then stores the next moment one becomes due (docs/reminders.md).
 * The plan is made from the data as it is when the job runs, whatever version the scan saw, and the moment is
 * stored only if the plan version read before that data is still the row's: a change committed while it planned
 * (a bill, a paid mark, the settings) bumped the version and left the user stale, so the next scan plans them
 * again from the new data.
 */
@Injectable()
export class ReminderPlanJob {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(ReminderPlanner) private readonly planner: ReminderPlanner,
    @Inject(JobProducer) private readonly jobs: JobProducer,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @JobHandler('plan-reminders')
  async plan(job: PlanRemindersJob): Promise<void> {
    const [row] = (await this.dataSource.query(
      `SELECT bills, income, days_before, time_zone, plan_version FROM reminder_settings WHERE user_id = $1`,
      [job.userId],
    )) as SettingsRow[];
    if (!row) return; // the account is gone
    // Planned from the data as it is now, and stored under the version read before it (see the class comment).
    const version = Number(row.plan_version);
    if (!row.bills && !row.income) return this.store(job.userId, version, null, null);

    const settings = {
      userId: job.userId,
      bills: row.bills,
      income: row.income,
      daysBefore: row.days_before,
      timeZone: row.time_zone,
    };
    const now = this.clock.now();
    const local = localMoment(now, settings.timeZone);
    const { input, memberships } = await this.planner.inputFor(
      settings,
      local,
      nextReminderWindow(local.date, settings.daysBefore),
    );
    const sent = await this.sentKeys(job.userId, local.date);
    const due = plannedReminders(input).filter((plan) => !sent.has(reminderKey(plan.job)));
    for (const plan of due) await this.jobs.enqueue('send-reminder', plan.job);

    const handled = new Set([...sent, ...due.map((plan) => reminderKey(plan.job))]);
    const day = nextReminderDay({ ...input, handled }) ?? addDays(local.date, NEXT_REMINDER_HORIZON_DAYS);
    let next = utcOf(day, REMINDER_SEND_HOUR, settings.timeZone);
    if (due.length > 0) next = new Date(Math.min(next.getTime(), now.getTime() + SENT_CHECK_MS));
    if (memberships === null) next = new Date(Math.min(next.getTime(), now.getTime() + HOUSEHOLD_RETRY_MS));
    await this.store(job.userId, version, next, memberships?.map((m) => m.householdId) ?? null);
  }

  /** Keys of the reminders already sent for occurrences from `from` on. */
  private async sentKeys(userId: string, from: string): Promise<Set<string>> {
    const rows = (await this.dataSource.query(
      `SELECT reminder_key FROM reminder_deliveries WHERE user_id = $1 AND occurrence_date >= $2`,
      [userId, from],
    )) as { reminder_key: string }[];
    return new Set(rows.map((r) => r.reminder_key));
  }

  /** `householdIds` null: keep the ones stored (household did not answer). */
  private async store(
    userId: string,
    version: number,
    next: Date | null,
    householdIds: string[] | null,
  ): Promise<void> {
    await this.dataSource.query(
      `UPDATE reminder_settings SET next_reminder_at = $2, household_ids = COALESCE($3::uuid[], household_ids)
        WHERE user_id = $1 AND plan_version = $4`,
      [userId, next, householdIds, version],
    );
  }
}
