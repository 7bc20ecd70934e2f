import type { DashboardResponse } from '@paycadence/contracts';
import { MONTH_NAMES, parseIsoDate } from '@paycadence/finance-rules';
import { Card, GroupedBarChart, type BarGroup } from '@paycadence/web-kit';
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

/**
 * The plan, month by month: six months of the income and bills the user entered, normalised monthly by the server,
 * and this month's figures. Titled as a plan so it is never taken for the bank's history on Connected Accounts,
 * whose totals (months of real transactions) differ.
 */
export function AnalyticsBlock({ dashboard }: { dashboard: DashboardResponse }) {
  const empty = dashboard.bills.length === 0 && dashboard.income.length === 0;
  const categories = dashboard.analytics.billsByCategory;
  const maxCategory = Math.max(1, ...categories.map((c) => c.totalCents));
  const hasIncome = dashboard.summary.monthlyIncomeCents > 0;
  return (
    <Card className="db-section" aria-labelledby="db-analytics-title">
      <div className="db-section__head">
        <h2 id="db-analytics-title" className="db-section__title">
          Your plan, month by month
        </h2>
      </div>
      <p className="db-muted db-small">
        {/* Without income entered, the server counts the bank's monthly average income instead. */}
        {hasIncome && dashboard.income.length === 0
          ? "From the bills you entered and your bank's average monthly income."
          : 'From the income and bills you entered, not your bank transactions.'}
      </p>
      {empty ? (
        <p className="db-empty">{MESSAGES.noAnalysis}</p>
      ) : (
        <div className="db-analytics">
          <dl className="db-analytics__figures">
            <div>
              <dt>Income this month</dt>
              <dd>
                <Money cents={dashboard.summary.monthlyIncomeCents} />
              </dd>
            </div>
            <div>
              <dt>Bills this month</dt>
              <dd>
                <Money cents={dashboard.summary.monthlyBillsCents} />
              </dd>
            </div>
            <div>
              <dt>Income minus bills</dt>
              {/* Before any income, bills are not yet a shortfall, as on the plan card. */}
              <dd>{hasIncome ? <Money cents={dashboard.summary.spendingBalanceCents} /> : '—'}</dd>
            </div>
            <div>
              {/* What the bills leave, not savings: nothing here knows what else was spent. */}
              <dt>Left after bills</dt>
              {/* A rate of zero income means nothing. */}
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
