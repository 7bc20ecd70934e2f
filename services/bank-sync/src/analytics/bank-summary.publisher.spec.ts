import { FINANCE_PATTERNS } from '@paycadence/contracts';
import { fixedClock } from '@paycadence/nest-kit';
import { monthlyBreakdown } from './analytics-math.js';
import { BankSummaryPublisher } from './bank-summary.publisher.js';

const clock = fixedClock('2026-03-10T06:30:00.000Z');
const breakdown = monthlyBreakdown('2026-03-10', [
  { month: '2026-01', income: 4000, expenses: 3800, transactionCount: 30 },
  { month: '2026-02', income: 4200, expenses: 3900, transactionCount: 28 },
]);

function publisherWith(finance: Partial<Record<'financeListening' | 'storeBankSummary', jest.Mock>>) {
  const analytics = { monthlyBreakdownFor: jest.fn(async () => breakdown), spendableBalanceCentsFor: jest.fn(async () => 214_000) };
  const client = { financeListening: jest.fn(async () => true), storeBankSummary: jest.fn(async () => true), ...finance };
  return { publisher: new BankSummaryPublisher(analytics as never, client as never, clock), analytics, client };
}

describe('BankSummaryPublisher', () => {
  it("sends the user's figures, stamped with the clock, and answers 'stored'", async () => {
    const { publisher, client, analytics } = publisherWith({});
    expect(await publisher.publish('u1')).toBe('stored');
    expect(analytics.monthlyBreakdownFor).toHaveBeenCalledWith('u1');
    expect(client.financeListening).toHaveBeenCalledWith(FINANCE_PATTERNS.storeBankSummary);
    expect(client.storeBankSummary).toHaveBeenCalledWith({
      userId: 'u1',
      monthlyIncomeCents: 410_000,
      savingsRatePercent: 6.1, // (8200 - 7700) / 8200
      cashBalanceCents: 214_000,
      computedAt: '2026-03-10T06:30:00.000Z',
    });
  });

  it("answers 'older' when finance holds a newer summary", async () => {
    const { publisher } = publisherWith({ storeBankSummary: jest.fn(async () => false) });
    expect(await publisher.publish('u1')).toBe('older');
  });

  it('sends nothing while finance is not listening', async () => {
    const { publisher, client } = publisherWith({ financeListening: jest.fn(async () => false) });
    expect(await publisher.publish('u1')).toBe('not-listening');
    expect(client.storeBankSummary).not.toHaveBeenCalled();
  });

  it("never rejects: a refusal or a timeout is logged and answered 'failed'", async () => {
    const { publisher } = publisherWith({ storeBankSummary: jest.fn(async () => Promise.reject(new Error('finance did not answer'))) });
    jest.spyOn(publisher['logger'], 'warn').mockImplementation(() => undefined);
    expect(await publisher.publish('u1')).toBe('failed');
  });
});
