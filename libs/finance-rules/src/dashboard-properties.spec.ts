// Properties of computeDashboard over generated data sets (src/testing/generated-data.ts): what must
// hold for any input, checked by hand-written invariants rather than by a second implementation,
// and each panel equal to the public rule that owns it.
import { describe, expect, it } from 'vitest';
import {
  addDays,
  buildPaymentSchedule,
  buildTimeWindows,
  computeDashboard,
  computeQuickStats,
  confidenceBand,
  dashboardIncomeHorizonDays,
  dayOfWeek,
  daysBetween,
  daysInMonth,
  EMERGENCY_FUND_MONTHS,
  expandBills,
  INCOME_MATCH_MAX_DAYS,
  isBusinessDay,
  MAX_TIPS,
  monthlyBillsCents,
  monthlyIncomeCents,
  parseIsoDate,
  projectIncome,
  SCHEDULE_INCOME_HORIZON_DAYS,
  SCHEDULE_OCCURRENCE_COUNTS,
  toDayNumber,
  type DashboardData,
  type DashboardInput,
  type WindowItem,
} from './index.js';
import { generateDataSet } from './testing/generated-data.js';

const TODAYS = ['2026-03-10', '2024-02-29', '2025-12-31', '2026-01-31', '2026-03-15', '2027-02-28', '2028-12-01', '2026-06-30', '2026-03-14'];
const inputs: DashboardInput[] = Array.from({ length: 54 }, (_, i) => ({
  ...generateDataSet({ seed: 100 + i, billCount: 1 + ((i * 17) % 100), incomeCount: i % 6, today: TODAYS[i % TODAYS.length]! }),
  laterWindowDays: 7 * (1 + (i % 6)),
  ...(i % 5 === 0 ? { bankAnalytics: { monthlyIncomeCents: 300_000 + i, savingsRatePercent: i % 25 } } : {}),
}));
const cases = inputs.map((input) => [`${input.bills.length} bills, ${input.incomes.length} incomes, ${input.today}, window ${input.laterWindowDays}`, input, computeDashboard(input)] as const);

const offset = (today: string, date: string) => daysBetween(today, date);
const sum = (items: readonly { amountCents: number }[]) => items.reduce((total, item) => total + item.amountCents, 0);
const windowsOf = (d: DashboardData) => [d.windows.thisWeek, d.windows.nextWeek, d.windows.later];

