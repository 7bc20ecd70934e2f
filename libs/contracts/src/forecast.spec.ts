import { describe, expect, it } from 'vitest';
import { FORECAST_MESSAGES, ForecastSettingsUpdateSchema, MAX_LOW_BALANCE_THRESHOLD_CENTS } from './forecast.js';

const firstMessage = (body: unknown) => {
  const parsed = ForecastSettingsUpdateSchema.safeParse(body);
  return parsed.success ? null : parsed.error.issues[0]?.message;
};

describe('ForecastSettingsUpdateSchema', () => {
  it.each([0, 1, 25_050, MAX_LOW_BALANCE_THRESHOLD_CENTS])('takes %i cents', (cents) => {
    expect(ForecastSettingsUpdateSchema.parse({ lowBalanceThresholdCents: cents })).toEqual({ lowBalanceThresholdCents: cents });
  });

  it.each([
    [{ lowBalanceThresholdCents: -1 }, FORECAST_MESSAGES.thresholdNegative],
    [{ lowBalanceThresholdCents: 0.5 }, FORECAST_MESSAGES.thresholdWhole],
    [{ lowBalanceThresholdCents: MAX_LOW_BALANCE_THRESHOLD_CENTS + 1 }, FORECAST_MESSAGES.thresholdTooLarge],
    [{ lowBalanceThresholdCents: Number.NaN }, FORECAST_MESSAGES.thresholdRequired],
    [{ lowBalanceThresholdCents: '500' }, FORECAST_MESSAGES.thresholdRequired],
    [{}, FORECAST_MESSAGES.thresholdRequired],
  ])('refuses %j: %s', (body, message) => {
    expect(firstMessage(body)).toBe(message);
  });

  it('refuses unknown keys, so no user id can ride along', () => {
    expect(ForecastSettingsUpdateSchema.safeParse({ lowBalanceThresholdCents: 1, userId: 'someone-else' }).success).toBe(false);
  });
});
