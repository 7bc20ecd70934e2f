/**
 * The normalised merchant of a transaction: what detection groups by and bill matching compares. Bank
 * descriptions are noisy ('SPOTIFY USA 8723 NY', 'Spotify P0A1B2C3', 'ACME CORP DIR DEP PPD ID: 9100002'):
 * prefer Plaid's merchant_name, else the description; fold case and accents, drop store numbers, reference
 * codes, card/ACH/payroll boilerplate and a trailing state code, keep the first words.
 * Linear time: the input is cut to MAX_INPUT characters and every regex is a single character class.
 */
const MAX_INPUT = 200;
const MAX_WORDS = 4;
const BOILERPLATE = new Set([
  // card and ACH noise
  'pos',
  'debit',
  'credit',
  'purchase',
  'ach',
  'ppd',
  'ccd',
  'web',
  'tel',
  'id',
  'ref',
  'payment',
  'pmt',
  'recurring',
  'autopay',
  'online',
  'card',
  'visa',
  'mastercard',
  'checkcard',
  'dda',
  'sq',
  'tst',
  'www',
  'com',
  'net',
  'org',
  // payroll deposits come as 'PAYROLL' one time and 'DIR DEP' the next
  'payroll',
  'dir',
  'dep',
  'direct',
  'deposit',
  // company forms and articles
  'co',
  'inc',
  'llc',
  'ltd',
  'corp',
  'the',
  'us',
  'usa',
]);
/** A two-letter US state code at the end of a card description ('NETFLIX.COM 866-579-7172 CA'). */
const STATE_CODES = new Set(
  (
    'al ak az ar ca co ct de fl ga hi ia id il in ks ky la ma md me mi mn mo ms mt nc nd ne nh nj nm nv ny oh ok or ' +
    'pa ri sc sd tn tx ut va vt wa wi wv wy dc'
  ).split(' '),
);

export function merchantKey(description: string, merchantName?: string | null): string {
  const fromDescription = !(merchantName && merchantName.trim());
  const source = (fromDescription ? description : (merchantName as string))
    .slice(0, MAX_INPUT)
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
  const words = source.replace(/[^\p{L}\p{N}]+/gu, ' ').split(' ');
  const kept = words.filter((word) => word.length > 0 && !BOILERPLATE.has(word) && !/\p{N}/u.test(word));
  if (fromDescription && kept.length > 1 && STATE_CODES.has(kept[kept.length - 1])) kept.pop();
  const key = kept.slice(0, MAX_WORDS).join(' ');
  if (key) return key;
  // Only boilerplate and numbers ('ACH DEBIT 000123'): keep them rather than lump unrelated rows together.
  return source.replace(/\s+/g, ' ').trim() || 'unknown';
}
