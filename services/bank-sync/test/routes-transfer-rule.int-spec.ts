import { TEST_DATABASE_URL } from '@paycadence/nest-kit/testing';
import pg from 'pg';
import { isTransferCategory, SQL_IS_TRANSFER } from '../src/common/transaction-kinds.js';

// One transfer rule: detection uses isTransferCategory, the analytics and transaction routes its SQL form
// (SQL_IS_TRANSFER over `t.category`). Both must answer alike, on real PostgreSQL.
const CASES: [string[], boolean][] = [
  [['TRANSFER_OUT', 'TRANSFER_OUT_ACCOUNT_TRANSFER'], true],
  [['TRANSFER_IN'], true],
  [['transfer_in_account_transfer'], true],
  [['LOAN_PAYMENTS', 'LOAN_PAYMENTS_CREDIT_CARD_PAYMENT'], true],
  [['Payment', 'Credit Card'], true],
  [['Transfer', 'Internal Account Transfer'], true],
  // Plaid's sandbox gives every custom transaction a bare legacy 'Transfer': not told apart, so not a transfer.
  [['Transfer'], false],
  [['LOAN_PAYMENTS', 'LOAN_PAYMENTS_MORTGAGE_PAYMENT'], false],
  [['FOOD_AND_DRINK'], false],
  // Near misses: an underscore is not a wildcard, a longer word is not the code.
  [['TRANSFERXIN_X'], false],
  [['TRANSFER_INBOUND'], false],
  [['TRANSFER_OUTX'], false],
  [['Credit Card Fees'], false],
  [[], false],
];

let db: pg.Client;
beforeAll(async () => {
  db = new pg.Client({ connectionString: process.env.DATABASE_URL || TEST_DATABASE_URL });
  await db.connect();
});
afterAll(async () => {
  await db?.end();
});

describe('the transfer rule: isTransferCategory and SQL_IS_TRANSFER agree', () => {
  it.each(CASES)('%p → %p', async (categories, expected) => {
    const { rows } = await db.query(`SELECT ${SQL_IS_TRANSFER} AS transfer FROM (SELECT $1::text[] AS category) t`, [categories]);
    expect(isTransferCategory(categories)).toBe(expected);
    expect(rows[0].transfer).toBe(expected);
  });

  it('reads a missing category list (NULL) as no transfer, as the TS rule reads []', async () => {
    const { rows } = await db.query(`SELECT ${SQL_IS_TRANSFER} AS transfer FROM (SELECT NULL::text[] AS category) t`);
    expect(rows[0].transfer).toBe(false);
  });
});
