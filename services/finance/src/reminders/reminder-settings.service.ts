import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DEFAULT_REMINDER_CHANNELS, DEFAULT_REMINDER_SETTINGS, type ReminderChannels, type ReminderSettings, type UpdateReminderSettingsInput } from '@paycadence/contracts';
import type { IsoDate } from '@paycadence/finance-rules';
import { CLOCK, type Clock } from '@paycadence/nest-kit';
import type { Repository } from 'typeorm';
import { localMoment } from './local-time.js';
import { ReminderDelivery } from './reminder-delivery.entity.js';
import { ReminderSettingsRow } from './reminder-settings.entity.js';
import { hashUnsubscribeToken, wellFormedUnsubscribeToken } from './unsubscribe-token.js';

const toDto = (row: ReminderSettingsRow): ReminderSettings => ({
  bills: row.bills,
  income: row.income,
  suggestions: row.suggestions,
  updates: row.updates,
  days_before: row.daysBefore,
  channels: { bills: row.billChannel, income: row.incomeChannel },
  time_zone: row.timeZone,
  saved: true,
});

/** The signed-in user's Notifications settings, and turning reminders off from an e-mail's link. */
@Injectable()
export class ReminderSettingsService {
  constructor(
    @InjectRepository(ReminderSettingsRow) private readonly settings: Repository<ReminderSettingsRow>,
    @InjectRepository(ReminderDelivery) private readonly deliveries: Repository<ReminderDelivery>,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async get(userId: string): Promise<ReminderSettings> {
    const row = await this.settings.findOneBy({ userId });
    return row ? toDto(row) : DEFAULT_REMINDER_SETTINGS;
  }

  /** The user's calendar day now: in the time zone their settings hold, else UTC (never saved). */
  async todayOf(userId: string): Promise<IsoDate> {
    const row = await this.settings.findOne({ select: { timeZone: true }, where: { userId } });
    return row ? localMoment(this.clock.now(), row.timeZone).date : (this.clock.today() as IsoDate);
  }

  /**
   * `input` was parsed by UpdateReminderSettingsSchema (the zone is canonical by then). Without `channels` the stored
   * ones stay: a client that predates them must not switch a device off.
   */
  async put(userId: string, input: UpdateReminderSettingsInput): Promise<ReminderSettings> {
    const channels = input.channels ?? (await this.storedChannels(userId));
    const row: ReminderSettingsRow = {
      userId,
      bills: input.bills,
      income: input.income,
      suggestions: input.suggestions,
      updates: input.updates,
      daysBefore: input.days_before,
      timeZone: input.time_zone,
      billChannel: channels.bills,
      incomeChannel: channels.income,
      updatedAt: this.clock.now(),
    };
    await this.settings.upsert(row, ['userId']);
    return toDto(row);
  }

  private async storedChannels(userId: string): Promise<ReminderChannels> {
    const row = await this.settings.findOne({ select: { billChannel: true, incomeChannel: true }, where: { userId } });
    return row ? { bills: row.billChannel, income: row.incomeChannel } : DEFAULT_REMINDER_CHANNELS;
  }

  /**
   * Has the worker plan these users' reminders again at its next scan (docs/reminders.md): what they see changed in
   * a way no finance table records, such as joining or leaving a household. Changes to finance's own data mark
   * the plan stale through the data_versions trigger instead.
   */
  async markPlansStale(userIds: readonly string[]): Promise<void> {
    await this.settings.query(
      `UPDATE reminder_settings SET next_reminder_at = '-infinity', plan_version = plan_version + 1
        WHERE user_id = ANY($1::text[]) AND (bills OR income)`,
      [userIds],
    );
  }

  /** Whether `tokenText` is a live unsubscribe token (the GET page asks before turning anything off). */
  async knowsToken(tokenText: string): Promise<boolean> {
    return (await this.ownerOf(tokenText)) !== null;
  }

  /**
   * Turns the reminder e-mails (bills and income) off for the owner of the e-mail this token was in; true when the
   * token is known. Doing it twice is no error; the other toggles stay as they were. The link is about e-mail: a
   * kind sent to e-mail and devices keeps its devices, a kind sent by e-mail only is turned off as before channels.
   */
  async unsubscribe(tokenText: string): Promise<boolean> {
    const userId = await this.ownerOf(tokenText);
    if (userId === null) return false;
    await this.settings.query(
      `UPDATE reminder_settings
          SET bills = bills AND bill_channel <> 'email',
              bill_channel = CASE WHEN bill_channel = 'both' THEN 'device' ELSE bill_channel END,
              income = income AND income_channel <> 'email',
              income_channel = CASE WHEN income_channel = 'both' THEN 'device' ELSE income_channel END,
              updated_at = $2
        WHERE user_id = $1`,
      [userId, this.clock.now()],
    );
    return true;
  }

  private async ownerOf(tokenText: string): Promise<string | null> {
    const token = wellFormedUnsubscribeToken(tokenText);
    if (token === null) return null;
    const delivery = await this.deliveries.findOne({ select: ['userId'], where: { unsubscribeTokenHash: hashUnsubscribeToken(token) } });
    return delivery?.userId ?? null;
  }
}
