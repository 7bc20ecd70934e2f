import type { DashboardResponse } from '@payday/contracts';
import { MONTH_NAMES, parseIsoDate } from '@payday/finance-rules';
import { Card, GroupedBarChart, type BarGroup } from '@payday/web-kit';
import { CATEGORY_LABELS } from '../model/labels.js';
import { MESSAGES } from '../model/messages.js';
import { Money } from './Money.js';

const CHART_SERIES = [{ label: 'Income' }, { label: 'Bills' }];

/** A month of the server's analytics (cents) as a chart group (dollars): 'Mar '26', or 'Mar' when narrow. */
function monthGroup(m: DashboardResponse['analytics']['months'][number]): BarGroup {
  const { year, month } = parseIsoDate(m.month);
  const short = MONTH_NAMES[month - 1]!.slice(0, 3);
  return { key: m.month, label: `${short} '${String(year).slice(2)}`, shortLabel: short, values: [m.incomeCents / 100, m.billsCents / 100] };
}

/** spec part 2 §2: the Financial Analytics block, as the server computed it from the user's bills and income. */
export function AnalyticsBlock({ dashboard }: { dashboard: DashboardResponse }) {
  const empty = dashboard.bills.length === 0 && dashboard.income.length === 0;
  const categories = dashboard.analytics.billsByCategory;
  const maxCategory = Math.max(1, ...categories.map((c) => c.totalCents));
  const hasIncome = dashboard.summary.monthlyIncomeCents > 0;
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
              {/* Before any income, bills are not yet a shortfall (issue 13), as on the Spending Balance card. */}
              <dd>{hasIncome ? <Money cents={dashboard.summary.spendingBalanceCents} /> : '—'}</dd>
            </div>
            <div>
              <dt>Savings rate</dt>
              {/* A rate of zero income means nothing (issue 13). */}
              <dd className="db-money">{hasIncome ? `${dashboard.summary.savingsRatePercent}%` : '—'}</dd>
            </div>
          </dl>
          <GroupedBarChart
            title="Income vs. bills by month"
            series={CHART_SERIES}
            groups={dashboard.analytics.months.map(monthGroup)}
            tableCaption="Income and bills by month"
            differenceLabel="Net"
          />
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
                      <span style={{ width: `${(c.totalCents / maxCategory) * 100}%` }} />
                    </span>
                    <Money cents={c.totalCents} />
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
