import { MARKETING, PRODUCT_NAME } from '@paycadence/contracts';
import { Callout, Card, WaitlistForm } from '@paycadence/web-kit';
import { Link } from 'react-router-dom';
import { STAT_FIGURES } from '../components/marketing-copy';

/** /paycheck-to-paycheck: the search landing page with the statistics and a waitlist form. */
export function PaycheckToPaycheckPage() {
  return (
    <>
      <section className="pc-hero" aria-labelledby="p2p-title">
        <div className="pc-container" style={{ maxWidth: 800 }}>
          <p className="pc-eyebrow">Living paycheck to paycheck</p>
          <h1 id="p2p-title" className="pc-hero__title">
            Living paycheck to paycheck? The problem is often timing, not you.
          </h1>
          <p className="pc-hero__lead">
            {STAT_FIGURES.paycheckToPaycheck} of Americans say they live paycheck to paycheck. When bills fall due
            just before payday, even a budget that adds up can end in a late fee.
          </p>
          <WaitlistForm source="paycheck-to-paycheck-page" buttonText="Get Early Access" />
          <p className="pc-meta">{MARKETING.waitlistCount} people are already waiting.</p>
        </div>
      </section>

      <section className="pc-section" aria-labelledby="numbers-title">
        <div className="pc-container">
          <h2 id="numbers-title">The numbers behind the stress</h2>
          <div className="pc-grid pc-grid--4 pc-grid--stats">
            <Card className="pc-stat">
              <span className="pc-stat__figure">{STAT_FIGURES.paycheckToPaycheck}</span>
              <p>of Americans say they live paycheck to paycheck.</p>
            </Card>
            <Card className="pc-stat">
              <span className="pc-stat__figure">{STAT_FIGURES.paycheckToPaycheckAlt}</span>
              <p>of workers say the same in some surveys.</p>
            </Card>
            <Card className="pc-stat">
              <span className="pc-stat__figure">{STAT_FIGURES.lateFee}</span>
              <p>a typical late fee for a single bill paid a few days late.</p>
            </Card>
            <Card className="pc-stat">
              <span className="pc-stat__figure">{STAT_FIGURES.overdraft}</span>
              <p>paid in overdraft fees each year.</p>
            </Card>
          </div>
        </div>
      </section>

      <section className="pc-section pc-section--muted" aria-labelledby="steps-title">
        <div className="pc-container pc-grid pc-grid--2">
          <div>
            <h2 id="steps-title">Three steps to get ahead of the next bill</h2>
            <ol className="pc-steps" style={{ display: 'grid', gap: 24 }}>
              <li>
                <h3>Write down when money arrives</h3>
                <p className="pc-meta">Every paycheck, side job and benefit, with its real schedule.</p>
              </li>
              <li>
                <h3>Match each bill to a paycheck</h3>
                <p className="pc-meta">Pick the paycheck that lands before the due date, not the one after it.</p>
              </li>
              <li>
                <h3>Pay 2-3 days after payday</h3>
                <p className="pc-meta">A short buffer lets the deposit clear before the bill is paid.</p>
              </li>
            </ol>
          </div>
          <div>
            <Callout variant="teal" title={`${PRODUCT_NAME} does this for you`}>
              <p>
                It syncs bill due dates with your paydays, suggests when to pay each bill and shows your spending
                balance after upcoming bills. Bank data is read-only and never sold.
              </p>
            </Callout>
            <Callout variant="yellow" title="Ask before you pay late">
              <p>Many billers will move a due date if you ask. Aligning one big bill with payday can end a monthly squeeze.</p>
            </Callout>
            <p className="pc-meta">
              <Link to="/demo">Try the demo</Link> or read <Link to="/about">why we built {PRODUCT_NAME}</Link>.
            </p>
          </div>
        </div>
      </section>
    </>
  );
}
