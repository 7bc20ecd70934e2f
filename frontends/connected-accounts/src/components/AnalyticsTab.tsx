import type { BankAnalyticsDto } from '@paycadence/contracts';
import { Alert, Badge, Button, GroupedBarChart, Spinner, formatDate, type BadgeTone, type BarGroup } from '@paycadence/web-kit';
import type { ReactNode } from 'react';
import { useAnalytics } from '../hooks/bank-queries.js';
import { formatMoney, humanize, monthLabel } from '../model/format.js';
import { TEXT, TOP_BILLS } from '../model/messages.js';
import { CategoryBars } from './CategoryBars.js';
import { ConfidenceBadge } from './ConfidenceBadge.js';

const TREND_TEXT = { improving: '▲ Improving', declining: '▼ Declining', stable: '■ Stable' } as const;
const CHART_SERIES = [{ label: 'Income' }, { label: 'Expenses' }];
type Breakdown = BankAnalyticsDto['monthlyBreakdown'];

/** Percent kept of what came in, one decimal, as the server rounds it; 0 without income. */
function rateOf(months: Breakdown): number {
  const income = months.reduce((sum, m) => sum + m.income, 0);
  const expenses = months.reduce((sum, m) => sum + m.expenses, 0);
  return income > 0 ? Math.round(((income - expenses) / income) * 1000) / 10 : 0;
}

/**
 * What the trend compares, as the server decides it: the savings rate of the later half of the months shown (the
 * last 3) against the earlier half (the 3 before). Null when the earlier half has no transactions to compare with.
 */
export function trendHalves(breakdown: Breakdown): { recent: number; previous: number; months: number } | null {
  const half = Math.floor(breakdown.length / 2);
  const previous = breakdown.slice(0, half);
  if (half === 0 || !previous.some((m) => m.income > 0 || m.expenses > 0)) return null;
  return { recent: rateOf(breakdown.slice(half)), previous: rateOf(previous), months: breakdown.length - half };
}

/**
 * The trend badge's colour follows the direction of the change (up green, down red), but a rate that is still below
 * zero is never green: spending more than comes in is not good news, even when it is less so than before.
 */
export function trendTone(trend: BankAnalyticsDto['savings']['trend'], rate: number, recentRate: number | null): BadgeTone {
  if (trend === 'declining') return 'danger';
  if (trend === 'stable') return rate < 0 ? 'warning' : 'neutral';
  return rate < 0 || (recentRate !== null && recentRate < 0) ? 'warning' : 'success';
}

const periodMonth = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
/** 'YYYY-MM' as 'Jun 2026'. */
function monthName(month: string): string {
  const [year, mon] = month.split('-').map(Number);
  return year && mon ? periodMonth.format(new Date(Date.UTC(year, mon - 1, 1))) : month;
}

/** A month of the breakdown (dollars) as a chart group: "Jun 26", or 'Jun' when the chart is narrow. */
function monthGroup(m: BankAnalyticsDto['monthlyBreakdown'][number]): BarGroup {
  const label = monthLabel(m.month);
  return { key: m.month, label, shortLabel: label.split(' ')[0], values: [m.income, m.expenses] };
}

/** Nothing imported yet: no money either way and nothing detected. */
export function hasNoData(analytics: BankAnalyticsDto): boolean {
  return (
    analytics.summary.totalIncome === 0 &&
    analytics.summary.totalExpenses === 0 &&
    analytics.bills.length === 0 &&
    analytics.income.length === 0 &&
    analytics.monthlyBreakdown.every((m) => m.transactionCount === 0)
  );
}

/**
 * The Financial Analytics tab: summary, savings rate and trend, charts, detected bills and income. Its title names
 * the source and the period (the bank's transactions over the months shown), so its totals are never read as the
 * dashboard's monthly plan, which counts the bills and income the user entered.
 */
function AnalyticsSection({ months, children }: { months?: Breakdown; children: ReactNode }) {
  const period = months && months.length > 0 ? months : null;
  return (
    <section className="ca-tab ca-analytics" aria-labelledby="ca-analytics-title">
      <h2 id="ca-analytics-title" className="ca-tab__title">
        {period ? `Bank history, last ${period.length} ${period.length === 1 ? 'month' : 'months'}` : 'Bank history'}
      </h2>
      {period && (
        <p className="ca-muted ca-small">
          From your linked accounts&apos; transactions, {monthName(period[0]!.month)} to {monthName(period[period.length - 1]!.month)} (this
          month so far).
        </p>
      )}
      {children}
    </section>
  );
}

