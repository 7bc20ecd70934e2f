import { MARKETING, PRODUCT_NAME, SUPPORT_EMAIL } from '@paycadence/contracts';
import { Card, PageHeader } from '@paycadence/web-kit';
import { Link } from 'react-router-dom';

const questions = [
  {
    q: `What is ${PRODUCT_NAME}?`,
    a: `A planner that keeps bill due dates in step with your paydays, suggests paying each bill 2-3 days after payday and shows what is left to spend.`,
  },
  {
    q: 'When can I use it?',
    a: `We are pre-launch and planning a beta in ${MARKETING.betaLaunch}. Join the waitlist and we will e-mail you when your spot is ready.`,
  },
  {
    q: 'Is my bank data safe?',
    a: 'Bank access is read-only through a third-party provider, your data is never sold, and it is encrypted with AES-256 at rest and TLS 1.3 in transit.',
  },
  {
    q: 'What will it cost?',
    a: `We expect roughly ${MARKETING.pricing}. Pricing is not final yet.`,
  },
];

/** The footer's help-centre link lands here: short answers and a way to reach a person. */
export function HelpPage() {
  return (
    <div className="pc-container">
      <PageHeader
        eyebrow="Help Centre"
        title="How can we help?"
        description={
          <>
            Quick answers below. Anything else: e-mail <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> and a
            person will reply.
          </>
        }
      />
      <div className="pc-grid pc-grid--2">
        {questions.map(({ q, a }) => (
          <Card key={q} title={q} titleLevel={2}>
            <p className="pc-meta">{a}</p>
          </Card>
        ))}
      </div>
      <p className="pc-meta" style={{ marginTop: 24 }}>
        More detail: <Link to="/privacy">Privacy Policy</Link> · <Link to="/security">Security</Link> ·{' '}
        <Link to="/terms">Terms of Service</Link>
      </p>
    </div>
  );
}
