import { LEGAL, MARKETING, PRODUCT_NAME } from '@paycadence/contracts';
import { Callout, Card, PageHeader } from '@paycadence/web-kit';
import { Link } from 'react-router-dom';
import { AUDIENCES } from '../components/marketing-copy';

/** /about (docs/product/accounts.md §1: who it is for, the promise, the privacy stance). */
export function AboutPage() {
  return (
    <div className="pc-container">
      <PageHeader
        eyebrow={`About ${PRODUCT_NAME}`}
        title="Money that arrives on its own schedule deserves a plan that does too"
        description={`${PRODUCT_NAME} keeps your bill due dates in step with your income, suggests paying each bill 2-3 days after payday, and shows the spending balance left after upcoming bills.`}
      />

      <section className="pc-section" style={{ paddingTop: 0 }} aria-labelledby="why-title">
        <div className="pc-grid pc-grid--2 pc-grid--top">
          <div>
            <h2 id="why-title">Why we are building it</h2>
            <p>
              Most budgeting apps assume a salary that lands on the 1st and bills that politely wait. Real life looks
              different: paychecks every other Friday, a short month, a summer without pay, a client who pays late.
            </p>
            <p>
              When due dates and paydays drift apart, people who are careful with money still pay late fees and
              overdraft charges. {PRODUCT_NAME} fixes the timing, not your habits.
            </p>
          </div>
          <Card title="What it does" titleLevel={3}>
            <ul className="pc-list-check">
              <li>Lines up every bill with the paycheck that covers it</li>
              <li>Suggests a pay date 2-3 days after payday, before the due date</li>
              <li>Shows the spending balance left after upcoming bills</li>
              <li>Imports bills and income from your bank, read-only, if you choose to connect it</li>
            </ul>
          </Card>
        </div>
      </section>

      <section className="pc-section" style={{ paddingTop: 0 }} aria-labelledby="who-title">
        <h2 id="who-title">Who it is for</h2>
        <p className="pc-meta">People with irregular or misaligned income:</p>
        <div className="pc-grid pc-grid--4">
          {AUDIENCES.map((audience) => (
            <Card key={audience.name} title={audience.name}>
              <p className="pc-meta">{audience.text}</p>
            </Card>
          ))}
        </div>
      </section>

      <section className="pc-section" style={{ paddingTop: 0 }} aria-labelledby="privacy-title">
        <div className="pc-grid pc-grid--2 pc-grid--top">
          <div>
            <h2 id="privacy-title">Privacy first, not privacy later</h2>
            <p>
              Your bank data comes through a third-party bank-data provider on a read-only basis. We can see
              transactions (typically the last {LEGAL.transactionHistoryMonths} months); we can never move money.
            </p>
            <p>
              We do not sell your data, to anyone, ever. Data is encrypted with AES-256 at rest and TLS 1.3 in
              transit. Read the details in our <Link to="/privacy">Privacy Policy</Link> and on the{' '}
              <Link to="/security">Security</Link> page.
            </p>
          </div>
          <Callout variant="teal" title="Where we are today">
            <p>
              {PRODUCT_NAME} is pre-launch. {MARKETING.waitlistCount} people are on the waitlist and we are planning a
              beta in {MARKETING.betaLaunch}. <Link to="/#waitlist">Join the waitlist</Link> or{' '}
              <Link to="/demo">try the demo</Link> with sample data.
            </p>
          </Callout>
        </div>
      </section>
    </div>
  );
}
