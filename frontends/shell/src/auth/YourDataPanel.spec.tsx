import { ACCOUNT_DATA_MESSAGES, ACCOUNT_DELETE_PATH, ACCOUNT_EXPORT_PATH } from '@paycadence/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadName } from './account-export-download';
import { YourDataPanel } from './YourDataPanel';
import { ANN, json, mockFetch, renderScreen } from './test-helpers';

afterEach(() => vi.unstubAllGlobals());

/** auth as the panel sees it: the export answers a zip; deletion wants `Right!Pass1`. */
function authServer() {
  const deleted: unknown[] = [];
  const fetchMock = mockFetch((url, init) => {
    if (url.endsWith(ACCOUNT_EXPORT_PATH)) {
      return Promise.resolve(new Response('PK', { status: 200, headers: { 'Content-Disposition': 'attachment; filename="paycadence-data-2026-03-10.zip"' } }));
    }
    if (url.endsWith(ACCOUNT_DELETE_PATH)) {
      const body = JSON.parse(String(init.body));
      if (body.password !== 'Right!Pass1') return json({ message: ACCOUNT_DATA_MESSAGES.passwordIncorrect }, 400);
      deleted.push(body);
      return json({ success: true, status: 'deleted', message: ACCOUNT_DATA_MESSAGES.deleted });
    }
    return json({}, 204);
  });
  return { deleted, fetchMock };
}

describe('downloadName', () => {
  it("takes the server's file name and falls back to today's", () => {
    expect(downloadName('attachment; filename="paycadence-data-2026-03-10.zip"', new Date('2026-01-01'))).toBe('paycadence-data-2026-03-10.zip');
    expect(downloadName(null, new Date('2026-01-01T10:00:00Z'))).toBe('paycadence-data-2026-01-01.zip');
    expect(downloadName('attachment; filename="../evil.zip"', new Date('2026-01-01T10:00:00Z'))).toBe('paycadence-data-2026-01-01.zip');
  });
});

describe('YourDataPanel', () => {
  it('downloads the export with the session and says so', async () => {
    const { fetchMock } = authServer();
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    renderScreen(<YourDataPanel />, { user: ANN });
    await userEvent.click(screen.getByRole('button', { name: ACCOUNT_DATA_MESSAGES.exportButton }));
    expect(await screen.findByText(ACCOUNT_DATA_MESSAGES.exported)).toBeVisible();
    const [url, init] = fetchMock.mock.calls.find(([called]) => called.endsWith(ACCOUNT_EXPORT_PATH))!;
    expect(url).toBe(ACCOUNT_EXPORT_PATH);
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer at');
  });

  it('warns in a dialog, refuses a wrong password with its message, and deletes with the right one', async () => {
    const { deleted } = authServer();
    renderScreen(<YourDataPanel />, { user: ANN });
    await userEvent.click(screen.getByRole('button', { name: ACCOUNT_DATA_MESSAGES.deleteButton }));
    const dialog = screen.getByRole('dialog', { name: ACCOUNT_DATA_MESSAGES.dialogTitle });
    expect(within(dialog).getByText(ACCOUNT_DATA_MESSAGES.dialogWarning)).toBeVisible();
    expect(within(dialog).queryByLabelText(ACCOUNT_DATA_MESSAGES.codeLabel)).toBeNull(); // 2FA is off for Ann

    await userEvent.click(within(dialog).getByRole('button', { name: ACCOUNT_DATA_MESSAGES.confirmButton }));
    expect(await within(dialog).findByText(ACCOUNT_DATA_MESSAGES.passwordRequired)).toBeVisible();

    await userEvent.type(within(dialog).getByLabelText(ACCOUNT_DATA_MESSAGES.passwordLabel), 'Wrong!Pass1');
    await userEvent.click(within(dialog).getByRole('button', { name: ACCOUNT_DATA_MESSAGES.confirmButton }));
    expect(await within(dialog).findByText(ACCOUNT_DATA_MESSAGES.passwordIncorrect)).toBeVisible();
    expect(deleted).toEqual([]);

    await userEvent.clear(within(dialog).getByLabelText(ACCOUNT_DATA_MESSAGES.passwordLabel));
    await userEvent.type(within(dialog).getByLabelText(ACCOUNT_DATA_MESSAGES.passwordLabel), 'Right!Pass1');
    await userEvent.click(within(dialog).getByRole('button', { name: ACCOUNT_DATA_MESSAGES.confirmButton }));
    await waitFor(() => expect(deleted).toEqual([{ password: 'Right!Pass1' }]));
  });

  it('asks for the 2FA code when it is on', async () => {
    authServer();
    renderScreen(<YourDataPanel />, { user: { ...ANN, mfa_enabled: true } });
    await userEvent.click(screen.getByRole('button', { name: ACCOUNT_DATA_MESSAGES.deleteButton }));
    expect(within(screen.getByRole('dialog')).getByLabelText(ACCOUNT_DATA_MESSAGES.codeLabel, { exact: false })).toBeVisible();
  });

  it('closes the dialog on Cancel without asking the server', async () => {
    const { deleted } = authServer();
    renderScreen(<YourDataPanel />, { user: ANN });
    await userEvent.click(screen.getByRole('button', { name: ACCOUNT_DATA_MESSAGES.deleteButton }));
    await userEvent.click(screen.getByRole('button', { name: ACCOUNT_DATA_MESSAGES.cancel }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(deleted).toEqual([]);
  });
});
