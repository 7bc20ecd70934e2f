import type { BillCategoryValue } from '@paycadence/contracts';

/**
 * Reading Plaid's categories: personal finance categories ([primary, detailed], e.g. 'RENT_AND_UTILITIES_RENT')
 * or the legacy hierarchy (['Payment', 'Rent']), whichever the row carries, plus words of the merchant for
 * rows with neither (sandbox-created transactions carry a bare 'Transfer').
 */

/** A bill category of the finance form (the contracts' BILL_CATEGORY_VALUES). */
export type DetectedBillCategory = BillCategoryValue;

const lower = (categories: readonly string[]) => categories.map((category) => category.toLowerCase());

/** Wages by category: a paycheck whose amount varies (hours, overtime) is still income to detect. */
export function isWages(categories: readonly string[], description: string): boolean {
  if (lower(categories).some((category) => category === 'income_wages' || category === 'payroll'))
    return true;
  // Rows without a useful category (sandbox-created ones): the description says 'PAYROLL' or 'DIR DEP'.
  const words = new Set(
    description
      .slice(0, 200)
      .toLowerCase()
      .split(/[^a-z]+/),
  );
  return words.has('payroll') || words.has('salary') || (words.has('dir') && words.has('dep'));
}

/**
 * Metered bills (power, water, gas, phone) vary from month to month more than the fixed-amount tolerance;
 * by category, else by the merchant's words.
 */
export function isVariableBillCategory(categories: readonly string[], merchant: string): boolean {
  return billCategoryOf(categories, merchant) === 'utilities';
}

const CATEGORY_RULES: readonly {
  category: DetectedBillCategory;
  codes: readonly string[];
  words: readonly string[];
}[] = [
  {
    category: 'rent',
    codes: ['rent_and_utilities_rent', 'rent'],
    words: [
      'rent',
      'property',
      'properties',
      'apartments',
      'apartment',
      'landlord',
      'realty',
      'leasing',
      'hoa',
    ],
  },
  {
    category: 'utilities',
    codes: ['rent_and_utilities', 'utilities', 'telecommunication services', 'cable', 'internet services'],
    words: [
      'power',
      'electric',
      'energy',
      'water',
      'sewer',
      'utility',
      'utilities',
      'gas',
      'comcast',
      'xfinity',
      'verizon',
      'att',
      'spectrum',
      'tmobile',
      'mobile',
      'wireless',
      'internet',
      'broadband',
      'pg',
      'edison',
      'trash',
      'waste',
    ],
  },
  {
    category: 'insurance',
    codes: ['general_services_insurance', 'insurance'],
    words: [
      'insurance',
      'insur',
      'geico',
      'allstate',
      'progressive',
      'farm',
      'assurance',
      'mutual',
      'lemonade',
      'aetna',
    ],
  },
  {
    category: 'auto-payment',
    codes: ['loan_payments_car_payment'],
    words: ['auto', 'motors', 'toyota', 'honda', 'ford', 'nissan', 'tesla', 'car'],
  },
  {
    category: 'loans',
    codes: ['loan_payments', 'loan', 'loans and mortgages', 'mortgage'],
    words: ['loan', 'loans', 'mortgage', 'navient', 'nelnet', 'sallie', 'lending', 'sofi'],
  },
  {
    category: 'credit-card',
    codes: ['loan_payments_credit_card_payment'],
    words: ['crd', 'amex', 'discover'],
  },
  {
    category: 'subscriptions',
    codes: [
      'entertainment_tv_and_movies',
      'entertainment_music_and_audio',
      'subscription',
      'gyms and fitness centers',
      'personal_care_gyms_and_fitness_centers',
    ],
    words: [
      'netflix',
      'spotify',
      'hulu',
      'disney',
      'hbo',
      'max',
      'apple',
      'icloud',
      'google',
      'youtube',
      'prime',
      'audible',
      'fitness',
      'gym',
      'peloton',
      'patreon',
      'adobe',
      'dropbox',
      'microsoft',
      'subscription',
    ],
  },
];

/**
 * The bill category of the finance form (BILL_CATEGORY_VALUES): the detailed Plaid code first, then the
 * primary or legacy one, then the merchant's words; 'other' when nothing says.
 */
export function billCategoryOf(categories: readonly string[], merchant: string): DetectedBillCategory {
  const codes = lower(categories);
  // The most specific code wins: 'LOAN_PAYMENTS_CAR_PAYMENT' before the 'LOAN_PAYMENTS' rule.
  for (const code of [...codes].sort((left, right) => right.length - left.length)) {
    const rule = CATEGORY_RULES.find((candidate) => candidate.codes.includes(code));
    if (rule) return rule.category;
  }
  const words = new Set(merchant.toLowerCase().split(' '));
  const rule = CATEGORY_RULES.find((candidate) => candidate.words.some((word) => words.has(word)));
  return rule ? rule.category : 'other';
}
