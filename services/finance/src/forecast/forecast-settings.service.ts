import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import type { ForecastSettings, ForecastSettingsUpdate } from '@paycadence/contracts';
import { ForecastSettingsRow } from './forecast-settings.entity.js';

/**
 * The signed-in user's low-balance threshold, read and written by the token's user id only. A write bumps the
 * user's data version (trigger), so the cached dashboard is recomputed with the new threshold on the next load.
 */
@Injectable()
export class ForecastSettingsService {
  constructor(@InjectRepository(ForecastSettingsRow) private readonly rows: Repository<ForecastSettingsRow>) {}

  async thresholdFor(userId: string): Promise<number> {
    const row = await this.rows.findOne({ where: { userId } });
    return row?.lowBalanceThresholdCents ?? 0;
  }

  async get(userId: string): Promise<ForecastSettings> {
    return { lowBalanceThresholdCents: await this.thresholdFor(userId) };
  }

  /** One statement; setting the same value again leaves the data version (and the cached dashboard) alone. */
  async update(userId: string, { lowBalanceThresholdCents }: ForecastSettingsUpdate): Promise<ForecastSettings> {
    await this.rows.query(
      `INSERT INTO forecast_settings AS s (user_id, low_balance_threshold_cents) VALUES ($1, $2)
       ON CONFLICT (user_id) DO UPDATE SET low_balance_threshold_cents = EXCLUDED.low_balance_threshold_cents, updated_at = now()
         WHERE s.low_balance_threshold_cents IS DISTINCT FROM EXCLUDED.low_balance_threshold_cents`,
      [userId, lowBalanceThresholdCents],
    );
    return { lowBalanceThresholdCents };
  }
}
