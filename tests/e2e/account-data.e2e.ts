// "Your data, yours" end to end, at laptop and phone width: a fresh user with a bill, a linked
// sandbox bank (the Plaid emulator) and a household downloads the export from Settings > Your data (the zip holds
// the bill in data.json and in its CSV, with formula cells neutralised), is refused deletion with a wrong password
// (nothing lost), deletes with the right one, and then no row naming the user is left in any service's schema and
// a second sign-in fails.
import { readFileSync } from 'node:fs';
import { ACCOUNT_DATA_MESSAGES, AUTH_MESSAGES } from '@paycadence/contracts';
import { expect, test } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import pg from 'pg';
import { PASSWORD, registerUser, signIn } from './support/session.js';
import { seriousViolations } from './support/axe.js';

// A bill name a spreadsheet would run as a formula, with a comma and quotes that CSV must quote.
const BILL = '=Rent, "flat 2"';
const SCHEMAS = ['auth', 'finance', 'waitlist', 'bank_sync', 'admin', 'blog', 'household'];

/**
 * Every row of every service's schema that names the user: any column that looks like it holds a user's id
 * (user_id, *_user_id, actor_id, subject_id, *_by, users.id) or e-mail (email, *_email), found from
 * information_schema, so a table added later is looked at too.
 */
async function rowsNamingUser(userId: string, email: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    const { rows: columns } = await client.query<{ table_schema: string; table_name: string; column_name: string }>(
      `SELECT c.table_schema, c.table_name, c.column_name FROM information_schema.columns c
         JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
        WHERE c.table_schema = ANY($1) AND t.table_type = 'BASE TABLE'
          AND (c.column_name IN ('user_id', 'actor_id', 'subject_id', 'email') OR c.column_name LIKE '%\\_user\\_id'
               OR c.column_name LIKE '%\\_by' OR c.column_name LIKE '%\\_email' OR (c.table_name = 'users' AND c.column_name = 'id'))`,
      [SCHEMAS],
    );
    expect(new Set(columns.map((c) => c.table_schema)), 'the schemas with user columns').toEqual(
      new Set(['auth', 'finance', 'waitlist', 'bank_sync', 'admin', 'household']),
    );
    const found: string[] = [];
    for (const { table_schema: schema, table_name: table, column_name: column } of columns) {
      const isEmail = column === 'email' || column.endsWith('_email');
      const { rows } = await client.query<{ count: string }>(
        `SELECT count(*) FROM "${schema}"."${table}" WHERE ${isEmail ? `lower("${column}") = lower($1)` : `"${column}"::text = $1`}`,
        [isEmail ? email : userId],
      );
      if (Number(rows[0]!.count) > 0) found.push(`${schema}.${table}.${column}: ${rows[0]!.count}`);
    }
    return found;
  } finally {
    await client.end();
  }
}

