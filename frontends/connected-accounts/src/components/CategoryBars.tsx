import { formatMoney, humanize } from '../model/format.js';
import { TEXT } from '../model/messages.js';

export type CategoryTotals = Record<string, { total: number; count: number; average: number }>;

/**
 * Expenses by category as horizontal bars: a list whose every row states its figures in words, the bar
 * width only repeating them for the eye.
 */
export function CategoryBars({ categories }: { categories: CategoryTotals }) {
  const rows = Object.entries(categories)
    .filter(([, c]) => c.total > 0)
    .sort(([, a], [, b]) => b.total - a.total);
  if (rows.length === 0) return <p className="ca-empty ca-empty--small">{TEXT.noExpenseCategories}</p>;
  const max = rows[0][1].total;
  return (
    <ul className="ca-bars" aria-label="Expenses by category">
      {rows.map(([name, c]) => (
        <li key={name} className="ca-bars__row">
          <div className="ca-bars__label">
            <span className="ca-bars__name">{humanize(name)}</span>
            <span className="ca-money">{formatMoney(c.total)}</span>
          </div>
          <div className="ca-bars__track" aria-hidden="true">
            <div className="ca-bars__fill" style={{ width: `${Math.max(2, (c.total / max) * 100)}%` }} />
          </div>
          <p className="ca-muted ca-small ca-bars__note">
            {c.count} transaction{c.count === 1 ? '' : 's'} · average {formatMoney(c.average)}
          </p>
        </li>
      ))}
    </ul>
  );
}
