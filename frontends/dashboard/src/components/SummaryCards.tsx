import type { DashboardResponse } from '@payday/contracts';
import { formatDate } from '@payday/web-kit';
import { Money } from './Money.js';

/** Summary cards of the overview (spec part 2 §2), figures as the server computed them. */
export function SummaryCards({ dashboard }: { dashboard: DashboardResponse }) {
  const { summary } = dashboard;
  const week = summary.upcomingBillsThisWeek;
  const deficit = summary.spendingBalanceCents < 0;
  return (
    <section aria-label="Monthly summary" className="db-summary">
      <div className="db-stat">
        <h3 className="db-stat__label">Monthly Income</h3>
        <p className="db-stat__value db-stat__value--income">
          <Money cents={summary.monthlyIncomeCents} />
        </p>
        <p className="db-stat__note">Normalised to this month</p>
      </div>
      <div className="db-stat">
        <h3 className="db-stat__label">Monthly Bills</h3>
        <p className="db-stat__value">
          <Money cents={summary.monthlyBillsCents} />
        </p>
        <p className="db-stat__note">{summary.billsPercentOfIncome}% of income</p>
      </div>
      <div className={`db-stat ${deficit ? 'db-stat--alert' : ''}`}>
        <h3 className="db-stat__label">Spending Balance</h3>
        <p className={`db-stat__value ${deficit ? 'db-stat__value--negative' : 'db-stat__value--income'}`}>
          <Money cents={summary.spendingBalanceCents} />
        </p>
        <p className="db-stat__note">{deficit ? 'Bills exceed income this month' : `${summary.savingsRatePercent}% of income left after bills`}</p>
      </div>
      <div className="db-stat">
        <h3 className="db-stat__label">Due This Week</h3>
        <p className="db-stat__value">
          <Money cents={week.totalCents} />
        </p>
        <p className="db-stat__note">
          {week.count} {week.count === 1 ? 'bill' : 'bills'} through {formatDate(week.endDate)}
        </p>
      </div>
    </section>
  );
}
