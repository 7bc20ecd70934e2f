// Internal (not re-exported from index.ts): computeDashboard on day numbers. Each input date is parsed
// once here, every loop works on integers, each output date is formatted once, and the payment
// schedule finds its income by binary search over the sorted paydays. Same rules and output as
// dashboard-reference.ts (the snapshot and oracle tests hold them equal); see the public functions
// named in each comment for the spec sections.
import { compareText } from './compare.js';
import {
  DASHBOARD_OCCURRENCE_COUNTS,
  INCOME_MATCH_MAX_DAYS,
  PREFERRED_INCOME_MAX_DAYS,
  PREFERRED_INCOME_MIN_DAYS,
  SCHEDULE_INCOME_HORIZON_DAYS,
  SCHEDULE_OCCURRENCE_COUNTS,
  WEEK_DAYS,
} from './constants.js';
import { daysInMonth, MONTH_NAMES } from './dates.js';
import type { DashboardData, DashboardInput } from './dashboard.js';
import { DayFormatter, lowerBound, parseDayRef, upperBound, type DayRef } from './day-numbers.js';
import { dashboardIncomeHorizonDays, type IncomeOccurrence } from './income.js';
import type { QuickStats } from './quick-stats.js';
import type { BillOccurrence } from './recurrence.js';
import { scheduleOf, type Schedule } from './schedule.js';
import { explainSuggestion } from './suggestion-text.js';
import { confidenceBand, payDaysBeforeDue, scoreConfidence, type PaymentSuggestion } from './suggestions.js';
import { computeEmergencyFund, computeSummary } from './summary.js';
import { buildTips } from './tips.js';
import { BILL_RECURRENCES, INCOME_FREQUENCIES, type Bill, type IncomeSource } from './types.js';
import type { TimeWindow, TimeWindows, WindowItem } from './windows.js';

interface PreparedBill {
  bill: Bill;
  schedule: Schedule;
}

interface PreparedIncome {
  income: IncomeSource;
  schedule: Schedule;
}

/** A bill occurrence with its due date as a day number, plus its index within its bill's series. */
interface DatedBill {
  day: number;
  index: number;
  occurrence: BillOccurrence;
}

interface DatedIncome {
  day: number;
  occurrence: IncomeOccurrence;
}

const BILL_RECURRENCE_SET: ReadonlySet<string> = new Set(BILL_RECURRENCES);
const INCOME_FREQUENCY_SET: ReadonlySet<string> = new Set(INCOME_FREQUENCIES);

function prepareBills(bills: readonly Bill[]): PreparedBill[] | null {
  const prepared: PreparedBill[] = [];
  for (const bill of bills) {
    const anchor = parseDayRef(bill.dueDate);
    if (anchor === null || !BILL_RECURRENCE_SET.has(bill.recurring) || typeof bill.amountCents !== 'number') return null;
    prepared.push({ bill, schedule: scheduleOf(anchor, bill.recurring) });
  }
  return prepared;
}

function prepareIncomes(incomes: readonly IncomeSource[]): PreparedIncome[] | null {
  const prepared: PreparedIncome[] = [];
  for (const income of incomes) {
    const anchor = parseDayRef(income.nextDate);
    if (anchor === null || !INCOME_FREQUENCY_SET.has(income.frequency) || typeof income.amountCents !== 'number') return null;
    prepared.push({ income, schedule: scheduleOf(anchor, income.frequency) });
  }
  return prepared;
}

/** As expandBills with the dashboard counts, keeping each occurrence's index in its series. */
function expandBillDays(bills: readonly PreparedBill[], today: DayRef, format: DayFormatter): DatedBill[] {
  const result: DatedBill[] = [];
  for (const { bill, schedule } of bills) {
    const first = schedule.firstIndexOnOrAfter(today);
    if (first === null) continue;
    const start = Math.max(0, first);
    const count = DASHBOARD_OCCURRENCE_COUNTS[bill.recurring];
    const limit = bill.recurring === 'once' ? Math.min(count, 1) : count;
    for (let i = 0; i < limit; i += 1) {
      const day = schedule.nth(start + i);
      result.push({
        day,
        index: i,
        occurrence: {
          billId: bill.id,
          billName: bill.name,
          amountCents: bill.amountCents,
          dueDate: format.isoDate(day),
          priority: bill.priority,
          category: bill.category,
          recurring: bill.recurring,
        },
      });
    }
  }
  // Same comparator as expandBills (stable sort): due date, then name.
  return result.sort((a, b) => a.day - b.day || compareText(a.occurrence.billName, b.occurrence.billName));
}