describe.each(cases)('computeDashboard properties: %s', (_name, input, dashboard) => {
  const { today } = input;
  const laterWindowDays = input.laterWindowDays!;

  it('is each panel of the rule that owns it', () => {
    const billOccurrences = expandBills(input.bills, today);
    expect(dashboard.incomeHorizonDays).toBe(dashboardIncomeHorizonDays(laterWindowDays));
    expect(dashboard.paymentSchedule).toEqual(buildPaymentSchedule(input.bills, input.incomes, today));
    expect(dashboard.windows).toEqual(buildTimeWindows(billOccurrences, projectIncome(input.incomes, today, dashboard.incomeHorizonDays), today, laterWindowDays));
    expect(dashboard.quickStats).toEqual(computeQuickStats(billOccurrences, today));
    expect(dashboard.summary.monthlyBillsCents).toBe(monthlyBillsCents(input.bills, today));
    const ownIncome = monthlyIncomeCents(input.incomes, today);
    expect(dashboard.summary.monthlyIncomeCents).toBe(ownIncome > 0 ? ownIncome : (input.bankAnalytics?.monthlyIncomeCents ?? 0));
  });

  it('schedules every bill occurrence: a payday 0-30 days before its due date, or the current balance; scored and sorted', () => {
    const keys = dashboard.paymentSchedule.map((s) => [s.suggestedDate, s.dueDate, s.billName].join(' '));
    expect(keys).toEqual([...keys].sort());
    expect(new Set(dashboard.paymentSchedule.map((s) => s.id)).size).toBe(dashboard.paymentSchedule.length);
    expect(dashboard.paymentSchedule.length).toBe(expandBills(input.bills, today, SCHEDULE_OCCURRENCE_COUNTS).length);
    for (const s of dashboard.paymentSchedule) {
      expect(s.id).toBe(`${s.billId}:${s.dueDate}`);
      expect(offset(today, s.suggestedDate)).toBeGreaterThanOrEqual(0);
      expect(s.daysBeforeDue).toBe(offset(s.suggestedDate, s.dueDate));
      expect(s.confidence).toBeGreaterThanOrEqual(50);
      expect(s.confidence).toBeLessThanOrEqual(100);
      expect(s.band).toBe(confidenceBand(s.confidence));
      if (s.incomeDate === null) {
        expect(s.funding).toBe('current-balance');
        expect(s.band).toBe('alert');
        continue;
      }
      // A paycheck of the last 30 days can fund a bill (it is the money in hand, as safe to spend counts it).
      expect(offset(today, s.incomeDate)).toBeGreaterThanOrEqual(-INCOME_MATCH_MAX_DAYS);
      expect(offset(today, s.incomeDate)).toBeLessThanOrEqual(Math.max(SCHEDULE_INCOME_HORIZON_DAYS, offset(today, s.dueDate)));
      expect(offset(s.incomeDate, s.dueDate)).toBeGreaterThanOrEqual(0);
      expect(offset(s.incomeDate, s.dueDate)).toBeLessThanOrEqual(INCOME_MATCH_MAX_DAYS);
      expect(s.daysAfterIncome).toBe(offset(s.incomeDate, s.suggestedDate));
      // Never before the paycheck that funds it, and so never 'before-paycheck'.
      expect(s.daysAfterIncome).toBeGreaterThanOrEqual(0);
      expect(s.funding).toBe('after-paycheck');
      expect(isBusinessDay(toDayNumber(s.incomeDate))).toBe(true);
    }
    for (const s of dashboard.paymentSchedule) {
      // On or before the due date, on a business day unless none is left before it.
      expect(s.daysBeforeDue).toBeGreaterThanOrEqual(0);
      expect(isBusinessDay(toDayNumber(s.suggestedDate)) || s.adjustments.includes('no-business-day')).toBe(true);
    }
  });

  it('splits days 0-7, 8-14 and 15..14 + window into sorted panels with their totals', () => {
    const ranges = [[0, 7], [8, 14], [15, 14 + laterWindowDays]] as const;
    windowsOf(dashboard).forEach((window, i) => {
      const [first, last] = ranges[i]!;
      expect([offset(today, window.startDate), offset(today, window.endDate)]).toEqual([first, last]);
      const days = window.items.map((item) => offset(today, item.date));
      expect(days).toEqual([...days].sort((a, b) => a - b));
      for (const day of days) expect(day >= first && day <= last).toBe(true);
      const ofKind = (kind: WindowItem['kind']) => window.items.filter((item) => item.kind === kind);
      expect(window.billsTotalCents).toBe(sum(ofKind('bill')));
      expect(window.incomeTotalCents).toBe(sum(ofKind('income')));
    });
  });

  it('places every bill occurrence due in the panels\' range in exactly one panel', () => {
    const inRange = expandBills(input.bills, today).filter((b) => offset(today, b.dueDate) <= 14 + laterWindowDays);
    const placed = windowsOf(dashboard).flatMap((w) => w.items.filter((item) => item.kind === 'bill'));
    expect(placed.map((b) => `${b.billId} ${b.date}`).sort()).toEqual(inRange.map((b) => `${b.billId} ${b.dueDate}`).sort());
  });

  it('counts this week up to the coming Sunday and quick stats to the Sunday after', () => {
    const { endDate, count, totalCents } = dashboard.summary.upcomingBillsThisWeek;
    expect(dayOfWeek(endDate)).toBe(0);
    expect(offset(today, endDate)).toBeGreaterThanOrEqual(1);
    expect(offset(today, endDate)).toBeLessThanOrEqual(7);
    const dueBy = (end: string) => expandBills(input.bills, today).filter((b) => offset(b.dueDate, end) >= 0);
    expect([count, totalCents]).toEqual([dueBy(endDate).length, sum(dueBy(endDate))]);
    expect(dashboard.quickStats.upcomingBillsEndDate).toBe(addDays(endDate, 7));
    expect(dashboard.quickStats.upcomingBillsCount).toBe(dueBy(addDays(endDate, 7)).length);
    const { year, month, day } = parseIsoDate(today);
    expect(dashboard.quickStats.daysRemainingInMonth).toBe(daysInMonth(year, month) - day);
  });

  it('keeps the summary, emergency fund and tips consistent', () => {
    const { summary, emergencyFund, tips } = dashboard;
    expect(summary.spendingBalanceCents).toBe(summary.monthlyIncomeCents - summary.monthlyBillsCents);
    expect(emergencyFund.goalCents).toBe(EMERGENCY_FUND_MONTHS * Math.max(0, summary.monthlyBillsCents));
    expect(emergencyFund.progressPercent).toBeGreaterThanOrEqual(0);
    expect(emergencyFund.progressPercent).toBeLessThanOrEqual(100);
    expect(tips.length).toBeLessThanOrEqual(MAX_TIPS);
    const severity = { urgent: 0, warning: 1, info: 2, success: 3 };
    const order = tips.map((t) => severity[t.type]);
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it('answers the same JSON every time', () => {
    expect(JSON.stringify(computeDashboard(input))).toBe(JSON.stringify(dashboard));
  });
});
