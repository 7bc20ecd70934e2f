import { LEGAL, PRODUCT_NAME, SUPPORT_EMAIL } from '@paycadence/contracts';
import { Callout } from '@paycadence/web-kit';
import { Link } from 'react-router-dom';
import { LegalPage, type LegalSection } from '../components/LegalPage';

// Only claims the product really makes (docs/product/accounts.md §1, docs/security.md). No certifications we do not hold.
const sections: LegalSection[] = [
  {
    id: 'bank-access',
    title: 'Read-only bank access',
    body: (
      <p>
        Bank connections go through a third-party bank-data provider on a read-only basis. We never see your bank
        password, and {PRODUCT_NAME} cannot move money or make payments. We import transaction history, typically the
        last {LEGAL.transactionHistoryMonths} months, and you can disconnect at any time.
      </p>
    ),
  },
  {
    id: 'encryption',
    title: 'Encryption',
    body: (
      <ul>
        <li>Everything between your browser and our servers travels over TLS 1.3.</li>
        <li>Stored data is encrypted with AES-256 at rest.</li>
        <li>
          Secrets such as bank access tokens and two-factor keys are encrypted again on their own (AES-256-GCM), so a
          copy of the database alone does not reveal them.
        </li>
      </ul>
    ),
  },
  {
    id: 'sign-in',
    title: 'Signing in',
    body: (
      <ul>
        <li>Passwords are never stored, only a slow, salted hash (Argon2id).</li>
        <li>Two-factor sign-in with an authenticator app, with one-time backup codes.</li>
        <li>Repeated failed sign-ins are slowed down to stop password guessing.</li>
        <li>Sessions expire and refresh tokens are rotated on every use.</li>
      </ul>
    ),
  },
  {
    id: 'your-data',
    title: 'Your data stays yours',
    body: (
      <p>
        We never sell your data. Each account&apos;s information is only ever read on behalf of that account. See the{' '}
        <Link to="/privacy">Privacy Policy</Link> for what we collect and your rights.
      </p>
    ),
  },
  {
    id: 'honesty',
    title: 'What we have not done yet',
    body: (
      <Callout variant="blue">
        <p>
          {PRODUCT_NAME} is pre-launch. We have not yet completed an independent security audit or certification.
          When we do, we will say so here and not before.
        </p>
      </Callout>
    ),
  },
  {
    id: 'report',
    title: 'Report a problem',
    body: (
      <p>
        Found a security issue? E-mail <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> with the details. We
        read every report, reply quickly and will not take action against good-faith research.
      </p>
    ),
  },
];

export function SecurityPage() {
  return (
    <LegalPage
      eyebrow="Trust"
      title={`Security at ${PRODUCT_NAME}`}
      intro="How we protect your account and your financial data, in plain words."
      sections={sections}
    />
  );
}
