import { PRODUCT_NAME } from './product.js';

/**
 * The key points of the posts a new install starts with (services/blog seeds), by slug: what the blog admin's
 * social post generator lists for them (docs/product/signed-in.md §4). One table for both sides, so the blog service's seed test
 * can check that every seeded slug has its key points.
 */
export const SOCIAL_KEY_POINTS: Readonly<Record<string, readonly string[]>> = {
  'why-we-built-paycadence': [
    'Bill due dates are set without looking at your payday',
    'Some overdraft fees come from timing, not overspending',
    `${PRODUCT_NAME} lines bills up with the money that pays them`,
  ],
  'the-psychology-of-the-week-before-payday': [
    'Money stress peaks in the days before a paycheck',
    'Scarcity narrows attention and makes every choice harder',
    'Make the decisions once, so the hard week runs itself',
  ],
  'a-family-calendar-for-bills-and-paydays': [
    'Start with the big, fixed bills: housing and childcare',
    'Fit the flexible bills around them',
    'One shared calendar ends the surprises for the whole household',
  ],
  'teachers-and-the-summer-pay-gap': [
    'Ten-month pay leaves summer without a paycheck',
    'Ask whether your district offers a twelve-month spread',
    'Build your own summer paycheck during the school year',
  ],
  'budgeting-on-irregular-freelance-income': [
    'Plan around your lowest month, not your best one',
    'Three accounts: income, bills and taxes',
    'Set the tax share aside the day a payment arrives',
  ],
  'shift-work-changing-hours-steady-bills': [
    'Hours change, bills do not',
    'Know your short weeks in advance',
    'When a bill cannot move, move the money early',
  ],
};
