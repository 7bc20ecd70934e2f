import { STATEMENT_LIMITS, STATEMENT_MESSAGES } from '@paycadence/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, TEST_USER } from '@paycadence/web-kit/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  accountsBody,
  csvPreview,
  FILE_ACCOUNT_ID,
  fileAccount,
  fileItem,
  IMPORT_ID,
  ofxPreview,
  statementImport,
  UPLOAD_ID,
} from '../test/fixtures.js';
import { fail, serveApi, serveStatementUploads, type StatementUploads, type StubServer } from '../test/server.js';
import { BankAccountsTab } from './BankAccountsTab.js';

let server: StubServer;
let uploads: StatementUploads;

beforeEach(() => {
  server = serveApi({ accounts: () => accountsBody() });
  uploads = serveStatementUploads(() => ofxPreview());
});
afterEach(() => vi.unstubAllGlobals());

const ofxFile = (name = 'november.ofx') => new File(['OFXHEADER:100\nDATA:OFXSGML\n<OFX>…</OFX>'], name);
const csvFile = () => new File(['Details,Posting Date,Description,Amount,Type,Balance,Check or Slip #\n'], 'activity.csv', { type: 'text/csv' });

async function openDialog() {
  renderWithProviders(<BankAccountsTab userId={TEST_USER.id} onImportStarted={() => undefined} importing={false} />);
  await userEvent.click(await screen.findByRole('button', { name: STATEMENT_MESSAGES.importButton }));
  return screen.getByRole('dialog', { name: STATEMENT_MESSAGES.dialogTitle });
}

async function uploadInto(dialog: HTMLElement, file: File) {
  await userEvent.upload(within(dialog).getByLabelText(STATEMENT_MESSAGES.chooseFile), file);
}

