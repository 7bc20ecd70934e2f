import { SUPPORT_EMAIL } from '@paycadence/contracts';

/** Where the header's Join Waitlist button goes: the landing page's hero form (id="waitlist"). */
export const JOIN_WAITLIST_TARGET = { pathname: '/', hash: '#waitlist' } as const;

/** The footer's help-centre link: a shell page with short answers and the support address. */
export const HELP_CENTRE_PATH = '/help';

export const SUPPORT_MAILTO = `mailto:${SUPPORT_EMAIL}`;

/** docs/product/accounts.md §2: "a social link". No official account exists yet; kept here so it changes in one place. */
export const SOCIAL_LINK = { label: 'PayCadence on LinkedIn', href: 'https://www.linkedin.com/company/paycadence' } as const;