/** As projectIncome: every pay date from today through today + horizonDays, by date then source. */
function projectIncomeDays(incomes: readonly PreparedIncome[], today: DayRef, horizonDays: number, format: DayFormatter): DatedIncome[] {
  const end = today.dayNumber + horizonDays;
  const result: DatedIncome[] = [];
  for (const { income, schedule } of incomes) {
    let k = Math.max(0, schedule.firstIndexOnOrAfter(today) ?? 0);
    for (let day = schedule.nth(k); day <= end; day = schedule.nth(++k)) {
      result.push({
        day,
        occurrence: { incomeId: income.id, source: income.source, amountCents: income.amountCents, date: format.isoDate(day), frequency: income.frequency },
      });
    }
  }
  return result.sort((a, b) => a.day - b.day || compareText(a.occurrence.source, b.occurrence.source));
}

/** As monthlyAmountCents (spec part 2 §9 normalisation), with the month given as day numbers. */
function monthlyAmount(amountCents: number, schedule: Schedule, today: DayRef, monthStart: DayRef, monthEnd: number): number {
  switch (schedule.recurrence) {
    case 'weekly':
    case 'biweekly': {
      let count = 0;
      let k = schedule.firstIndexOnOrAfter(monthStart) ?? 0;
      for (let day = schedule.nth(k); day <= monthEnd; day = schedule.nth(++k)) count += 1;
      return amountCents * count;
    }
    case 'monthly':
      return amountCents;
    case 'quarterly':
      return Math.round(amountCents / 3);
    case 'yearly':
      return Math.round(amountCents / 12);
    case 'once':
      return schedule.anchor.year === today.year && schedule.anchor.month === today.month ? amountCents : 0;
  }
}

/** Bill occurrences (sorted by day) due in [from, to], as billsDueThrough. */
function billsBetween(bills: readonly DatedBill[], billDays: readonly number[], from: number, to: number): BillOccurrence[] {
  const result: BillOccurrence[] = [];
  for (let i = lowerBound(billDays, from); i < bills.length && bills[i]!.day <= to; i += 1) result.push(bills[i]!.occurrence);
  return result;
}

function sumCents(items: readonly { amountCents: number }[]): number {
  return items.reduce((sum, item) => sum + item.amountCents, 0);
}

/** As buildWindow: income before bills on the same day, each list in its own order. */
function buildWindow(
  key: TimeWindow['key'],
  title: TimeWindow['title'],
  today: number,
  firstDay: number,
  lastDay: number,
  bills: { list: readonly DatedBill[]; days: readonly number[] },
  incomes: { list: readonly DatedIncome[]; days: readonly number[] },
  format: DayFormatter,
): TimeWindow {
  const from = today + firstDay;
  const to = today + lastDay;
  const billFrom = lowerBound(bills.days, from);
  const billTo = upperBound(bills.days, to);
  const incomeFrom = lowerBound(incomes.days, from);
  const incomeTo = upperBound(incomes.days, to);
  const billItems: WindowItem[] = [];
  for (let i = billFrom; i < billTo; i += 1) {
    const b = bills.list[i]!.occurrence;
    billItems.push({ kind: 'bill', date: b.dueDate, ...b });
  }
  const incomeItems: WindowItem[] = [];
  for (let i = incomeFrom; i < incomeTo; i += 1) incomeItems.push({ kind: 'income', ...incomes.list[i]!.occurrence });
  // Merge of two day-sorted lists, income first on a tie: what the stable sort of [...income, ...bills] gives.
  const items: WindowItem[] = [];
  let b = billFrom;
  let n = incomeFrom;
  while (b < billTo || n < incomeTo) {
    if (n < incomeTo && (b >= billTo || incomes.days[n]! <= bills.days[b]!)) {
      items.push(incomeItems[n - incomeFrom]!);
      n += 1;
    } else {
      items.push(billItems[b - billFrom]!);
      b += 1;
    }
  }
  return {
    key,
    title,
    startDate: format.isoDate(from),
    endDate: format.isoDate(to),
    items,
    billsTotalCents: sumCents(billItems),
    incomeTotalCents: sumCents(incomeItems),
  };
}

