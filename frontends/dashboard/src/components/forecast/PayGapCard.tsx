import type { PayGapDto } from '@paycadence/contracts';
import { useId } from 'react';
import { Money } from '../Money.js';
import { useForecastFormat } from './forecast-format.js';

/**
 * A known gap in pay (a school year's summer): when it runs, what the bills due in it come to, and what each paycheck
 * before it should set aside to cover them. The figures are the rules' (libs/finance-rules/src/pay-gaps.ts, see
 * docs/money-model.md "Pay schedules"); this only says them.
 */
export function PayGapCard({ gap }: { gap: PayGapDto }) {
  const format = useForecastFormat();
  const headingId = useId();
  const range = `${format.date(gap.startDate)} to ${format.date(gap.endDate)}`;
  const bills = format.money(gap.billsCents);
  const when = gap.started ? 'until then' : 'in that time';
  const other = gap.otherIncomeCents > 0 ? `, and your other income brings ${format.money(gap.otherIncomeCents)}` : '';
  return (
    <section className="fc-card fc-card--gap" aria-labelledby={headingId} data-testid="pay-gap">
      <h2 id={headingId} className="fc-card__title">
        {gap.started ? `No ${gap.source} pay until ${format.date(gap.endDate)}` : `${gap.source} pays nothing from ${range}`}
      </h2>
      {gap.shortfallCents === 0 ? (
        <p className="fc-sentence">
          Bills due {when} come to {bills}
          {other}, which covers them.
        </p>
      ) : gap.setAsidePerPaycheckCents !== null ? (
        <>
          <p className="fc-figure fc-figure--plain">
            <Money cents={gap.setAsidePerPaycheckCents} /> <span className="fc-figure__sub">to set aside from each paycheck</span>
          </p>
          <p className="fc-sentence">
            Bills due in that time come to {bills}
            {other}. Set aside {format.money(gap.setAsidePerPaycheckCents)}{' '}
            {gap.paychecksBeforeGap === 1
              ? `from your paycheck before ${format.date(gap.startDate)}`
              : `from each of your ${gap.paychecksBeforeGap} paychecks before ${format.date(gap.startDate)}`}{' '}
            to cover {gap.otherIncomeCents > 0 ? `the other ${format.money(gap.shortfallCents)}` : 'them'}.
          </p>
        </>
      ) : (
        <p className="fc-sentence">
          Bills due {when} come to {bills}
          {gap.otherIncomeCents > 0 ? `${other}: the other ${format.money(gap.shortfallCents)} comes` : ', paid'} from what you set aside.
        </p>
      )}
    </section>
  );
}