describe('Import a statement file: upload and preview', () => {
  it('sends the file as raw bytes with its name, then shows what the file says and the new and already-here counts', async () => {
    const dialog = await openDialog();
    expect(within(dialog).getByText(STATEMENT_MESSAGES.dropHere)).toBeInTheDocument();
    const file = ofxFile('Relevé novembre.ofx');
    await uploadInto(dialog, file);

    // The file input is gone: the focus moves on to what was read.
    const heading = await within(dialog).findByRole('heading', { name: /november\.ofx/ });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(uploads.list()).toHaveLength(1);
    const [sent] = uploads.list();
    expect(sent!.headers.get('content-type')).toBe('application/octet-stream');
    expect(decodeURIComponent(sent!.headers.get('x-file-name')!)).toBe('Relevé novembre.ofx');
    expect(sent!.headers.get('x-file-name')).toMatch(/^[\x20-\x7e]+$/);
    expect(sent!.body.size).toBe(file.size);

    expect(within(dialog).getByText('OFX')).toBeInTheDocument();
    expect(within(dialog).getByText('ending in 4321')).toBeInTheDocument();
    expect(within(dialog).getByText('$2,050.25 on 11/30/2026')).toBeInTheDocument();
    expect(within(dialog).getByRole('status')).toHaveTextContent('12 new, 3 already here · 11/01/2026 to 11/30/2026');
    // The product's sign: positive is money out.
    const rent = within(dialog).getByText('OAKWOOD APTS').closest('li')!;
    expect(rent).toHaveTextContent('Money out −$1,450.00');
    expect(within(dialog).getByText('ACME PAYROLL').closest('li')).toHaveTextContent('Money in +$2,600.00');
    // A new account, named from what the file says.
    expect(within(dialog).getByLabelText('Bank name')).toHaveValue('Houndstooth Bank');
    expect(within(dialog).getByLabelText('Account type')).toHaveValue('checking');
    expect(within(dialog).getByLabelText('Account name')).toHaveValue('Houndstooth Bank Checking');
    expect(within(dialog).getByRole('button', { name: STATEMENT_MESSAGES.importAction })).toBeEnabled();
  });

  it('takes a file dropped on the drop zone', async () => {
    const dialog = await openDialog();
    fireEvent.drop(within(dialog).getByText(STATEMENT_MESSAGES.dropHere).parentElement!, { dataTransfer: { files: [ofxFile()], types: ['Files'] } });
    expect(await within(dialog).findByText('12 new, 3 already here')).toBeInTheDocument();
    expect(uploads.list()).toHaveLength(1);
  });

  it('refuses a file over 5 MB in the browser, without uploading it', async () => {
    const dialog = await openDialog();
    await uploadInto(dialog, new File([new Uint8Array(STATEMENT_LIMITS.maxBytes + 1)], 'ten-years.ofx'));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(STATEMENT_MESSAGES.tooLarge);
    expect(uploads.list()).toHaveLength(0);
    expect(within(dialog).queryByRole('button', { name: STATEMENT_MESSAGES.importAction })).not.toBeInTheDocument();
  });

  it("shows the server's words when it refuses the file, and another file can still be chosen", async () => {
    uploads.answer(() => fail(400, STATEMENT_MESSAGES.wrongType));
    const dialog = await openDialog();
    await uploadInto(dialog, ofxFile('photo.ofx'));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(STATEMENT_MESSAGES.wrongType);

    uploads.answer(() => ofxPreview());
    await uploadInto(dialog, ofxFile());
    expect(await within(dialog).findByText('12 new, 3 already here')).toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('Import a statement file: CSV columns', () => {
  it("choosing a bank's layout asks for a new preview with that layout's columns, and shows its counts", async () => {
    uploads.answer(() => csvPreview());
    server.use({ previewStatement: () => csvPreview({ preset: 'chase-checking' }, { problem: null, transactions: ofxPreview().transactions }) });
    const dialog = await openDialog();
    await uploadInto(dialog, csvFile());

    // The first rows as the file has them, and nothing to import until the columns are known.
    const table = await within(dialog).findByRole('region', { name: 'The first rows of the file' });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toContain('Posting Date');
    expect(within(table).getByText('OAKWOOD APTS')).toBeInTheDocument();
    expect(within(dialog).getByText(STATEMENT_MESSAGES.unmappable)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: STATEMENT_MESSAGES.importAction })).toBeDisabled();

    await userEvent.selectOptions(within(dialog).getByLabelText('Bank layout'), 'Chase checking or savings');
    await waitFor(() => expect(server.calls('previewStatement')).toHaveLength(1));
    expect(server.calls('previewStatement')[0]).toMatchObject({
      params: { uploadId: UPLOAD_ID },
      body: {
        account_id: null,
        mapping: { header_row: true, skip_rows: 0, date: 1, description: 2, amount: 3, debit: null, credit: null, balance: 5, date_format: 'MM/DD/YYYY', sign: 'out_negative' },
      },
    });
    expect(await within(dialog).findByText('12 new, 3 already here')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Date column')).toHaveValue('1');
    expect(within(dialog).getByLabelText('Money out and money in')).toHaveValue('out_negative');
    expect(within(dialog).getByLabelText('The first row is column names')).toBeChecked();
  });

  it('asks which way round the dates are when the file could be either, and Import waits for the answer', async () => {
    const mapped = { header_row: true, skip_rows: 0, date: 1, description: 2, amount: 3, debit: null, credit: null, balance: null, date_format: null, sign: 'out_negative' } as const;
    uploads.answer(() => csvPreview({ mapping: mapped, date_formats: ['MM/DD/YYYY', 'DD/MM/YYYY'] }, { problem: STATEMENT_MESSAGES.ambiguousDates }));
    server.use({ previewStatement: () => csvPreview({ mapping: { ...mapped, date_format: 'DD/MM/YYYY' } }, { problem: null, transactions: ofxPreview().transactions }) });
    const dialog = await openDialog();
    await uploadInto(dialog, csvFile());

    const dateFormat = await within(dialog).findByLabelText('Date format');
    expect(dateFormat).toHaveAccessibleDescription(STATEMENT_MESSAGES.ambiguousDates);
    expect(within(dialog).getAllByText(STATEMENT_MESSAGES.ambiguousDates)).toHaveLength(1);
    // Only the two layouts the file's dates fit.
    expect(within(dateFormat).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Choose the date format',
      'MM/DD/YYYY (month first)',
      'DD/MM/YYYY (day first)',
    ]);
    await userEvent.type(within(dialog).getByLabelText('Bank name'), 'Lloyds');
    const importButton = within(dialog).getByRole('button', { name: STATEMENT_MESSAGES.importAction });
    expect(importButton).toBeDisabled();
    expect(server.calls('previewStatement')).toHaveLength(0);

    await userEvent.selectOptions(dateFormat, 'DD/MM/YYYY (day first)');
    await waitFor(() => expect(importButton).toBeEnabled());
    expect(server.calls('previewStatement').at(-1)!.body).toMatchObject({ mapping: { ...mapped, date_format: 'DD/MM/YYYY' } });
    expect(within(dialog).getByText('12 new, 3 already here')).toBeInTheDocument();
    expect(within(dialog).queryByText(STATEMENT_MESSAGES.ambiguousDates)).not.toBeInTheDocument();
  });
});

describe('Import a statement file: import and undo', () => {
  it('imports into a new account, says how many came in, reloads the accounts, and undoes the import', async () => {
    server.use({
      importStatement: () => ({ success: true, message: STATEMENT_MESSAGES.imported(12, 3), import: statementImport() }),
      undoStatementImport: () => ({ success: true, message: STATEMENT_MESSAGES.undone(12), removed: 12 }),
    });
    const dialog = await openDialog();
    await uploadInto(dialog, ofxFile());
    await within(dialog).findByText('12 new, 3 already here');
    const accountLoads = server.calls('accounts').length;

    await userEvent.click(within(dialog).getByRole('button', { name: STATEMENT_MESSAGES.importAction }));
    const result = await within(dialog).findByText(STATEMENT_MESSAGES.imported(12, 3));
    expect(result.closest('[role="status"]')).toBeInTheDocument();
    await waitFor(() => expect(result.closest('[tabindex="-1"]')).toHaveFocus());
    expect(server.calls('importStatement')).toEqual([
      expect.objectContaining({
        params: { uploadId: UPLOAD_ID },
        body: { new_account: { name: 'Houndstooth Bank Checking', type: 'checking', institution_name: 'Houndstooth Bank' } },
      }),
    ]);
    await waitFor(() => expect(server.calls('accounts').length).toBeGreaterThan(accountLoads));

    await userEvent.click(within(dialog).getByRole('button', { name: STATEMENT_MESSAGES.undo }));
    expect(await within(dialog).findByText(STATEMENT_MESSAGES.undone(12))).toBeInTheDocument();
    expect(server.calls('undoStatementImport')).toEqual([expect.objectContaining({ params: { importId: IMPORT_ID } })]);
    expect(within(dialog).queryByRole('button', { name: STATEMENT_MESSAGES.undo })).not.toBeInTheDocument();
  });

  it('puts a file from an account imported before into that account by default', async () => {
    server.use({
      accounts: () => accountsBody([fileItem()], [fileAccount()]),
      statementImports: () => ({ success: true, imports: [] }),
      importStatement: () => ({ success: true, message: STATEMENT_MESSAGES.imported(12, 3), import: statementImport() }),
    });
    uploads.answer(() => ofxPreview({ account_id: FILE_ACCOUNT_ID }));
    const dialog = await openDialog();
    await uploadInto(dialog, ofxFile());
    expect(await within(dialog).findByRole('radio', { name: 'Add to an existing account' })).toBeChecked();
    expect(within(dialog).getByLabelText('Existing account')).toHaveValue(FILE_ACCOUNT_ID);

    await userEvent.click(within(dialog).getByRole('button', { name: STATEMENT_MESSAGES.importAction }));
    await within(dialog).findByText(STATEMENT_MESSAGES.imported(12, 3));
    expect(server.calls('importStatement')[0]!.body).toEqual({ account_id: FILE_ACCOUNT_ID });
  });

  it("keeps the dialog open with the server's words when the import is refused", async () => {
    server.use({ importStatement: () => fail(410, STATEMENT_MESSAGES.uploadGone) });
    const dialog = await openDialog();
    await uploadInto(dialog, ofxFile());
    await within(dialog).findByText('12 new, 3 already here');
    await userEvent.click(within(dialog).getByRole('button', { name: STATEMENT_MESSAGES.importAction }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(STATEMENT_MESSAGES.uploadGone);
    expect(within(dialog).getByRole('button', { name: 'Choose another file' })).toBeEnabled();
  });
});