/**
 * As buildPaymentSchedule: the schedule counts are a prefix of each bill's dashboard series, and the
 * 60-day paydays a prefix of the day-sorted projection, so both come from the lists already built.
 */
function buildSchedule(bills: readonly DatedBill[], paydays: readonly DatedIncome[], paydayDays: readonly number[], today: number, format: DayFormatter): PaymentSuggestion[] {
  const suggestions: { suggestedDay: number; dueDay: number; suggestion: PaymentSuggestion }[] = [];
  for (const { day: dueDay, index, occurrence: bill } of bills) {
    if (index >= SCHEDULE_OCCURRENCE_COUNTS[bill.recurring]) continue;
    // pickIncomeForBill: eligible = paydays 0-30 days before due, earliest first; prefer the latest 3-14 days before.
    const eligibleFrom = lowerBound(paydayDays, dueDay - INCOME_MATCH_MAX_DAYS);
    const eligibleTo = upperBound(paydayDays, dueDay);
    const preferred = upperBound(paydayDays, dueDay - PREFERRED_INCOME_MIN_DAYS) - 1;
    const pick =
      preferred >= 0 && paydayDays[preferred]! >= dueDay - PREFERRED_INCOME_MAX_DAYS ? preferred : eligibleFrom < eligibleTo ? eligibleFrom : -1;
    if (pick < 0) continue;
    const { day: incomeDay, occurrence: income } = paydays[pick]!;
    // suggestedPayDate: due minus the lead days; a date before today moves to tomorrow.
    const leadDays = payDaysBeforeDue(bill.priority, bill.amountCents);
    const unmoved = dueDay - leadDays;
    const moved = unmoved < today;
    const suggestedDay = moved ? today + 1 : unmoved;
    const daysBeforeDue = dueDay - suggestedDay;
    const daysAfterIncome = suggestedDay - incomeDay;
    const confidence = scoreConfidence({ daysBeforeDue, daysAfterIncome, billAmountCents: bill.amountCents, incomeAmountCents: income.amountCents });
    suggestions.push({
      suggestedDay,
      dueDay,
      suggestion: {
        id: `${bill.billId}:${bill.dueDate}`,
        billId: bill.billId,
        billName: bill.billName,
        billAmountCents: bill.amountCents,
        dueDate: bill.dueDate,
        suggestedDate: format.isoDate(suggestedDay),
        paymentSource: income.source,
        incomeId: income.incomeId,
        incomeDate: income.date,
        incomeAmountCents: income.amountCents,
        daysBeforeDue,
        daysAfterIncome,
        reasoning: explainSuggestion({
          priority: bill.priority,
          leadDays,
          incomeSource: income.source,
          incomeAmountCents: income.amountCents,
          incomeDateText: format.usShortDate(incomeDay),
          suggestedDateText: format.usShortDate(suggestedDay),
          moved,
          daysAfterIncome,
        }),
        priority: bill.priority,
        confidence,
        band: confidenceBand(confidence),
      },
    });
  }
  // Same comparator as buildPaymentSchedule (stable sort): suggested date, due date, bill name.
  suggestions.sort((a, b) => a.suggestedDay - b.suggestedDay || a.dueDay - b.dueDay || compareText(a.suggestion.billName, b.suggestion.billName));
  return suggestions.map((s) => s.suggestion);
}

/**
 * The dashboard aggregate, or null when an input is outside what this path handles (an invalid
 * date, an unknown recurrence or a non-numeric amount); the caller then uses the reference path,
 * which throws or answers exactly as before. `today` and the window are already validated.
 */
