import { Link, useLocation } from 'react-router-dom';

export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <section className="pc-status-page" aria-labelledby="not-found-title">
      <span className="pc-status-page__icon" aria-hidden="true">
        ?
      </span>
      <p className="pc-eyebrow">404</p>
      <h1 id="not-found-title">Page not found</h1>
      <p>
        There is no page at <code>{pathname}</code>. It may have moved, or the link may have a typo.
      </p>
      <div className="pc-status-page__actions">
        <Link to="/" className="pc-btn pc-btn--primary pc-btn--lg">
          Go to the home page
        </Link>
        <Link to="/help" className="pc-btn pc-btn--secondary pc-btn--lg">
          Visit the Help Centre
        </Link>
      </div>
    </section>
  );
}
