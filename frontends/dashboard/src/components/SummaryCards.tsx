import type { DashboardResponse } from '@paycadence/contracts';
import { formatDate } from '@paycadence/web-kit';
import { Money } from './Money.js';

/**
 * Summary cards of the overview (docs/product/signed-in.md §2), figures as the server computed them. Before any income is known
 * no percentage or deficit is shown (a first bill is not a budget crisis).
 */
export function SummaryCards({ dashboard }: { dashboard: DashboardResponse }) {
  const { summary } = dashboard;
  const week = summary.upcomingBillsThisWeek;
  const hasIncome = summary.monthlyIncomeCents > 0;
  const deficit = hasIncome && summary.spendingBalanceCents < 0;
  return (
    <section aria-label="Monthly summary" className="db-summary">
      <div className="db-stat">
        <h3 className="db-stat__label">Monthly Income</h3>
        <p className="db-stat__value db-stat__value--income">
          <Money cents={summary.monthlyIncomeCents} />
        </p>
        <p className="db-stat__note">
          {!hasIncome ? 'Add your paycheck to start' : dashboard.income.length === 0 ? "Your bank's monthly average" : 'Normalised to this month'}
        </p>
      </div>
      <div className="db-stat">
        <h3 className="db-stat__label">Monthly Bills</h3>
        <p className="db-stat__value">
          <Money cents={summary.monthlyBillsCents} />
        </p>
        <p className="db-stat__note">{hasIncome ? `${summary.billsPercentOfIncome}% of income` : 'No income added yet'}</p>
      </div>
      <div className={`db-stat ${deficit ? 'db-stat--alert' : ''}`}>
        {/* A plan from the user's own figures, not a bank balance or savings: the label says which. */}
        <h3 className="db-stat__label">This month&apos;s plan</h3>
        {hasIncome ? (
          <>
            <p className={`db-stat__value ${deficit ? 'db-stat__value--negative' : 'db-stat__value--income'}`}>
              <Money cents={summary.spendingBalanceCents} />
            </p>
            <p className="db-stat__note">
              {deficit ? 'Income minus bills. Bills exceed income this month' : `Income minus bills: ${summary.savingsRatePercent}% of income left`}
            </p>
          </>
        ) : (
          <>
            <p className="db-stat__value db-muted">—</p>
            <p className="db-stat__note">Shown once you add your income</p>
          </>
        )}
      </div>
      <div className="db-stat">
        {/* docs/product/signed-in.md §9: up to the coming Sunday; the range is shown so it is not confused with the 7-day panel. */}
        <h3 className="db-stat__label">Due by Sunday</h3>
        <p className="db-stat__value">
          <Money cents={week.totalCents} />
        </p>
        <p className="db-stat__note">
          {week.count} {week.count === 1 ? 'bill' : 'bills'}, {formatDate(dashboard.today)} – {formatDate(week.endDate)}
        </p>
      </div>
    </section>
  );
}
