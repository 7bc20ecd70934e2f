import type { LeanIncomeDto } from '@paycadence/contracts';
import { useId } from 'react';
import { useForecastFormat } from '../components/forecast/forecast-format.js';
import { Money } from '../components/Money.js';

/**
 * Income that no due day can follow (a school year's unpaid months, pay that varies): what to set aside from each
 * paycheck before the lean stretch, for which stretch, and why. The figures are the plan's; this only says them.
 */
export function LeanIncomeCard({ lean }: { lean: LeanIncomeDto }) {
  const format = useForecastFormat();
  const headingId = useId();
  const range = `${format.date(lean.startDate)} to ${format.date(lean.endDate)}`;
  const why =
    lean.reason === 'pay-gap'
      ? `${lean.source} pays nothing from ${range}, and no due date can follow a paycheck that does not come.`
      : `${lean.source} varies: the plan counts each paycheck at its lean ${format.money(lean.plannedAmountCents)}, not the usual ${format.money(lean.typicalAmountCents)}, and from ${range} that does not cover the bills.`;
  const paychecks = lean.paychecksBefore === 1 ? 'your paycheck' : `each of your ${lean.paychecksBefore} paychecks`;
  const other = lean.otherIncomeCents > 0 ? `, and your other income brings ${format.money(lean.otherIncomeCents)}` : '';
  return (
    <section className="pl-card pl-section pl-lean" aria-labelledby={headingId} data-testid="plan-lean">
      <h2 id={headingId} className="pl-section__title">
        Set money aside for {range}
      </h2>
      {lean.setAsidePerPaycheckCents !== null && lean.shortfallCents > 0 && (
        <p className="pl-figure">
          <Money cents={lean.setAsidePerPaycheckCents} /> <span className="pl-figure__sub">from each paycheck before {format.date(lean.startDate)}</span>
        </p>
      )}
      <p>{why}</p>
      <p>
        Bills due in that time come to {format.money(lean.billsCents)}
        {other}.{' '}
        {lean.shortfallCents === 0
          ? 'That covers them.'
          : lean.setAsidePerPaycheckCents !== null
            ? `Set aside ${format.money(lean.setAsidePerPaycheckCents)} from ${paychecks} before ${format.date(lean.startDate)} to cover the other ${format.money(lean.shortfallCents)}.`
            : `It has begun: the other ${format.money(lean.shortfallCents)} comes from what you set aside.`}
      </p>
      {lean.bills.length > 0 && (
        <details className="fc-details">
          <summary>The bills due in that time</summary>
          <ul className="fc-list">
            {lean.bills.map((bill) => (
              <li key={`${bill.billId}-${bill.dueDate}`}>
                <span>
                  {bill.billName}, {format.date(bill.dueDate)}
                </span>
                <Money cents={bill.amountCents} />
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}
