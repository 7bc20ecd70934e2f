import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { channelSendsEmail, channelSendsToDevices, REMINDER_SEND_HOUR, reminderKey, type PlanRemindersJob, type ReminderChannel, type ReminderKind } from '@paycadence/contracts';
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
import { deviceChannel, EMAIL_CHANNEL } from './reminder-delivery.entity.js';
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
  bill_channel: ReminderChannel;
  income_channel: ReminderChannel;
}

/** contracts' reminderKey ends in the kind. */
const kindOfKey = (key: string): ReminderKind => (key.endsWith(':payday') ? 'payday' : 'bill-due');

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
      `SELECT bills, income, days_before, time_zone, plan_version, bill_channel, income_channel FROM reminder_settings WHERE user_id = $1`,
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
    const sent = await this.handledKeys(job.userId, local.date, row);
    const due = plannedReminders(input).filter((plan) => !sent(reminderKey(plan.job)));
    for (const plan of due) await this.jobs.enqueue('send-reminder', plan.job);

    const queued = new Set(due.map((plan) => reminderKey(plan.job)));
    const handled = { has: (key: string) => queued.has(key) || sent(key) };
    const day = nextReminderDay({ ...input, handled }) ?? addDays(local.date, NEXT_REMINDER_HORIZON_DAYS);
    let next = utcOf(day, REMINDER_SEND_HOUR, settings.timeZone);
    if (due.length > 0) next = new Date(Math.min(next.getTime(), now.getTime() + SENT_CHECK_MS));
    if (memberships === null) next = new Date(Math.min(next.getTime(), now.getTime() + HOUSEHOLD_RETRY_MS));
    await this.store(job.userId, version, next, memberships?.map((m) => m.householdId) ?? null);
  }

  /**
   * Whether a reminder (for an occurrence from `from` on) needs nothing more: every channel its kind goes to has its
   * ledger row (the e-mail; each of the user's devices now). A kind sent to devices only, while the user has none,
   * needs nothing: adding a device marks the plan stale (push_subscriptions' trigger) and it is planned again.
   */
  private async handledKeys(userId: string, from: string, row: SettingsRow): Promise<(key: string) => boolean> {
    const rows = (await this.dataSource.query(
      `SELECT reminder_key, channel FROM reminder_deliveries WHERE user_id = $1 AND occurrence_date >= $2`,
      [userId, from],
    )) as { reminder_key: string; channel: string }[];
    const wantsDevices = channelSendsToDevices(row.bill_channel) || channelSendsToDevices(row.income_channel);
    const devices = wantsDevices
      ? ((await this.dataSource.query(`SELECT id FROM push_subscriptions WHERE user_id = $1`, [userId])) as { id: string }[]).map((device) => deviceChannel(device.id))
      : [];
    const needed = (kind: ReminderKind): string[] => {
      const channel = kind === 'payday' ? row.income_channel : row.bill_channel;
      return [...(channelSendsEmail(channel) ? [EMAIL_CHANNEL] : []), ...(channelSendsToDevices(channel) ? devices : [])];
    };
    const done = new Map<string, Set<string>>();
    for (const { reminder_key: key, channel } of rows) done.set(key, (done.get(key) ?? new Set()).add(channel));
    return (key) => {
      const channels = done.get(key);
      return needed(kindOfKey(key)).every((channel) => channels?.has(channel) ?? false);
    };
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
