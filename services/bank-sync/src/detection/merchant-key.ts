// The merchant key moved to libs/finance-rules: finance keys bill names by the same rule to match
// bills with the transactions detection groups. Kept here so detection's imports read as before.
export { merchantKey } from '@paycadence/finance-rules';