for (const width of [1280, 390]) {
  test(`download my data, refuse a wrong password, delete the account and leave no row behind at ${width}px`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    const email = await registerUser(page, { prefix: `data-${width}`, firstName: 'Dana' });
    const token = await signIn(page, email);
    const headers = { authorization: `Bearer ${token}` };
    const me = await (await page.request.get('/api/auth/me', { headers })).json();
    const userId: string = me.user.id;

    // What the account holds: a bill, a linked sandbox bank and a household of one.
    const bill = { name: BILL, amount: 1450, due_date: '2027-01-28', priority: 'high', category: 'rent', recurring: 'monthly' };
    expect((await page.request.post('/api/financial/bills', { headers, data: bill })).ok()).toBe(true);
    const signedInAtBank = await page.request.post('/api/plaid-production/sandbox/public-token', {
      headers,
      data: { user_id: userId, institution_id: 'ins_109508', username: 'user_good', password: 'pass_good' },
    });
    expect(signedInAtBank.ok(), await signedInAtBank.text()).toBe(true);
    const exchanged = await page.request.post('/api/plaid-production/exchange-token', {
      headers,
      data: { user_id: userId, public_token: (await signedInAtBank.json()).public_token, institution_id: 'ins_109508', institution_name: 'First Platypus Bank' },
    });
    expect(exchanged.ok(), await exchanged.text()).toBe(true);
    expect((await page.request.post('/api/household/create', { headers, data: { name: 'Dana & co' } })).status()).toBe(201);

    // Settings > Your data.
    await page.goto('/settings');
    await page.getByRole('tab', { name: 'Your data' }).click();
    await expect(page.getByRole('heading', { level: 2, name: ACCOUNT_DATA_MESSAGES.exportTitle })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: ACCOUNT_DATA_MESSAGES.deleteTitle })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), 'no sideways scrolling').toBeLessThanOrEqual(width);

    // The download: one zip, the bill in data.json and in finance_bills.csv.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: ACCOUNT_DATA_MESSAGES.exportButton }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^paycadence-data-\d{4}-\d{2}-\d{2}\.zip$/);
    await expect(page.getByText(ACCOUNT_DATA_MESSAGES.exported)).toBeVisible();
    const files = unzipSync(new Uint8Array(readFileSync(await download.path())));
    const data = JSON.parse(strFromU8(files['data.json']!));
    expect(data.account).toEqual({ id: userId, email });
    expect(data.services.finance.bills).toEqual([expect.objectContaining({ name: BILL, amount: 1450, due_date: '2027-01-28', user_id: userId })]);
    expect(data.services['bank-sync'].plaid_items).toEqual([expect.objectContaining({ institution_name: 'First Platypus Bank' })]);
    expect(data.services['bank-sync'].plaid_items[0]).not.toHaveProperty('access_token_sealed');
    expect(data.services.household.households).toEqual([expect.objectContaining({ name: 'Dana & co' })]);
    expect(data.services.auth.users[0]).not.toHaveProperty('password_hash');
    // In the CSV the name is quoted (comma and quotes) and starts with ' so no spreadsheet runs it.
    expect(strFromU8(files['finance_bills.csv']!)).toContain(`"'=Rent, ""flat 2"""`);

    // Delete with a wrong password: refused in the dialog, nothing lost.
    await page.getByRole('button', { name: ACCOUNT_DATA_MESSAGES.deleteButton }).click();
    const dialog = page.getByRole('dialog', { name: ACCOUNT_DATA_MESSAGES.dialogTitle });
    await expect(dialog.getByText(ACCOUNT_DATA_MESSAGES.dialogWarning)).toBeVisible();
    // Focus starts inside the dialog on its least destructive control (closing it), never on the delete button.
    await expect(dialog.getByRole('button', { name: 'Close dialog' })).toBeFocused();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByLabel(ACCOUNT_DATA_MESSAGES.passwordLabel).fill('Not-The-Password-1!');
    await dialog.getByRole('button', { name: ACCOUNT_DATA_MESSAGES.confirmButton }).click();
    await expect(dialog.getByText(ACCOUNT_DATA_MESSAGES.passwordIncorrect)).toBeVisible();
    const bills = await page.request.get('/api/financial/bills', { headers });
    expect(bills.status()).toBe(200);
    expect((await bills.json()).map((b: { name: string }) => b.name)).toEqual([BILL]);

    // The right password: gone everywhere, signed out, home with the message.
    await dialog.getByLabel(ACCOUNT_DATA_MESSAGES.passwordLabel).fill(PASSWORD);
    await dialog.getByRole('button', { name: ACCOUNT_DATA_MESSAGES.confirmButton }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect(page.getByText(ACCOUNT_DATA_MESSAGES.deleted)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible(); // the home page, not its loading state
    expect(await rowsNamingUser(userId, email)).toEqual([]);
    expect((await page.request.get('/api/auth/me', { headers })).status()).toBeGreaterThanOrEqual(401);
    expect((await page.request.get('/api/financial/bills', { headers })).status()).toBe(401);

    // A second sign-in fails, as for an address never registered.
    await page.goto('/login');
    await page.getByLabel(/email/i).fill(email);
    await page.getByLabel(/^password/i).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByText(AUTH_MESSAGES.invalidCredentials)).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/login');
  });
}
