import type { SafeToSpendDto } from '@paycadence/contracts';
import { explainSafeToSpend } from '@paycadence/finance-rules';
import { useId } from 'react';
import { Money } from '../Money.js';
import { useForecastFormat } from './forecast-format.js';

/**
 * What is left until the next paycheck after the bills (and scheduled payments) before it, with
 * the one sentence that shows the sum, and the full list behind a disclosure for checking it line by line.
 */
export function SafeToSpendCard({
  safe,
  bankBalanceAsOf,
  monthlyPlanCents = null,
}: {
  safe: SafeToSpendDto;
  bankBalanceAsOf: string | null;
  /** This month's income minus bills (the summary's plan); null before any income is known. */
  monthlyPlanCents?: number | null;
}) {
  const format = useForecastFormat();
  const headingId = useId();
  const sentence = explainSafeToSpend(safe, format);
  const short = safe.amountCents !== null && safe.amountCents < 0;
  // Money in hand until payday while the month as a whole runs short: the figure is true but no good news, so it
  // is not shown green and the card says why, beside the red plan in the summary.
  const monthShort = !short && safe.amountCents !== null && safe.amountCents > 0 && monthlyPlanCents !== null && monthlyPlanCents < 0;
  const until = safe.nextPayday ? `until payday, ${format.date(safe.nextPayday.date)}` : `through ${format.date(safe.untilDate)}`;
  return (
    <section className={`fc-card ${short ? 'fc-card--alert' : monthShort ? 'fc-card--caution' : ''}`} aria-labelledby={headingId} data-testid="safe-to-spend">
      <h2 id={headingId} className="fc-card__title">
        Safe to spend {safe.amountCents === null ? 'until payday' : until}
      </h2>
      {safe.amountCents === null ? (
        <p className="fc-card__note">Add your income, or link your bank under Connected Accounts, to see what is safe to spend until your next paycheck.</p>
      ) : (
        <>
          <p className={`fc-figure ${short ? 'fc-figure--negative' : monthShort ? 'fc-figure--plain' : ''}`}>
            {short ? (
              <>
                <Money cents={-safe.amountCents} /> <span className="fc-figure__label">short</span>
              </>
            ) : (
              <Money cents={safe.amountCents} />
            )}
          </p>
          {monthShort && (
            <p className="fc-caution" data-testid="month-short">
              Only until payday: this month&apos;s bills exceed this month&apos;s income.
            </p>
          )}
          <p className="fc-sentence">{sentence}</p>
          <p className="fc-card__note">
            {safe.base.kind === 'bank'
              ? `Counted from your linked checking accounts${bankBalanceAsOf ? ` as of ${format.instant(bankBalanceAsOf)}` : ''}.`
              : 'No bank linked, so this counts from your last paycheck and assumes the bills due since then are paid. Link your bank for your real balance.'}
          </p>
          {safe.bills.length > 0 && (
            <details className="fc-details">
              <summary>
                {safe.bills.length} {safe.bills.length === 1 ? 'payment' : 'payments'} before then
              </summary>
              <ul className="fc-list">
                {safe.bills.map((b) => (
                  <li key={`${b.billId}:${b.dueDate}`}>
                    <span>
                      {b.billName} <span className="fc-muted">on {format.date(b.date)}{b.date !== b.dueDate ? ` (due ${format.date(b.dueDate)})` : ''}</span>
                    </span>
                    <Money cents={b.amountCents} />
                  </li>
                ))}
              </ul>
            </details>
          )}
        </>
      )}
    </section>
  );
}
