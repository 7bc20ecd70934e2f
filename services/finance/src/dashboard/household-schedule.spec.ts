import type { DashboardShared } from '@paycadence/contracts';
import { buildPaymentSchedule, type Bill, type IncomeSource } from '@paycadence/finance-rules';
import { householdPaymentSchedule } from './household-schedule.js';

// A shared bill's pay dates come from the household's combined income (its shared income plus the
// viewer's own); a personal bill still uses the viewer's personal income only.
const TODAY = '2026-03-02';
const home = (canEdit = true): DashboardShared => ({ householdId: 'h-home', householdName: 'Home', addedBy: { id: 'u2', name: 'Bea' }, canEdit });
const bill = (id: string, dueDate: string, shared?: DashboardShared): Bill & { shared?: DashboardShared } => ({
  id, name: id, amountCents: 10_000, dueDate, priority: 'medium', category: 'utilities', recurring: 'once', ...(shared && { shared }),
});
const income = (id: string, nextDate: string, shared?: DashboardShared): IncomeSource & { shared?: DashboardShared } => ({
  id, source: id, amountCents: 300_000, frequency: 'monthly', nextDate, ...(shared && { shared }),
});

describe('householdPaymentSchedule', () => {
  it('leaves the schedule to the rules when nothing is shared', () => {
    expect(householdPaymentSchedule([bill('Phone', '2026-03-20')], [income('Salary', '2026-03-05')], TODAY)).toBeNull();
  });

  it("pays a shared bill from the household's shared income when it suits the bill better than the viewer's own", () => {
    const bills = [bill('Rent', '2026-03-20', home())];
    const incomes = [income('Bea salary', '2026-03-16', home()), income('My salary', '2026-03-06')];
    const [rent] = householdPaymentSchedule(bills, incomes, TODAY)!;
    expect(rent).toMatchObject({ billName: 'Rent', incomeId: 'Bea salary', paymentSource: 'Bea salary' });
    // Without the combined income the viewer's own pay would be used.
    expect(buildPaymentSchedule(bills, [incomes[1]], TODAY)[0]).toMatchObject({ incomeId: 'My salary' });
  });

  it("also counts the viewer's own income for a shared bill", () => {
    const [rent] = householdPaymentSchedule([bill('Rent', '2026-03-20', home())], [income('My salary', '2026-03-06')], TODAY)!;
    expect(rent).toMatchObject({ incomeId: 'My salary' });
  });

  it("never pays a personal bill from a household's shared income", () => {
    const bills = [bill('Phone', '2026-03-20'), bill('Rent', '2026-03-25', home())];
    const incomes = [income('Bea salary', '2026-03-16', home()), income('My salary', '2026-03-06')];
    const schedule = householdPaymentSchedule(bills, incomes, TODAY)!;
    expect(schedule.find((s) => s.billName === 'Phone')).toMatchObject({ incomeId: 'My salary' });
    expect(schedule.find((s) => s.billName === 'Rent')).toMatchObject({ incomeId: 'Bea salary' });
  });

  it("keeps one household's shared income away from another household's bill", () => {
    const work: DashboardShared = { ...home(), householdId: 'h-flat', householdName: 'Flat' };
    const bills = [bill('Flat rent', '2026-03-20', work)];
    const incomes = [income('Bea salary', '2026-03-16', home()), income('My salary', '2026-03-06')];
    expect(householdPaymentSchedule(bills, incomes, TODAY)![0]).toMatchObject({ incomeId: 'My salary' });
  });

  it('orders the merged schedule by suggested date like the rules', () => {
    const bills = [bill('Late', '2026-03-28', home()), bill('Early', '2026-03-10')];
    const incomes = [income('Bea salary', '2026-03-20', home()), income('My salary', '2026-03-05')];
    const dates = householdPaymentSchedule(bills, incomes, TODAY)!.map((s) => s.suggestedDate);
    expect(dates).toEqual([...dates].sort());
    expect(dates).toHaveLength(2);
  });
});
