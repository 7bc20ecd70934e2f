import type { QuickStatsDto, TipDto, TipTypeValue } from '@paycadence/contracts';
import { Callout, formatDate, type CalloutStyle } from '@paycadence/web-kit';

const TIP_STYLES: Record<TipTypeValue, CalloutStyle> = { urgent: 'red', warning: 'yellow', info: 'blue', success: 'teal' };
const TIP_LABELS: Record<TipTypeValue, string> = { urgent: 'Urgent', warning: 'Warning', info: 'Tip', success: 'Nice work' };

/** docs/product/signed-in.md §2: right-side panel with up to 4 tips, Quick Stats and a Pro Tip. */
export function SmartSuggestionsPanel({ tips, quickStats }: { tips: readonly TipDto[]; quickStats: QuickStatsDto }) {
  return (
    <aside className="db-side" aria-labelledby="db-tips-title">
      <h2 id="db-tips-title" className="db-section__title">
        Smart Suggestions
      </h2>
      {tips.length === 0 ? (
        <p className="db-empty db-empty--small">No tips right now. Add bills and income to get personal suggestions.</p>
      ) : (
        <ul className="db-tips" aria-label="Tips">
          {tips.slice(0, 4).map((tip) => (
            <li key={tip.id} data-tip-id={tip.id}>
              <Callout variant={TIP_STYLES[tip.type]} title={`${TIP_LABELS[tip.type]}: ${tip.title}`}>
                <p>{tip.message}</p>
              </Callout>
            </li>
          ))}
        </ul>
      )}
      <section className="db-quick" aria-labelledby="db-quick-title">
        <h3 id="db-quick-title" className="db-window__title">
          Quick Stats
        </h3>
        <dl className="db-quick__list">
          <div>
            <dt>Month</dt>
            <dd>{quickStats.monthName}</dd>
          </div>
          <div>
            <dt>Days remaining</dt>
            <dd className="db-money">{quickStats.daysRemainingInMonth}</dd>
          </div>
          <div>
            {/* docs/product/signed-in.md §9: through the end of next week; the date says which week. */}
            <dt>Bills due by {formatDate(quickStats.upcomingBillsEndDate)}</dt>
            <dd className="db-money">{quickStats.upcomingBillsCount}</dd>
          </div>
        </dl>
      </section>
      <Callout variant="teal" title="Pro Tip">
        <p>Schedule each payment a few days after the payday that covers it, so the money is there before the bill is.</p>
      </Callout>
    </aside>
  );
}
