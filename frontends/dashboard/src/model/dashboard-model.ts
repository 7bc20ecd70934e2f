// Turns the GET /dashboard-with-insights answer into what the views render. Every figure comes from
// libs/finance-rules: the server's computeDashboard result when it matches the requested Later window,
// else the same library called here with the bigger window (spec part 2 §9: Later grows by 7 days).
import {
  computeDashboard,
  dollarsToCents,
  EMERGENCY_FUND_GOAL_TYPE,
  isIsoDate,
  type Bill,
  type DashboardData,
  type IncomeSource,
  type IsoDate,
  type SavingsGoal,
} from '@payday/finance-rules';
import {
  BillRowSchema,
  IncomeRowSchema,
  SavingsGoalRowSchema,
  type BillRow,
  type IncomeRow,
  type SavingsGoalRow,
} from '../api/finance-schemas.js';

export interface FinancialData {
  /** The rows as the API sent them (the forms prefill from these). */
  billRows: BillRow[];
  incomeRows: IncomeRow[];
  /** The same rows in the library's shapes (integer cents). */
  bills: Bill[];
  incomes: IncomeSource[];
  savingsGoals: SavingsGoal[];
  /** The server's computeDashboard result, when it sent a usable one. */
  serverDashboard: DashboardData | null;
  today: IsoDate;
}

export const EMPTY_FINANCIAL_DATA = (today: IsoDate): FinancialData => ({
  billRows: [],
  incomeRows: [],
  bills: [],
  incomes: [],
  savingsGoals: [],
  serverDashboard: null,
  today,
});

/** Today in the browser's time zone as 'YYYY-MM-DD'. */
export function localToday(now: Date = new Date()): IsoDate {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function safeCents(value: unknown): number {
  try {
    return typeof value === 'number' || typeof value === 'string' ? dollarsToCents(value) : 0;
  } catch {
    return 0;
  }
}

function rows<T>(value: unknown, parse: (row: unknown) => T | null): T[] {
  return Array.isArray(value) ? value.map(parse).filter((row): row is T => row !== null) : [];
}

function safeRow<T>(schema: { safeParse: (value: unknown) => { success: true; data: T } | { success: false } }) {
  return (row: unknown): T | null => {
    const result = schema.safeParse(row);
    return result.success ? result.data : null;
  };
}

export function billFromRow(row: BillRow): Bill | null {
  const dueDate = row.due_date ?? row.dueDate ?? '';
  if (!isIsoDate(dueDate.slice(0, 10))) return null;
  return {
    id: row.id,
    name: row.name,
    amountCents: safeCents(row.amount),
    dueDate: dueDate.slice(0, 10),
    priority: row.priority,
    category: row.category,
    recurring: row.recurring,
  };
}

export function incomeFromRow(row: IncomeRow): IncomeSource | null {
  const nextDate = row.next_date ?? row.nextDate ?? '';
  if (!isIsoDate(nextDate.slice(0, 10))) return null;
  return { id: row.id, source: row.source, amountCents: safeCents(row.amount), frequency: row.frequency, nextDate: nextDate.slice(0, 10) };
}

/** The server's aggregate, if it carries the fields the views read. */
function serverDashboardOf(body: Record<string, unknown>): DashboardData | null {
  const looksRight =
    typeof body.today === 'string' &&
    isRecord(body.summary) &&
    Array.isArray(body.paymentSchedule) &&
    isRecord(body.windows) &&
    Array.isArray(body.tips) &&
    isRecord(body.quickStats) &&
    isRecord(body.emergencyFund);
  return looksRight ? (body as unknown as DashboardData) : null;
}

/** Reads the dashboard-with-insights body: {...computeDashboard result, bills, income, savingsGoals}. */
export function financialDataFromResponse(body: unknown, fallbackToday: IsoDate): FinancialData {
  if (!isRecord(body)) return EMPTY_FINANCIAL_DATA(fallbackToday);
  const billRows = rows(body.bills, safeRow<BillRow>(BillRowSchema));
  const incomeRows = rows(body.income ?? body.incomes, safeRow<IncomeRow>(IncomeRowSchema));
  const goalRows = rows(body.savingsGoals ?? body.savings_goals, safeRow<SavingsGoalRow>(SavingsGoalRowSchema));
  const serverDashboard = serverDashboardOf(body);
  const today = serverDashboard?.today && isIsoDate(serverDashboard.today) ? serverDashboard.today : fallbackToday;
  return {
    billRows,
    incomeRows,
    bills: billRows.map(billFromRow).filter((b): b is Bill => b !== null),
    incomes: incomeRows.map(incomeFromRow).filter((i): i is IncomeSource => i !== null),
    savingsGoals: goalRows.map((g) => ({
      goalType: String(g.goal_type ?? g.goalType ?? EMERGENCY_FUND_GOAL_TYPE),
      currentAmountCents:
        typeof g.currentAmountCents === 'number' ? g.currentAmountCents : safeCents(g.current_amount ?? g.currentAmount ?? 0),
    })),
    serverDashboard,
    today,
  };
}

/** The aggregate for a Later window: the server's when it is the same window, else the library's. */
export function dashboardFor(data: FinancialData, laterWindowDays: number): DashboardData {
  if (data.serverDashboard && data.serverDashboard.laterWindowDays === laterWindowDays) return data.serverDashboard;
  return computeDashboard({
    bills: data.bills,
    incomes: data.incomes,
    savingsGoals: data.savingsGoals,
    today: data.today,
    laterWindowDays,
  });
}
