import { addDays, computeDashboard, dollarsToCents, type IsoDate } from '@payday/finance-rules';

export interface FixtureRows {
  bills: Array<{ id: string; name: string; amount: number; due_date: string; priority: 'low' | 'medium' | 'high'; category: 'rent' | 'utilities' | 'subscriptions'; recurring: 'monthly' | 'once' }>;
  income: Array<{ id: string; source: string; amount: number; frequency: 'biweekly' | 'monthly'; next_date: string }>;
  savingsGoals: Array<{ id: string; goal_type: string; current_amount: number }>;
}

export function fixtureRows(today: IsoDate): FixtureRows {
  return {
    bills: [
      { id: 'b1', name: 'Rent', amount: 1450, due_date: addDays(today, 9), priority: 'high', category: 'rent', recurring: 'monthly' },
      { id: 'b2', name: 'Electric', amount: 96.4, due_date: addDays(today, 4), priority: 'medium', category: 'utilities', recurring: 'monthly' },
      { id: 'b3', name: 'Streaming', amount: 15.99, due_date: addDays(today, 2), priority: 'low', category: 'subscriptions', recurring: 'monthly' },
      { id: 'b4', name: 'Phone', amount: 65, due_date: addDays(today, 2), priority: 'medium', category: 'utilities', recurring: 'monthly' },
      { id: 'b5', name: 'Gym', amount: 40, due_date: addDays(today, 2), priority: 'low', category: 'subscriptions', recurring: 'monthly' },
      { id: 'b6', name: 'Registration', amount: 180, due_date: addDays(today, 25), priority: 'low', category: 'utilities', recurring: 'once' },
    ],
    income: [
      { id: 'i1', source: 'Acme Payroll', amount: 2100, frequency: 'biweekly', next_date: addDays(today, 1) },
      { id: 'i2', source: 'Tutoring', amount: 400, frequency: 'monthly', next_date: addDays(today, 6) },
    ],
    savingsGoals: [{ id: 'g1', goal_type: 'emergency_fund', current_amount: 2500 }],
  };
}

/** The dashboard-with-insights body: the library's computeDashboard result plus the raw lists. */
export function dashboardBody(today: IsoDate, rows: FixtureRows = fixtureRows(today)) {
  const dashboard = computeDashboard({
    bills: rows.bills.map((b) => ({ id: b.id, name: b.name, amountCents: dollarsToCents(b.amount), dueDate: b.due_date, priority: b.priority, category: b.category, recurring: b.recurring })),
    incomes: rows.income.map((i) => ({ id: i.id, source: i.source, amountCents: dollarsToCents(i.amount), frequency: i.frequency, nextDate: i.next_date })),
    savingsGoals: rows.savingsGoals.map((g) => ({ goalType: g.goal_type, currentAmountCents: dollarsToCents(g.current_amount) })),
    today,
  });
  return { ...dashboard, ...rows };
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
