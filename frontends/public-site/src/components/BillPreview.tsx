import { formatDate, formatMoney } from '@payday/web-kit';

/** Fixed sample of what the planner shows: each bill moved to just after a payday. */
const sampleRows = [
  { label: 'Paycheck', detail: 'Arrives', date: '2026-11-14', amount: 1850, incoming: true },
  { label: 'Rent', detail: 'Due Nov 20 · pay', date: '2026-11-17', amount: 1100, incoming: false },
  { label: 'Electric', detail: 'Due Nov 28 · pay', date: '2026-11-17', amount: 86.4, incoming: false },
  { label: 'Car insurance', detail: 'Due Dec 3 · pay', date: '2026-12-01', amount: 132, incoming: false },
];

export function BillPreview() {
  const spendable = 1850 - 1100 - 86.4;
  return (
    <div className="pc-preview" aria-label="Example plan with sample numbers" role="figure">
      <div className="pc-preview__title">
        <span>Safe to spend until next payday</span>
        <span>Sample</span>
      </div>
      <div className="pc-preview__balance">{formatMoney(spendable)}</div>
      <ul className="pc-preview__list">
        {sampleRows.map((row) => (
          <li key={row.label} className="pc-preview__row">
            <span>
              <strong>{row.label}</strong>
              <br />
              <small>
                {row.detail} {formatDate(row.date)}
              </small>
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
