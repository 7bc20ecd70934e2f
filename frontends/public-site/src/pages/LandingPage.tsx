import { MARKETING, PRODUCT_NAME } from '@paycadence/contracts';
import { Card, WaitlistForm } from '@paycadence/web-kit';
import { Link } from 'react-router-dom';
import { BillPreview } from '../components/BillPreview';
import { AUDIENCES, STAT_FIGURES } from '../components/marketing-copy';

/** Home page (docs/product/accounts.md §2): hero waitlist form, problem and solution sections, Try Demo link. */
export function LandingPage() {
  return (
    <>
      <section className="pc-hero" aria-labelledby="hero-title">
        <div className="pc-container pc-hero__grid">
          <div id="waitlist">
            <p className="pc-eyebrow">Bills, in step with your paydays</p>
            <h1 id="hero-title" className="pc-hero__title">
              Pay every bill on time, even when payday doesn&apos;t line up.
            </h1>
            <p className="pc-hero__lead">
              {PRODUCT_NAME} matches your bill due dates to your paychecks, suggests paying each bill 2-3 days after
              payday, and shows what is truly left to spend.
            </p>
            <WaitlistForm source="homepage-hero" buttonText="Join the Waitlist" />
            <div className="pc-hero__meta">
              <span>
                <strong>{MARKETING.waitlistCount} people waiting</strong> · free to join
              </span>
              <Link to="/demo" className="pc-btn pc-btn--secondary">
                Try Demo
              </Link>
            </div>
          </div>
          <BillPreview />
        </div>
      </section>

      <section className="pc-section" aria-labelledby="problem-title">
        <div className="pc-container">
          <div className="pc-section__intro">
            <p className="pc-eyebrow">The problem</p>
            <h2 id="problem-title">Bills follow the calendar. Paychecks don&apos;t.</h2>
            <p>
              Rent is due on the 1st, the phone bill on the 12th, and your pay arrives every other Friday. When the
              dates drift apart, a careful budget still ends in a late fee or an overdraft.
            </p>
          </div>
          <div className="pc-grid pc-grid--4 pc-grid--stats">
            <Card className="pc-stat">
              <span className="pc-stat__figure">{STAT_FIGURES.paycheckToPaycheck}</span>
              <p>of Americans say they live paycheck to paycheck.</p>
            </Card>
            <Card className="pc-stat">
              <span className="pc-stat__figure">{STAT_FIGURES.paycheckToPaycheckAlt}</span>
              <p>of workers report it in some surveys: it is not a niche problem.</p>
            </Card>
            <Card className="pc-stat">
              <span className="pc-stat__figure">{STAT_FIGURES.lateFee}</span>
              <p>a typical late fee when a bill comes due a few days before payday.</p>
            </Card>
            <Card className="pc-stat">
              <span className="pc-stat__figure">{STAT_FIGURES.overdraft}</span>
              <p>paid in overdraft fees a year, often for bills that hit before payday.</p>
            </Card>
          </div>
        </div>
      </section>

      <section className="pc-section pc-section--muted" aria-labelledby="solution-title">
        <div className="pc-container">
          <div className="pc-section__intro">
            <p className="pc-eyebrow">How {PRODUCT_NAME} helps</p>
            <h2 id="solution-title">A plan that starts from your paydays</h2>
            <p>Tell us when money comes in. We put every bill in the right pay period and keep it there.</p>
          </div>
          <div className="pc-grid pc-grid--3">
            <Card className="pc-feature">
              <span className="pc-feature__icon" aria-hidden="true">
                1
              </span>
              <h3>Sync due dates with paydays</h3>
              <p>Weekly, every other week, twice a month or irregular: each bill is matched to the paycheck that covers it.</p>
            </Card>
            <Card className="pc-feature">
              <span className="pc-feature__icon" aria-hidden="true">
                2
              </span>
              <h3>Pay 2-3 days after payday</h3>
              <p>We suggest a pay date just after your money lands and before the bill is due, so nothing bounces.</p>
            </Card>
            <Card className="pc-feature">
              <span className="pc-feature__icon" aria-hidden="true">
                3
              </span>
              <h3>See your spending balance</h3>
              <p>One number: what is left after the bills that come before your next check. Spend it without guessing.</p>
            </Card>
          </div>
        </div>
      </section>

      <section className="pc-section" aria-labelledby="audience-title">
        <div className="pc-container">
          <div className="pc-section__intro">
            <p className="pc-eyebrow">Built for real pay schedules</p>
            <h2 id="audience-title">For people whose paydays and due dates never agree</h2>
          </div>
          <div className="pc-grid pc-grid--4">
            {AUDIENCES.map((audience) => (
              <Card key={audience.name} title={audience.name}>
                <p className="pc-meta">{audience.text}</p>
              </Card>
            ))}
          </div>
        </div>
      </section>

      <section className="pc-section pc-section--muted" aria-labelledby="join-title">
        <div className="pc-container pc-grid pc-grid--2" style={{ alignItems: 'center' }}>
          <div>
            <h2 id="join-title">Be first in line</h2>
            <p className="pc-meta">
              We are opening {PRODUCT_NAME} in small groups. Join the waitlist and we will e-mail you when your spot is
              ready. No spam, and you can leave any time.
            </p>
            <ul className="pc-list-check">
              <li>Read-only bank connections: we can never move your money</li>
              <li>Your data is never sold</li>
              <li>Planned pricing around {MARKETING.pricing}, not final</li>
            </ul>
          </div>
          <div>
            <WaitlistForm source="homepage" buttonText="Save my spot" />
            <p className="pc-meta">
              Curious first? <Link to="/demo">Try the demo</Link> with sample data, no sign-up needed.
            </p>
          </div>
        </div>
      </section>

      <section className="pc-cta-band" aria-labelledby="cta-title">
        <div className="pc-container pc-cta-band__inner">
          <div>
            <h2 id="cta-title">Stop juggling due dates</h2>
            <p>Join {MARKETING.waitlistCount} people waiting for a calmer way to pay their bills.</p>
          </div>
          <WaitlistForm source="homepage-cta" tone="dark" buttonText="Join the Waitlist" />
        </div>
      </section>
    </>
  );
}
