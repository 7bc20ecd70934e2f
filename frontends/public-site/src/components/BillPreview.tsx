import { formatDate, formatMoney } from '@paycadence/web-kit';
import { samplePlan } from './sample-plan';

/** What the planner shows, on sample numbers dated from today: each bill moved to just after a payday. */
export function BillPreview({ today = new Date() }: { today?: Date }) {
  const { rows, spendable } = samplePlan(today);
  return (
    <div className="pc-preview" aria-label="Example plan with sample numbers" role="figure">
      <div className="pc-preview__title">
        <span>Safe to spend until next payday</span>
        <span>Sample</span>
      </div>
      <div className="pc-preview__balance" data-live>{formatMoney(spendable)}</div>
      {/* data-live: dated from today, so a prerendered copy hides it until the app shows today's (styles.css). */}
      <ul className="pc-preview__list" data-live>
        {rows.map((row) => (
          <li key={row.label} className="pc-preview__row">
            <span>
              <strong>{row.label}</strong>
              <br />
              <small>{row.dueDate ? `Due ${formatDate(row.dueDate)} · pay ${formatDate(row.date)}` : `Arrives ${formatDate(row.date)}`}</small>
            </span>
            <span className={row.incoming ? 'pc-preview__amount pc-preview__amount--in' : 'pc-preview__amount'}>
              {row.incoming ? '+' : '−'}
              {formatMoney(row.amount)}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
