import { LEGAL, PRODUCT_NAME, SUPPORT_EMAIL } from '@paycadence/contracts';
import { Link } from 'react-router-dom';
import { LegalPage, type LegalSection } from '../components/LegalPage';

// docs/product/accounts.md §1: read-only provider, never sold, ~24 months, AES-256 / TLS 1.3, effective January 15, 2026.
const sections: LegalSection[] = [
  {
    id: 'summary',
    title: 'The short version',
    body: (
      <ul>
        <li>We connect to your bank only through a third-party bank-data provider, on a read-only basis.</li>
        <li>We never sell your data.</li>
        <li>Data is encrypted with AES-256 at rest and TLS 1.3 in transit.</li>
        <li>You can see, correct, export or delete your data at any time.</li>
      </ul>
    ),
  },
  {
    id: 'collect',
    title: 'Information we collect',
    body: (
      <>
        <p>
          <strong>Account details</strong> you give us: name, e-mail address and, when you register, phone number,
          date of birth, address and the last 4 digits of your SSN (never the full number), which we use to confirm
          your identity.
        </p>
        <p>
          <strong>Financial information</strong> you enter (bills, income, savings goals) or choose to import from a
          connected bank: account names and balances and transaction history, typically the last{' '}
          {LEGAL.transactionHistoryMonths} months.
        </p>
        <p>
          <strong>Waitlist sign-ups</strong>: your e-mail address and the page you joined from.
        </p>
        <p>
          <strong>Technical data</strong> needed to run the service safely, such as request logs and security events.
        </p>
      </>
    ),
  },
  {
    id: 'bank-data',
    title: 'How bank connections work',
    body: (
      <>
        <p>
          When you connect a bank, you sign in with the bank through our third-party bank-data provider. We never see
          or store your bank password. The access we receive is read-only: {PRODUCT_NAME} cannot move money, pay
          bills or change anything at your bank.
        </p>
        <p>You can disconnect a bank at any time; we then stop importing from it.</p>
      </>
    ),
  },
  {
    id: 'use',
    title: 'How we use your information',
    body: (
      <ul>
        <li>To line up your bills with your paydays, suggest pay dates and show your spending balance.</li>
        <li>To keep your account secure, including two-factor sign-in and fraud prevention.</li>
        <li>To send the e-mails you ask for, such as launch news for waitlist members and password resets.</li>
        <li>To fix problems and improve the service, using the least data needed.</li>
      </ul>
    ),
  },
  {
    id: 'sharing',
    title: 'We never sell your data',
    body: (
      <>
        <p>
          We do not sell, rent or trade your personal or financial information. We share it only with service
          providers who help us run {PRODUCT_NAME} (such as our bank-data provider and hosting), under contracts that
          limit them to that work, or when the law requires it.
        </p>
        <p>If you share a household, the members you invite see only what the household view shows.</p>
      </>
    ),
  },
  {
    id: 'security',
    title: 'How we protect it',
    body: (
      <p>
        Data is encrypted with AES-256 at rest and TLS 1.3 in transit. Passwords are stored only as strong hashes and
        sensitive secrets are encrypted separately. More on the <Link to="/security">Security</Link> page.
      </p>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    body: (
      <p>
        We keep your data while your account is open. When you delete your account we delete your personal and
        financial data, except records the law requires us to keep for a limited time.
      </p>
    ),
  },
  {
    id: 'rights',
    title: 'Your rights',
    body: (
      <ul>
        <li>See the data we hold about you and get a copy of it.</li>
        <li>Correct anything that is wrong.</li>
        <li>Delete your account and your data.</li>
        <li>Disconnect a bank, or unsubscribe from e-mails, at any time.</li>
        <li>Ask questions or complain, and get a real answer from a person.</li>
      </ul>
    ),
  },
  {
    id: 'children',
    title: 'Children',
    body: <p>{PRODUCT_NAME} is for adults. You must be at least 18 years old to create an account.</p>,
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: (
      <p>
        If we change this policy in a way that matters, we will tell you by e-mail or in the app before the change
        takes effect, and update the effective date above.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact us',
    body: (
      <p>
        Questions about privacy? E-mail <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
      </p>
    ),
  },
];

export function PrivacyPage() {
  return (
    <LegalPage
      eyebrow="Legal"
      title="Privacy Policy"
      effective={LEGAL.privacyEffectiveDate}
      intro={`What ${PRODUCT_NAME} collects, why, and the choices you have. Written to be read, not skimmed past.`}
      sections={sections}
    />
  );
}
