import { describe, expect, it } from 'vitest';
import { generateBankData } from './bank-data-generator.mjs';
import { dayOfWeek, daysBetween } from './calendar.mjs';

const END = '2026-11-23';

describe('generateBankData', () => {
  it('is deterministic per seed and differs between seeds', () => {
    expect(generateBankData({ seed: 'a', endDate: END })).toEqual(
      generateBankData({ seed: 'a', endDate: END }),
    );
    expect(generateBankData({ seed: 'b', endDate: END }).transactions).not.toEqual(
      generateBankData({ seed: 'a', endDate: END }).transactions,
    );
  });

  it('covers 24 months of history ending today', () => {
    const { transactions } = generateBankData({ seed: 'history', endDate: END });
    expect(transactions[0].date <= '2024-11-30').toBe(true);
    expect(transactions.at(-1).date <= END).toBe(true);
    expect(transactions.length).toBeGreaterThan(500);
  });

  it('keeps true streams that match the transactions it generated', () => {
    for (const seed of ['s1', 's2', 's3', 's4', 's5']) {
      const { transactions, streams } = generateBankData({ seed, endDate: END });
      const byId = new Map(transactions.map((transaction) => [transaction.transaction_id, transaction]));
      expect(streams.some((stream) => stream.direction === 'inflow')).toBe(true);
      for (const stream of streams) {
        const members = stream.transaction_ids.map((id) => byId.get(id));
        expect(members.every(Boolean)).toBe(true);
        expect(members.map((member) => member.date)).toEqual(stream.dates);
        expect(stream.predicted_next_date > END).toBe(true);
        // Amounts stay within the 7.5% tolerance detection uses, except a subscription's price rise.
        for (const amount of stream.amounts) {
          expect(Math.abs(amount - stream.average_amount) / stream.average_amount).toBeLessThan(0.075);
        }
      }
    }
  });

  it('moves bills due on a weekend to Monday and pay to Friday', () => {
    for (const seed of ['w1', 'w2', 'w3']) {
      const { streams } = generateBankData({ seed, endDate: END });
      for (const stream of streams.filter((candidate) => candidate.account_id === streams[0].account_id)) {
        for (const date of stream.dates) expect([0, 6]).not.toContain(dayOfWeek(date));
      }
    }
  });

  it('has a biweekly, semi-monthly or monthly pay, quarterly insurance, an annual fee and a price rise', () => {
    const frequencies = new Set();
    for (let seed = 0; seed < 12; seed += 1) {
      const { streams } = generateBankData({ seed, endDate: END });
      for (const stream of streams) frequencies.add(`${stream.direction}:${stream.frequency}`);
      const spotify = streams.find((stream) => stream.merchant_name === 'Spotify');
      expect(spotify.price_changed).toBe(true);
      const insurance = streams.find((stream) => stream.frequency === 'QUARTERLY');
      expect(daysBetween(insurance.dates[0], insurance.dates[1])).toBeGreaterThan(85);
    }
    expect(frequencies).toEqual(
      new Set([
        'inflow:BIWEEKLY',
        'inflow:SEMI_MONTHLY',
        'inflow:MONTHLY',
        'outflow:MONTHLY',
        'outflow:QUARTERLY',
        'outflow:ANNUALLY',
      ]),
    );
  });
});
