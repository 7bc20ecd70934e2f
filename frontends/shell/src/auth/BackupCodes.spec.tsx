import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BackupCodes, backupCodesText } from './BackupCodes';

afterEach(() => vi.restoreAllMocks());

describe('BackupCodes', () => {
  it('puts one code a line in the text it copies and downloads', () => {
    expect(backupCodesText(['AAAAA-11111', 'BBBBB-22222'], 'ann@example.com')).toBe(
      'PayCadence backup codes for ann@example.com\nEach code works once, in place of a code from your authenticator app.\n\nAAAAA-11111\nBBBBB-22222\n',
    );
  });

  it('copies the codes and says so, and prints with only the codes on the page', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    const print = vi.fn();
    vi.stubGlobal('print', print);
    render(<BackupCodes codes={['AAAAA-11111']} />);
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(expect.stringContaining('AAAAA-11111'));
    expect(await screen.findByText('Backup codes copied to the clipboard.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalled();
    expect(document.documentElement.classList.contains('pc-printing-backup-codes')).toBe(true);
    window.dispatchEvent(new Event('afterprint'));
    expect(document.documentElement.classList.contains('pc-printing-backup-codes')).toBe(false);
    vi.unstubAllGlobals();
  });
});
