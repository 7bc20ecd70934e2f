import { MARKETING } from '@paycadence/contracts';

/** The product's marketing figures as display strings (docs/product/accounts.md §1, §9). */
export const STAT_FIGURES = {
  paycheckToPaycheck: `${MARKETING.paycheckToPaycheckPercent}%`,
  paycheckToPaycheckAlt: `${MARKETING.paycheckToPaycheckAltPercent}%`,
  lateFee: `$${MARKETING.lateFeeDollars}`,
  overdraft: `$${MARKETING.overdraftFeesBillions}B`,
} as const;

export const AUDIENCES = [
  {
    name: 'Families',
    text: 'Rent, daycare and the car payment all land in the same week, but paychecks come every other Friday. See which bill to pay from which check.',
  },
  {
    name: 'Teachers',
    text: 'Ten paychecks, twelve months of bills. Plan ahead for the summer gap so August does not sneak up on you.',
  },
  {
    name: 'Freelancers',
    text: 'Income that arrives when clients pay. Line bills up with the money you actually have, not the invoices you sent.',
  },
  {
    name: 'Shift workers',
    text: 'Hours change, so paychecks change. Know what is safe to spend after the bills that come before your next check.',
  },
] as const;
