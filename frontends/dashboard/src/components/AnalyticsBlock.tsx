import {
  addMonths,
  monthlyAmountCents,
  monthlyBillsCents,
  monthlyIncomeCents,
  MONTH_NAMES,
  parseIsoDate,
  startOfMonth,
  type Bill,
  type BillCategory,
  type DashboardData,
  type IncomeSource,
  type IsoDate,
} from '@payday/finance-rules';
import { Card } from '@payday/web-kit';
import { CATEGORY_LABELS } from '../model/labels.js';
import { MESSAGES } from '../model/messages.js';
import { IncomeBillsChart, type MonthFigures } from './IncomeBillsChart.js';
import { Money } from './Money.js';

/** Six months from this one, each normalised with the library's monthly rules (spec part 2 §9). */
export function monthlyFigures(bills: readonly Bill[], incomes: readonly IncomeSource[], today: IsoDate, count = 6): MonthFigures[] {
  const first = startOfMonth(today);
  return Array.from({ length: count }, (_, i) => {
    const month = addMonths(first, i);
    const { year, month: m } = parseIsoDate(month);
    return {
      month,
      label: `${MONTH_NAMES[m - 1]!.slice(0, 3)} '${String(year).slice(2)}`,
      incomeCents: monthlyIncomeCents(incomes, month),
      billsCents: monthlyBillsCents(bills, month),
    };
  });
}

/** This month's bills by category, each normalised by the library. */
function billsByCategory(bills: readonly Bill[], today: IsoDate): Array<{ category: BillCategory; cents: number; count: number }> {
  const totals = new Map<BillCategory, { cents: number; count: number }>();
  for (const bill of bills) {
    const cents = monthlyAmountCents(bill.amountCents, bill.dueDate, bill.recurring, today);
    const entry = totals.get(bill.category) ?? { cents: 0, count: 0 };
    totals.set(bill.category, { cents: entry.cents + cents, count: entry.count + 1 });
  }
  return [...totals.entries()].map(([category, v]) => ({ category, ...v })).sort((a, b) => b.cents - a.cents);
}

/** spec part 2 §2: the Financial Analytics block, from the user's own bills and income. */
export function AnalyticsBlock({ dashboard, bills, incomes }: { dashboard: DashboardData; bills: readonly Bill[]; incomes: readonly IncomeSource[] }) {
  const empty = bills.length === 0 && incomes.length === 0;
  const categories = billsByCategory(bills, dashboard.today);
  const maxCategory = Math.max(1, ...categories.map((c) => c.cents));
  return (
    <Card className="db-section" aria-labelledby="db-analytics-title">
      <div className="db-section__head">
        <h2 id="db-analytics-title" className="db-section__title">
          Financial Analytics
        </h2>
      </div>
      {empty ? (
        <p className="db-empty">{MESSAGES.noAnalysis}</p>
      ) : (
        <div className="db-analytics">
          <dl className="db-analytics__figures">
            <div>
              <dt>Total income</dt>
              <dd>
                <Money cents={dashboard.summary.monthlyIncomeCents} />
              </dd>
            </div>
            <div>
              <dt>Total expenses</dt>
              <dd>
                <Money cents={dashboard.summary.monthlyBillsCents} />
              </dd>
            </div>
            <div>
              <dt>Net savings</dt>
              <dd>
                <Money cents={dashboard.summary.spendingBalanceCents} />
              </dd>
            </div>
            <div>
              <dt>Savings rate</dt>
              <dd className="db-money">{dashboard.summary.savingsRatePercent}%</dd>
            </div>
          </dl>
          <IncomeBillsChart months={monthlyFigures(bills, incomes, dashboard.today)} />
          <div>
            <h3 className="db-window__title">Bills by category this month</h3>
            {categories.length === 0 ? (
              <p className="db-empty db-empty--small">No expense categories available yet.</p>
            ) : (
              <ul className="db-categories">
                {categories.map((c) => (
                  <li key={c.category}>
                    <span className="db-categories__name">
                      {CATEGORY_LABELS[c.category]} <span className="db-muted db-small">({c.count})</span>
                    </span>
                    <span className="db-categories__bar" aria-hidden="true">
                      <span style={{ width: `${(c.cents / maxCategory) * 100}%` }} />
                    </span>
                    <Money cents={c.cents} />
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
      )}
    </Card>
  );
}
