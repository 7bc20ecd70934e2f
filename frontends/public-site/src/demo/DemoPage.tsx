import type { BillRecurrenceValue } from '@paycadence/contracts';
import {
  demoPlan,
  demoSampleData,
  demoSummary,
  demoWindows,
  explainSafeToSpend,
  type Bill,
  type IsoDate,
  type PaymentSuggestion,
  type SafeToSpend,
  type TimeWindow,
} from '@paycadence/finance-rules';
import { Badge, formatDate, formatMoney, useDocumentTitle, usePreferences } from '@paycadence/web-kit';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import './demo.css'; // a stylesheet, not a <style> element: the CSP's style-src allows no inline CSS

const RECURRENCE_LABELS: Record<BillRecurrenceValue, string> = {
  once: 'One time',
  weekly: 'Weekly',
  biweekly: 'Every 2 weeks',
  monthly: 'Monthly',
  quarterly: 'Quarterly',
  yearly: 'Yearly',
};
const FREQUENCY_LABELS: Record<string, string> = {
  weekly: 'Weekly',
  biweekly: 'Every 2 weeks',
  'twice-monthly': 'Twice a month',
  monthly: 'Monthly',
  quarterly: 'Quarterly',
};
const PRIORITY_TONES = { high: 'danger', medium: 'info', low: 'neutral' } as const;

