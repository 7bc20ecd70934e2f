/**
 * The normalised merchant of a transaction: what detection groups by and bill matching compares. Bank
 * descriptions are noisy ('SPOTIFY USA 8723 NY', 'Spotify P0A1B2C3'): prefer Plaid's merchant_name, else the
 * description; lowercase, drop store numbers, reference codes and card/ACH boilerplate, collapse spaces.
 * Linear time: one pass per rule over at most MAX_INPUT characters.
 */
const MAX_INPUT = 200;
const BOILERPLATE = new Set([
  'pos', 'debit', 'credit', 'purchase', 'ach', 'ppd', 'web', 'id', 'ref', 'payment', 'pmt', 'recurring', 'autopay', 'online',
  'card', 'visa', 'mastercard', 'checkcard', 'dda', 'co', 'inc', 'llc', 'ltd', 'corp', 'the', 'www', 'com', 'us', 'usa',
]);

export function merchantKey(description: string, merchantName?: string | null): string {
  const source = (merchantName && merchantName.trim() ? merchantName : description).slice(0, MAX_INPUT).toLowerCase();
  const words = source
    .replace(/[^a-z0-9 ]+/g, ' ')
    .split(' ')
    .filter((word) => word.length > 0 && !BOILERPLATE.has(word) && !/\d/.test(word));
  return words.slice(0, 4).join(' ') || source.replace(/\s+/g, ' ').trim() || 'unknown';
}
