import { MARKETING, PRODUCT_NAME } from '@paycadence/contracts';
import { WaitlistForm } from '@paycadence/web-kit';
import { Link } from 'react-router-dom';

/** /coming-soon (docs/product/accounts.md §2): the form only flips to its message; no call is made. */
export function ComingSoonPage() {
  return (
    <section className="pc-hero" aria-labelledby="coming-soon-title" style={{ minHeight: '60vh' }}>
      <div className="pc-container" style={{ maxWidth: 680, textAlign: 'center' }}>
        <p className="pc-eyebrow">Coming soon</p>
        <h1 id="coming-soon-title" className="pc-hero__title">
          {PRODUCT_NAME} is almost here
        </h1>
        <p className="pc-hero__lead" style={{ marginInline: 'auto' }}>
          Bills that wait for your paycheck, a pay date suggestion for every bill, and one honest number for what is
          left to spend.
        </p>
        <p>
          <strong>Expected launch: {MARKETING.comingSoonLaunch}</strong>
        </p>
        <div style={{ display: 'flex', justifyContent: 'center' }}>
          <WaitlistForm source="coming-soon" mode="local" buttonText="Notify Me" />
        </div>
        <p className="pc-meta">
          Want a look now? <Link to="/demo">Try the demo</Link> or read <Link to="/about">about {PRODUCT_NAME}</Link>.
        </p>
      </div>
    </section>
  );
}