export function computeDashboardFast(input: DashboardInput & { laterWindowDays: number }): DashboardData | null {
  const { savingsGoals, analytics, laterWindowDays } = input;
  const today = parseDayRef(input.today);
  const bills = prepareBills(input.bills);
  const incomes = prepareIncomes(input.incomes);
  if (today === null || bills === null || incomes === null) return null;
  const format = new DayFormatter();
  const todayDay = today.dayNumber;

  // spec part 2 §9: panels use the dashboard counts and a max(30, window + 14) day income horizon;
  // the schedule projects 60 days. One projection to the longer horizon serves both.
  const billOccurrences = expandBillDays(bills, today, format);
  const billDays = billOccurrences.map((b) => b.day);
  const incomeHorizonDays = dashboardIncomeHorizonDays(laterWindowDays);
  const allPaydays = projectIncomeDays(incomes, today, Math.max(incomeHorizonDays, SCHEDULE_INCOME_HORIZON_DAYS), format);
  const allPaydayDays = allPaydays.map((i) => i.day);
  const windowIncomeCount = upperBound(allPaydayDays, todayDay + incomeHorizonDays);
  const scheduleIncomeCount = upperBound(allPaydayDays, todayDay + SCHEDULE_INCOME_HORIZON_DAYS);

  // spec part 2 §9 monthly normalisation over the current calendar month.
  const monthStart: DayRef = { year: today.year, month: today.month, day: 1, dayNumber: todayDay - today.day + 1 };
  const monthEnd = monthStart.dayNumber + daysInMonth(today.year, today.month) - 1;
  const monthlyIncome = incomes.reduce((sum, i) => sum + monthlyAmount(i.income.amountCents, i.schedule, today, monthStart, monthEnd), 0);
  const monthlyBills = bills.reduce((sum, b) => sum + monthlyAmount(b.bill.amountCents, b.schedule, today, monthStart, monthEnd), 0);
  const summary = computeSummary(monthlyIncome, monthlyBills, analytics?.monthlyIncomeCents ?? 0);
  const emergencyFund = computeEmergencyFund(summary.monthlyBillsCents, savingsGoals);

  // comingSunday: 1 to 7 days after today (1970-01-01, day 0, was a Thursday).
  const sunday = todayDay + WEEK_DAYS - ((((todayDay + 4) % 7) + 7) % 7);
  const dueThisWeek = billsBetween(billOccurrences, billDays, todayDay, sunday);
  const endOfNextWeek = sunday + WEEK_DAYS;

  const billLists = { list: billOccurrences, days: billDays };
  const windowIncomes = { list: allPaydays.slice(0, windowIncomeCount), days: allPaydayDays.slice(0, windowIncomeCount) };
  const windows: TimeWindows = {
    thisWeek: buildWindow('thisWeek', 'This Week', todayDay, 0, WEEK_DAYS, billLists, windowIncomes, format),
    nextWeek: buildWindow('nextWeek', 'Next Week', todayDay, WEEK_DAYS + 1, 2 * WEEK_DAYS, billLists, windowIncomes, format),
    later: buildWindow('later', 'Later', todayDay, 2 * WEEK_DAYS + 1, 2 * WEEK_DAYS + laterWindowDays, billLists, windowIncomes, format),
  };
  const quickStats: QuickStats = {
    monthName: MONTH_NAMES[today.month - 1]!,
    daysRemainingInMonth: monthEnd - todayDay,
    upcomingBillsCount: billsBetween(billOccurrences, billDays, todayDay, endOfNextWeek).length,
    upcomingBillsEndDate: format.isoDate(endOfNextWeek),
  };

  return {
    today: input.today,
    summary: {
      ...summary,
      upcomingBillsThisWeek: { count: dueThisWeek.length, totalCents: sumCents(dueThisWeek), endDate: format.isoDate(sunday) },
    },
    paymentSchedule: buildSchedule(
      billOccurrences,
      allPaydays.slice(0, scheduleIncomeCount),
      allPaydayDays.slice(0, scheduleIncomeCount),
      todayDay,
      format,
    ),
    laterWindowDays,
    incomeHorizonDays,
    windows,
    tips: buildTips({
      summary,
      emergencyFund,
      incomes: input.incomes,
      // spec part 2 §5: "bills due within 7 days" = today through today + 7, like This Week.
      billsDueWithinWeek: billsBetween(billOccurrences, billDays, todayDay, todayDay + WEEK_DAYS),
      savingsRatePercent: analytics?.savingsRatePercent,
    }),
    quickStats,
    emergencyFund,
  };
}
