import { COMING_SOON_SUCCESS_MESSAGE, LEGAL, MARKETING, SUPPORT_EMAIL, WAITLIST_SUCCESS_MESSAGE } from '@paycadence/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AboutPage } from './AboutPage';
import { ComingSoonPage } from './ComingSoonPage';
import { LandingPage } from './LandingPage';
import { PaycheckToPaycheckPage } from './PaycheckToPaycheckPage';
import { PrivacyPage } from './PrivacyPage';
import { SecurityPage } from './SecurityPage';
import { TermsPage } from './TermsPage';

afterEach(() => vi.unstubAllGlobals());

const renderPage = (page: ReactElement) => render(<MemoryRouter>{page}</MemoryRouter>);
const text = () => document.body.textContent ?? '';

function stubFetch() {
  const fetchMock = vi.fn(() => Promise.resolve(new Response('{"success":true,"message":"ok"}', { status: 200 })));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function joinThrough(form: HTMLElement, email: string) {
  const user = userEvent.setup();
  await user.type(within(form).getByLabelText('Email address'), email);
  await user.click(within(form).getByRole('button'));
  await within(form).findByText(WAITLIST_SUCCESS_MESSAGE);
}

const sentSources = (fetchMock: ReturnType<typeof stubFetch>) =>
  (fetchMock.mock.calls as unknown as Array<[string, RequestInit]>).map(([, init]) => JSON.parse(String(init.body)).source);

describe('LandingPage', () => {
  it('shows the hero, the problem figures, the solution and the Try Demo link', () => {
    renderPage(<LandingPage />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toMatch(/payday/i);
    for (const figure of ['73%', '78%', '$35', '$37B']) expect(text()).toContain(figure);
    expect(text()).toContain('Sync due dates with paydays');
    expect(text()).toContain('Pay 2-3 days after payday');
    expect(text()).toContain('See your spending balance');
    expect(text()).toContain(`${MARKETING.waitlistCount} people waiting`);
    expect(screen.getByRole('link', { name: 'Try Demo' }).getAttribute('href')).toBe('/demo');
    expect(document.getElementById('waitlist')?.querySelector('form')?.dataset.source).toBe('homepage-hero');
  });

  it('sends homepage-hero, homepage and homepage-cta from its three forms', async () => {
    const fetchMock = stubFetch();
    renderPage(<LandingPage />);
    const forms = screen.getAllByRole('form', { name: 'Join the waitlist' });
    expect(forms.map((form) => form.dataset.source)).toEqual(['homepage-hero', 'homepage', 'homepage-cta']);
    for (const form of forms) await joinThrough(form, `${form.dataset.source}@example.com`);
    expect(sentSources(fetchMock)).toEqual(['homepage-hero', 'homepage', 'homepage-cta']);
  });
});

describe('PaycheckToPaycheckPage', () => {
  it('shows the statistics and joins with source paycheck-to-paycheck-page', async () => {
    const fetchMock = stubFetch();
    renderPage(<PaycheckToPaycheckPage />);
    for (const figure of ['73%', '78%', '$35', '$37B']) expect(text()).toContain(figure);
    await joinThrough(screen.getByRole('form', { name: 'Join the waitlist' }), 'pat@example.com');
    expect(sentSources(fetchMock)).toEqual(['paycheck-to-paycheck-page']);
  });
});

describe('ComingSoonPage', () => {
  it('states the expected launch and only flips to its message, making no call', async () => {
    const fetchMock = stubFetch();
    renderPage(<ComingSoonPage />);
    expect(text()).toContain('Expected launch: Q2 2025');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email address'), 'cy@example.com');
    await user.click(screen.getByRole('button', { name: 'Notify Me' }));
    expect(await screen.findByText(COMING_SOON_SUCCESS_MESSAGE)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('AboutPage', () => {
  it('names who it is for and the privacy stance', () => {
    renderPage(<AboutPage />);
    for (const who of ['Families', 'Teachers', 'Freelancers', 'Shift workers']) {
      expect(screen.getByRole('heading', { name: who })).toBeInTheDocument();
    }
    expect(text()).toContain('read-only');
    expect(text()).toContain('We do not sell your data');
  });
});

describe('legal pages', () => {
  it('Privacy: effective date and the documented privacy claims', () => {
    renderPage(<PrivacyPage />);
    expect(text()).toContain(`Effective date: ${LEGAL.privacyEffectiveDate}`);
    expect(LEGAL.privacyEffectiveDate).toBe('January 15, 2026');
    expect(text()).toContain('read-only');
    expect(text()).toContain('We never sell your data');
    expect(text()).toContain('last 24 months');
    expect(text()).toContain('AES-256 at rest and TLS 1.3 in transit');
    expect(screen.getByRole('heading', { name: 'Your rights' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: SUPPORT_EMAIL })[0].getAttribute('href')).toBe(`mailto:${SUPPORT_EMAIL}`);
  });

  it('Terms: effective May 11, 2025 with the nine sections in order', () => {
    renderPage(<TermsPage />);
    expect(text()).toContain('Effective date: May 11, 2025');
    const headings = within(screen.getByRole('article'))
      .getAllByRole('heading', { level: 2 })
      .map((heading) => heading.textContent);
    expect(headings).toEqual([
      '1. Use of the Service',
      '2. Account Responsibility',
      '3. User Content',
      '4. Data Use and Privacy',
      '5. Modifications',
      '6. Termination',
      '7. Limitation of Liability',
      '8. Governing Law',
      '9. Contact',
    ]);
    expect(text()).toContain('stay yours');
  });

  it('Terms: each section is numbered once, in its heading and in the index', () => {
    renderPage(<TermsPage />);
    const index = screen.getByRole('navigation', { name: 'On this page' });
    // The index is an ordered list, which draws the numbers itself: its entries must not carry them too.
    expect(index.querySelector('ol')).not.toBeNull();
    const entries = within(index).getAllByRole('link').map((link) => link.textContent);
    expect(entries[0]).toBe('Use of the Service');
    expect(entries).toHaveLength(9);
    for (const entry of entries) expect(entry).not.toMatch(/^\d/);
    for (const heading of within(screen.getByRole('article')).getAllByRole('heading', { level: 2 })) {
      expect(heading.textContent).toMatch(/^\d\. [A-Z]/);
      expect(heading.textContent).not.toMatch(/^\d\. \d/);
    }
    expect(within(index).getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '#contact');
  });

  it('Security: the same claims plus two-factor, hashed passwords and encrypted secrets, no certification claims', () => {
    renderPage(<SecurityPage />);
    expect(text()).toContain('read-only');
    expect(text()).toContain('TLS 1.3');
    expect(text()).toContain('AES-256');
    expect(text()).toMatch(/two-factor/i);
    expect(text()).toContain('hash');
    expect(text()).toMatch(/encrypted again/);
    expect(text()).not.toMatch(/SOC ?2|ISO ?27001|PCI/);
  });
});