/** Today in the visitor's time zone, 'YYYY-MM-DD'. */
export function demoToday(now: Date = new Date()): IsoDate {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const money = (cents: number) => formatMoney(cents / 100);

function Column({ window }: { window: TimeWindow }) {
  return (
    <section className="demo-column" aria-labelledby={`demo-${window.key}`}>
      <h3 id={`demo-${window.key}`} className="demo-column__title">
        {window.title}
      </h3>
      <p className="demo-muted demo-small">
        {formatDate(window.startDate)} – {formatDate(window.endDate)}
      </p>
      {window.items.length === 0 ? (
        <p className="demo-muted">Nothing in these days.</p>
      ) : (
        <ul className="demo-list">
          {window.items.map((item) => (
            <li key={`${item.kind}-${item.kind === 'income' ? item.incomeId : item.billId}-${item.date}`} className={`demo-row demo-row--${item.kind}`}>
              <span className="demo-row__text">
                <span className="demo-row__name">{item.kind === 'income' ? item.source : item.billName}</span>
                <span className="demo-muted demo-small">
                  {item.kind === 'income' ? 'Payday' : 'Due'} {formatDate(item.date)}
                </span>
              </span>
              <span className={`demo-money ${item.kind === 'income' ? 'demo-in' : ''}`}>
                {item.kind === 'income' ? '+' : ''}
                {money(item.amountCents)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function BillRow({ bill }: { bill: Bill }) {
  return (
    <li className="demo-row">
      <span className="demo-row__text">
        <span className="demo-row__name">{bill.name}</span>
        <span className="demo-row__meta">
          <span className="demo-muted demo-small">Due {formatDate(bill.dueDate)}</span>
          <Badge tone={PRIORITY_TONES[bill.priority]}>{bill.priority[0]!.toUpperCase() + bill.priority.slice(1)}</Badge>
          {/* docs/product/accounts.md §3: 'once' hides the recurring badge. */}
          {bill.recurring !== 'once' && <Badge tone="primary">{RECURRENCE_LABELS[bill.recurring]}</Badge>}
        </span>
      </span>
      <span className="demo-money">{money(bill.amountCents)}</span>
    </li>
  );
}

/** Where a suggested payment's money comes from, in the dashboard's words. */
function fundingText(s: PaymentSuggestion, date: (iso: IsoDate) => string): string {
  if (s.funding === 'current-balance' || !s.paymentSource || !s.incomeDate) return 'from your current balance';
  const paycheck = `${s.paymentSource} (${date(s.incomeDate)})`;
  return s.funding === 'before-paycheck' ? `before this paycheck arrives: ${paycheck}` : `from ${paycheck}`;
}

/** The Smart Payment Schedule of the sample: each bill's next suggested pay date, as the dashboard lists them. */
function SuggestedPayDates({ schedule, date }: { schedule: readonly PaymentSuggestion[]; date: (iso: IsoDate) => string }) {
  // The next payment of each bill: the schedule runs months ahead, the demo shows what is coming first.
  const next = schedule.filter((s, i) => schedule.findIndex((t) => t.billId === s.billId) === i);
  return (
    <section className="demo-panel" aria-labelledby="demo-schedule">
      <h2 id="demo-schedule" className="demo-section-title">
        Suggested pay dates
      </h2>
      <p className="demo-muted demo-small">Each bill paid a few days after the paycheck that covers it.</p>
      <ol className="demo-list" aria-label="Suggested payments">
        {next.map((s) => (
          <li key={s.id} className="demo-row">
            <span className="demo-row__text">
              <span className="demo-row__name">{s.billName}</span>
              <span className="demo-small">
                Pay on <strong data-testid="demo-pay-date">{date(s.suggestedDate)}</strong> · due {date(s.dueDate)}
              </span>
              <span className="demo-muted demo-small">{fundingText(s, date)}</span>
            </span>
            <span className="demo-money">{money(s.billAmountCents)}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** Safe to spend until payday with the sentence that adds it up, as on the dashboard (no bank: from the last paycheck). */
function SafeToSpendPanel({ safe, date }: { safe: SafeToSpend; date: (iso: IsoDate) => string }) {
  const sentence = explainSafeToSpend(safe, { date, money });
  const short = safe.amountCents !== null && safe.amountCents < 0;
  const title = safe.nextPayday ? `Safe to spend until payday, ${date(safe.nextPayday.date)}` : `Safe to spend through ${date(safe.untilDate)}`;
  return (
    <section className="demo-panel" aria-labelledby="demo-safe">
      <h2 id="demo-safe" className="demo-section-title">
        {title}
      </h2>
      {safe.amountCents !== null && (
        <p className={`demo-card__value ${short ? 'demo-out' : 'demo-in'}`} data-testid="demo-safe-to-spend">
          {short ? `${money(-safe.amountCents)} short` : money(safe.amountCents)}
        </p>
      )}
      {sentence && <p className="demo-sentence">{sentence}</p>}
      <p className="demo-muted demo-small">No bank is linked in the demo, so this counts from the last paycheck.</p>
    </section>
  );
}

/**
 * /demo (docs/product/accounts.md §2): a read-only dashboard over the fixed sample data, computed with the same
 * library as the real dashboard, with sign-up prompts.
 */
export function DemoPage({ today: fixedToday }: { today?: IsoDate }) {
  useDocumentTitle('Interactive Demo');
  const today = fixedToday ?? demoToday();
  const { dateFormat } = usePreferences();
  const date = (iso: IsoDate) => formatDate(iso, dateFormat);
  const { data, summary, windows, plan } = useMemo(() => {
    const sample = demoSampleData(today);
    return { data: sample, summary: demoSummary(sample, today), windows: demoWindows(sample, today), plan: demoPlan(sample, today) };
  }, [today]);
  const lastPaycheck = plan.forecast.safeToSpend.base.kind === 'last-paycheck' ? plan.forecast.safeToSpend.base.paychecks[0] : undefined;

  // Two different figures, each saying what it is: the money in hand today, and the month's income minus bills.
  const cards = [
    {
      id: 'balance',
      label: 'Current Balance',
      value: money(summary.currentBalanceCents),
      note: lastPaycheck ? `Today: the ${date(lastPaycheck.date)} paycheck less bills paid since` : 'Today, before bills due today',
    },
    { id: 'income', label: 'Monthly Income', value: money(summary.monthlyIncomeCents), note: `${data.incomes.length} income sources` },
    { id: 'expenses', label: 'Monthly Expenses', value: money(summary.monthlyExpensesCents), note: `${summary.expensesPercentOfIncome}% of income` },
    {
      id: 'savings',
      label: "This month's plan",
      value: money(summary.monthlySavingsCents),
      note: `Income minus bills: ${summary.savingsRatePercent}% of income left`,
    },
  ];

  return (
    <div className="demo pc-container">
      <header className="demo-header">
        <p className="pc-eyebrow">Interactive demo · sample data</p>
        <h1>See your bills line up with your paydays</h1>
        <p className="demo-lead">This is a read-only dashboard with made-up numbers. Sign up to use your own bills and income.</p>
        <div className="demo-cta">
          <Link to="/register" className="pc-btn pc-btn--primary pc-btn--lg">
            Create your account
          </Link>
          <Link to="/#waitlist" className="pc-btn pc-btn--secondary pc-btn--lg">
            Join the waitlist
          </Link>
        </div>
      </header>

      {/* data-live: the sample numbers are dated from today; a prerendered copy hides them (styles.css). */}
      <section aria-label="Summary" className="demo-cards" data-live>
        {cards.map((card) => (
          <div key={card.id} className="demo-card" data-card={card.id}>
            <h2 className="demo-card__label">{card.label}</h2>
            <p className="demo-card__value" data-testid={`demo-${card.id}`}>
              {card.value}
            </p>
            <p className="demo-muted demo-small">{card.note}</p>
          </div>
        ))}
      </section>

      <div className="demo-lists" data-live>
        <SafeToSpendPanel safe={plan.forecast.safeToSpend} date={date} />
        <SuggestedPayDates schedule={plan.schedule} date={date} />
      </div>

      <h2 className="demo-section-title">Coming up</h2>
      <div className="demo-columns" data-live>
        <Column window={windows.thisWeek} />
        <Column window={windows.nextWeek} />
        <Column window={windows.later} />
      </div>

      <div className="demo-lists" data-live>
        <section className="demo-panel" aria-labelledby="demo-bills">
          <h2 id="demo-bills" className="demo-section-title">
            Bills
          </h2>
          <ul className="demo-list">
            {data.bills.map((bill) => (
              <BillRow key={bill.id} bill={bill} />
            ))}
          </ul>
        </section>
        <section className="demo-panel" aria-labelledby="demo-income">
          <h2 id="demo-income" className="demo-section-title">
            Income Sources
          </h2>
          <ul className="demo-list">
            {data.incomes.map((income) => (
              <li key={income.id} className="demo-row">
                <span className="demo-row__text">
                  <span className="demo-row__name">{income.source}</span>
                  <span className="demo-row__meta">
                    <span className="demo-muted demo-small">Next {formatDate(income.nextDate)}</span>
                    <Badge tone="primary">{FREQUENCY_LABELS[income.frequency]}</Badge>
                  </span>
                </span>
                <span className="demo-money demo-in">{money(income.amountCents)}</span>
              </li>
            ))}
          </ul>
        </section>
      </div>

      <aside className="demo-signup" aria-labelledby="demo-signup-title">
        <h2 id="demo-signup-title">Ready to time your own bills?</h2>
        <p>Add your bills and paydays and we will suggest when to pay each one.</p>
        <div className="demo-cta">
          <Link to="/register" className="pc-btn pc-btn--primary pc-btn--lg">
            Sign up free
          </Link>
          <Link to="/#waitlist" className="pc-btn pc-btn--secondary pc-btn--lg">
            Join the waitlist
          </Link>
        </div>
      </aside>
    </div>
  );
}
