import { PRODUCT_NAME } from '@paycadence/contracts';
import { Button } from '@paycadence/web-kit';
import { useState } from 'react';

export const BACKUP_CODES_FILE_NAME = 'paycadence-backup-codes.txt';
// While this class is on <html>, the print stylesheet shows the backup codes alone.
const PRINTING_CLASS = 'pc-printing-backup-codes';

/** The codes as a plain-text file: one per line, with what they are for. */
export function backupCodesText(codes: string[], email?: string): string {
  const heading = `${PRODUCT_NAME} backup codes${email ? ` for ${email}` : ''}`;
  return [heading, 'Each code works once, in place of a code from your authenticator app.', '', ...codes, ''].join('\n');
}

function download(text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = BACKUP_CODES_FILE_NAME;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function printCodes() {
  const root = document.documentElement;
  root.classList.add(PRINTING_CLASS);
  window.addEventListener('afterprint', () => root.classList.remove(PRINTING_CLASS), { once: true });
  window.print();
}

/** Fresh backup codes, with ways to keep them: copy, a .txt download, print. */
export function BackupCodes({ codes, email }: { codes: string[]; email?: string }) {
  const [status, setStatus] = useState<string | null>(null);
  const text = backupCodesText(codes, email);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setStatus('Backup codes copied to the clipboard.');
    } catch {
      setStatus('Could not copy. Select the codes and copy them, or download them instead.');
    }
  };
  return (
    <div className="pc-mfa__backup">
      <p className="pc-mfa__backup-title">Backup codes</p>
      <p className="pc-meta">Each code works once. Keep them somewhere safe: they let you in if you lose your phone.</p>
      <ul className="pc-mfa__codes" aria-label="Backup codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <div className="pc-mfa__backup-actions">
        <Button variant="secondary" size="sm" onClick={() => void copy()}>
          Copy
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            download(text);
            setStatus(`Saved as ${BACKUP_CODES_FILE_NAME}.`);
          }}
        >
          Download .txt
        </Button>
        <Button variant="secondary" size="sm" onClick={printCodes}>
          Print
        </Button>
      </div>
      <p className="pc-meta" role="status">
        {status}
      </p>
    </div>
  );
}
