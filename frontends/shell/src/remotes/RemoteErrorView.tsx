import { PRODUCT_NAME } from '@paycadence/contracts';
import { Button } from '@paycadence/web-kit';
import { Link } from 'react-router-dom';

/** Shown in place of a route whose remote could not load; header, footer and other routes keep working. */
export function RemoteErrorView({ onRetry }: { onRetry: () => void }) {
  return (
    <section className="pc-status-page" role="alert" aria-labelledby="remote-error-title">
      <span className="pc-status-page__icon pc-status-page__icon--error" aria-hidden="true">
        !
      </span>
      <h1 id="remote-error-title">This part of {PRODUCT_NAME} could not load</h1>
      <p>It may be a network hiccup or an update in progress. Your data is safe. Please try again in a moment.</p>
      <div className="pc-status-page__actions">
        <Button size="lg" onClick={onRetry}>
          Try again
        </Button>
        <Link to="/help" className="pc-btn pc-btn--secondary pc-btn--lg">
          Get help
        </Link>
      </div>
    </section>
  );
}