export function AnalyticsTab({ userId }: { userId: string }) {
  const query = useAnalytics(userId);
  if (query.isPending)
    return (
      <AnalyticsSection>
        <Spinner label="Loading financial analytics..." />
      </AnalyticsSection>
    );
  if (query.isError)
    return (
      <AnalyticsSection>
        <Alert tone="error">
          {TEXT.loadFinancialAnalyticsFailed}{' '}
          <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </Alert>
      </AnalyticsSection>
    );
  const analytics = query.data.analytics;
  if (hasNoData(analytics))
    return (
      <AnalyticsSection>
        <p className="ca-empty">{TEXT.noAnalyticsData}</p>
      </AnalyticsSection>
    );
  const { summary, savings } = analytics;
  const halves = trendHalves(analytics.monthlyBreakdown);

  return (
    <AnalyticsSection months={analytics.monthlyBreakdown}>
      <dl className="ca-stats">
        <div className="ca-stat">
          <dt>Total Income</dt>
          <dd className="ca-money ca-in">{formatMoney(summary.totalIncome)}</dd>
        </div>
        <div className="ca-stat">
          <dt>Total Expenses</dt>
          <dd className="ca-money ca-out">{formatMoney(summary.totalExpenses)}</dd>
        </div>
        <div className="ca-stat">
          <dt>Net Savings</dt>
          <dd className={`ca-money ${summary.netSavings < 0 ? 'ca-out' : ''}`}>
            {formatMoney(summary.netSavings)}
          </dd>
        </div>
        <div className="ca-stat">
          <dt>Savings Rate</dt>
          <dd>
            <span className={`ca-money ${savings.rate < 0 ? 'ca-out' : ''}`}>{savings.rate.toFixed(1)}%</span>{' '}
            <Badge tone={trendTone(savings.trend, savings.rate, halves?.recent ?? null)}>{TREND_TEXT[savings.trend]}</Badge>
          </dd>
          {halves && (
            <dd className="ca-muted ca-small" data-testid="savings-trend-detail">
              Last {halves.months} months {halves.recent.toFixed(1)}%, the {halves.months} before {halves.previous.toFixed(1)}%
            </dd>
          )}
        </div>
      </dl>

      <div className="ca-grid-2">
        <div className="ca-panel">
          <GroupedBarChart
            className="ca-chart"
            title="Monthly income vs. expenses"
            series={CHART_SERIES}
            groups={analytics.monthlyBreakdown.map(monthGroup)}
            tableCaption="Income and expenses by month"
            differenceLabel="Net"
          />
        </div>
        <div className="ca-panel">
          <h3 className="ca-panel__title">Expenses by category</h3>
          <CategoryBars categories={analytics.expensesByCategory} />
        </div>
      </div>

      <div className="ca-grid-2">
        <div className="ca-panel">
          <h3 className="ca-panel__title">Detected recurring bills</h3>
          {analytics.bills.length === 0 ? (
            <p className="ca-empty ca-empty--small">{TEXT.noRecurringBills}</p>
          ) : (
            <ul className="ca-detected">
              {/* The server sends them largest first; the top 5 are those (docs/product/signed-in.md §9). */}
              {analytics.bills.slice(0, TOP_BILLS).map((bill) => (
                <li key={`${bill.name}-${bill.frequency}`} className="ca-detected__row">
                  <div>
                    <p className="ca-detected__name">{bill.name}</p>
                    <p className="ca-muted ca-small">
                      {humanize(bill.category)} · {humanize(bill.frequency)} · next{' '}
                      {formatDate(bill.nextDueDate)}
                      {bill.priceChanged && (
                        <>
                          {' '}
                          · <strong>price changed</strong> (last {formatMoney(bill.lastAmount)})
                        </>
                      )}
                    </p>
                  </div>
                  <div className="ca-detected__side">
                    <span className="ca-money">{formatMoney(bill.averageAmount)}</span>
                    <ConfidenceBadge value={bill.confidence} />
                  </div>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="ca-panel">
          <h3 className="ca-panel__title">Detected income</h3>
          {analytics.income.length === 0 ? (
            <p className="ca-empty ca-empty--small">{TEXT.noRegularIncome}</p>
          ) : (
            <ul className="ca-detected">
              {analytics.income.map((income) => (
                <li key={`${income.source}-${income.frequency}`} className="ca-detected__row">
                  <div>
                    <p className="ca-detected__name">{income.source}</p>
                    <p className="ca-muted ca-small">
                      {income.type === 'salary' ? 'Salary' : 'Variable'} · {humanize(income.frequency)} · next{' '}
                      {formatDate(income.nextExpected)}
                    </p>
                  </div>
                  <div className="ca-detected__side">
                    <span className="ca-money ca-in">{formatMoney(income.averageAmount)}</span>
                    <ConfidenceBadge value={income.reliability} label="reliable" />
                  </div>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </AnalyticsSection>
  );
}
