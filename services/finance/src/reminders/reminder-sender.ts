import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { channelSendsEmail, channelSendsToDevices, reminderKey, reminderUnsubscribePath, type DirectoryUser, type SendReminderJob } from '@paycadence/contracts';
import { CLOCK, InjectServiceConfig, JobHandler, MAIL_SENDER, type Clock, type MailSender } from '@paycadence/nest-kit';
import type { DataSource, Repository } from 'typeorm';
import type { FinanceConfig } from '../config.js';
import { AuthDirectoryClient } from './auth-directory.client.js';
import type { ReminderPlan } from './planned-reminders.js';
import { reminderMail } from './reminder-mail.js';
import { ReminderPlanner } from './reminder-planner.js';
import { ReminderPushSender } from './reminder-push-sender.js';
import { ReminderSettingsRow } from './reminder-settings.entity.js';
import { hashUnsubscribeToken, newUnsubscribeToken } from './unsubscribe-token.js';

/** How soon a user whose address is not confirmed yet is planned again (see ReminderSender). */
export const UNCONFIRMED_RETRY_MS = 60 * 60_000;

/** docs/product/accounts.md greeting rule: the first name, else the part of the e-mail before the @, else 'there'. */
export const greetingName = (user: Pick<DirectoryUser, 'email' | 'firstName'>): string =>
  user.firstName?.trim() || user.email.split('@')[0] || 'there';

/**
 * Sends one reminder ('send-reminder') on the channels the user chose for its kind: e-mail, their devices (Web Push,
 * ReminderPushSender) or both, each once. The e-mail's ledger row (channel 'email') is inserted in the same
 * transaction that then sends it: a second worker holding the same job waits on the row's key and then finds it
 * taken; a failed send rolls the row back, so the retry sends. The one gap left is a crash between the mail server
 * accepting the e-mail and the commit: the retry then sends it again (at least once beats never for a rent reminder).
 * A channel that fails does not hold the other back; the job then fails and its retry sends only what is missing.
 */
@Injectable()
export class ReminderSender {
  constructor(
    @InjectRepository(ReminderSettingsRow) private readonly settings: Repository<ReminderSettingsRow>,
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(ReminderPlanner) private readonly planner: ReminderPlanner,
    @Inject(AuthDirectoryClient) private readonly directory: AuthDirectoryClient,
    @Inject(ReminderPushSender) private readonly pushes: ReminderPushSender,
    @Inject(MAIL_SENDER) private readonly mail: MailSender,
    @Inject(CLOCK) private readonly clock: Clock,
    @InjectServiceConfig() private readonly config: FinanceConfig,
  ) {}

  @JobHandler('send-reminder')
  async send(job: SendReminderJob): Promise<void> {
    const key = reminderKey(job);
    const settings = await this.settings.findOneBy({ userId: job.userId });
    // Turned off (or unsubscribed) since the scan: nothing to send.
    if (!settings || !(job.kind === 'bill-due' ? settings.bills : settings.income)) return;
    // Still due? (paid, deleted or moved since the scan, or the user's day is over)
    const plan = (await this.planner.plansFor(settings)).find((candidate) => reminderKey(candidate.job) === key);
    if (!plan) return;
    const channel = job.kind === 'bill-due' ? settings.billChannel : settings.incomeChannel;
    const failures: unknown[] = [];
    if (channelSendsToDevices(channel)) await this.pushes.send(job, key, plan, settings.timeZone).catch((error: unknown) => failures.push(error));
    if (channelSendsEmail(channel)) await this.sendEmail(job, key, plan).catch((error: unknown) => failures.push(error));
    if (failures.length > 0) throw failures[0];
  }

  private async sendEmail(job: SendReminderJob, key: string, plan: ReminderPlan): Promise<void> {
    const user = await this.directory.user(job.userId);
    if (!user) return; // the account is gone
    // Nobody proved the address yet: a reminder would mail a stranger whose address was typed at sign-up. The user
    // is planned again in UNCONFIRMED_RETRY_MS, so a reminder still due then goes out once the address is proved.
    if (!user.emailConfirmed) return this.planAgainLater(job.userId);
    const token = newUnsubscribeToken();
    await this.dataSource.transaction(async (manager) => {
      const inserted: unknown[] = await manager.query(
        `INSERT INTO reminder_deliveries (reminder_key, channel, user_id, kind, occurrence_date, unsubscribe_token_hash, sent_at)
         VALUES ($1, 'email', $2, $3, $4, $5, $6) ON CONFLICT (reminder_key, channel) DO NOTHING RETURNING reminder_key`,
        [key, job.userId, job.kind, job.date, hashUnsubscribeToken(token), this.clock.now()],
      );
      if (inserted.length === 0) return; // sent before
      await this.mail.send(
        reminderMail({
          to: user.email,
          name: greetingName(user),
          plan,
          appUrl: this.config.APP_URL.replace(/\/+$/, ''),
          unsubscribeUrl: `${this.config.APP_URL.replace(/\/+$/, '')}${reminderUnsubscribePath(token)}`,
        }),
      );
    });
  }

  /**
   * Replaces the user's next reminder moment with UNCONFIRMED_RETRY_MS from now, bumping the plan version so a plan
   * being made right now does not store its moment over this one (docs/reminders.md).
   */
  private async planAgainLater(userId: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE reminder_settings SET next_reminder_at = $2, plan_version = plan_version + 1
        WHERE user_id = $1 AND (bills OR income)`,
      [userId, new Date(this.clock.now().getTime() + UNCONFIRMED_RETRY_MS)],
    );
  }
}
