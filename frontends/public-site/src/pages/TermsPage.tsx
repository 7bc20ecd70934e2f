import { LEGAL, PRODUCT_NAME, SUPPORT_EMAIL } from '@paycadence/contracts';
import { Link } from 'react-router-dom';
import { LegalPage, type LegalSection } from '../components/LegalPage';

// docs/product/accounts.md §1: effective May 11, 2025, with these nine sections in this order.
const sections: LegalSection[] = [
  {
    id: 'use',
    title: 'Use of the Service',
    body: (
      <>
        <p>
          {PRODUCT_NAME} helps you plan when to pay bills relative to your income. It is a planning tool: it is not a
          bank, does not move money and does not give legal, tax or investment advice.
        </p>
        <p>
          You may use the service for your own personal, lawful purposes. Do not misuse it, try to break its security
          or access other people&apos;s data.
        </p>
      </>
    ),
  },
  {
    id: 'account',
    title: 'Account Responsibility',
    body: (
      <p>
        You must be at least 18 and give accurate information when you register. Keep your password private, turn on
        two-factor sign-in, and tell us at once if you think someone else has used your account. You are responsible
        for activity under your account.
      </p>
    ),
  },
  {
    id: 'content',
    title: 'User Content',
    body: (
      <p>
        The bills, income, notes and other information you add stay yours. You give us only the permission we need
        to store and process them to provide the service to you.
      </p>
    ),
  },
  {
    id: 'privacy',
    title: 'Data Use and Privacy',
    body: (
      <p>
        How we collect, use and protect your data is described in our <Link to="/privacy">Privacy Policy</Link>. In
        short: bank access is read-only through a third-party provider and we never sell your data.
      </p>
    ),
  },
  {
    id: 'modifications',
    title: 'Modifications',
    body: (
      <p>
        We may change the service and these terms. When a change to the terms matters, we will tell you before it
        takes effect. If you keep using {PRODUCT_NAME} afterwards, the new terms apply.
      </p>
    ),
  },
  {
    id: 'termination',
    title: 'Termination',
    body: (
      <p>
        You can stop using {PRODUCT_NAME} and delete your account at any time. We may suspend or close accounts that
        break these terms or put other users at risk, and will tell you why unless the law prevents it.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Limitation of Liability',
    body: (
      <p>
        We work hard to keep suggestions and balances accurate, but they depend on the information you and your bank
        provide. You decide when to pay your bills. To the extent the law allows, {PRODUCT_NAME} is not liable for
        indirect or consequential losses, including fees charged by banks or billers.
      </p>
    ),
  },
  {
    id: 'law',
    title: 'Governing Law',
    body: (
      <p>
        These terms are governed by the laws of the United States and of the state where {PRODUCT_NAME} is
        organized, without regard to conflict-of-law rules. Nothing here limits rights you have under consumer law.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <p>
        Questions about these terms? E-mail <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
      </p>
    ),
  },
];

export function TermsPage() {
  return (
    <LegalPage
      eyebrow="Legal"
      title="Terms of Service"
      effective={LEGAL.termsEffectiveDate}
      intro={`The agreement between you and ${PRODUCT_NAME}, in plain language.`}
      sections={sections}
      numbered
    />
  );
}
