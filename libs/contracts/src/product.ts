/** Product-wide names and the marketing constants of docs/product/accounts.md §1 and §9. */
export const PRODUCT_NAME = 'PayCadence';
export const COMPANY_TEAM_NAME = 'The PayCadence Team';
export const SUPPORT_EMAIL = 'support@paycadence.app';

export const MARKETING = {
  waitlistCount: '2,847+',
  paycheckToPaycheckPercent: 73,
  paycheckToPaycheckAltPercent: 78,
  lateFeeDollars: 35,
  overdraftFeesBillions: 37,
  pricing: '$5-15 a month',
  comingSoonLaunch: 'Q2 2025',
  betaLaunch: 'Q1 2026',
} as const;

export const LEGAL = {
  privacyEffectiveDate: 'January 15, 2026',
  termsEffectiveDate: 'May 11, 2025',
  transactionHistoryMonths: 24,
} as const;
