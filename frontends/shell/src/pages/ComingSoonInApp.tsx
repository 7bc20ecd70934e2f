import { PRODUCT_NAME } from '@payday/contracts';
import { Link } from 'react-router-dom';

/** Friendly stand-in for a screen a later capability will build (issue 2 item 5). */
export function ComingSoonInApp({ page }: { page: string }) {
  return (
    <section className="pc-status-page" aria-labelledby="coming-soon-in-app-title">
      <span className="pc-status-page__icon" aria-hidden="true">
        ✦
      </span>
      <p className="pc-eyebrow">Coming soon in this app</p>
      <h1 id="coming-soon-in-app-title">{page}</h1>
      <p>
        We are still building this part of {PRODUCT_NAME}. It will appear right here once it is ready. Until then,
        join the waitlist and we will let you know.
      </p>
      <div className="pc-status-page__actions">
        <Link to={{ pathname: '/', hash: '#waitlist' }} className="pc-btn pc-btn--primary pc-btn--lg">
          Join Waitlist
        </Link>
        <Link to="/" className="pc-btn pc-btn--secondary pc-btn--lg">
          Back to home
        </Link>
      </div>
    </section>
  );
}
