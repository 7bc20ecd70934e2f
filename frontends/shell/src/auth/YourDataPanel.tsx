import { ACCOUNT_DATA_MESSAGES, AUTH_ENDPOINTS } from '@paycadence/contracts';
import { Alert, ApiError, Button, Card, Modal, TextField, showToast, useAuth, useLogoutToHome } from '@paycadence/web-kit';
import { useId, useState, type FormEvent } from 'react';
import { downloadAccountExport } from './account-export-download';
import './your-data.css';

type Message = { tone: 'success' | 'error'; text: string };

/**
 * Settings > Your data: download everything PayCadence keeps about you, or delete the account.
 * Deleting asks for the password (and a 2FA code when it is on) in a dialog that says plainly what goes.
 */
export function YourDataPanel() {
  const { api, session, refreshSession, user } = useAuth();
  const [exporting, setExporting] = useState(false);
  const [exportMessage, setExportMessage] = useState<Message | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);

  const download = async () => {
    setExporting(true);
    setExportMessage(null);
    try {
      await downloadAccountExport(
        () => session?.access_token ?? null,
        async () => (await refreshSession())?.access_token ?? null,
      );
      setExportMessage({ tone: 'success', text: ACCOUNT_DATA_MESSAGES.exported });
    } catch {
      setExportMessage({ tone: 'error', text: ACCOUNT_DATA_MESSAGES.exportFailed });
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="pc-yourdata">
      <Card title={ACCOUNT_DATA_MESSAGES.exportTitle} titleLevel={2}>
        <p className="pc-meta">{ACCOUNT_DATA_MESSAGES.exportIntro}</p>
        <Button onClick={() => void download()} disabled={exporting} aria-busy={exporting}>
          {exporting ? ACCOUNT_DATA_MESSAGES.exporting : ACCOUNT_DATA_MESSAGES.exportButton}
        </Button>
        {exportMessage && (
          <Alert tone={exportMessage.tone} className="pc-yourdata__message">
            {exportMessage.text}
          </Alert>
        )}
      </Card>
      <Card title={ACCOUNT_DATA_MESSAGES.deleteTitle} titleLevel={2} className="pc-yourdata__danger">
        <p className="pc-meta">{ACCOUNT_DATA_MESSAGES.deleteIntro}</p>
        <Button variant="danger" onClick={() => setDialogOpen(true)}>
          {ACCOUNT_DATA_MESSAGES.deleteButton}
        </Button>
      </Card>
      <DeleteAccountDialog
        open={dialogOpen}
        onClose={() => setDialogOpen(false)}
        mfaEnabled={Boolean(user?.mfa_enabled)}
        remove={(body) => api.call(AUTH_ENDPOINTS.deleteAccount, { body })}
      />
    </div>
  );
}

interface DeleteAccountDialogProps {
  open: boolean;
  onClose: () => void;
  mfaEnabled: boolean;
  remove: (body: { password: string; code?: string }) => Promise<{ message: string }>;
}

/** The irreversible step: what goes, then the password (and code), then one clearly named button. */
function DeleteAccountDialog({ open, onClose, mfaEnabled, remove }: DeleteAccountDialogProps) {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const leave = useLogoutToHome();
  const warningId = useId();

  const close = () => {
    if (busy) return;
    setPassword('');
    setCode('');
    setError(null);
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setError(ACCOUNT_DATA_MESSAGES.passwordRequired);
    setBusy(true);
    setError(null);
    try {
      const answer = await remove({ password, ...(code.trim() ? { code: code.trim() } : {}) });
      showToast({ message: answer.message, tone: 'success' });
      // Home, then the local session ends (the server already ended every session).
      leave();
    } catch (failure) {
      setError(failure instanceof ApiError && failure.status >= 400 && failure.status < 500 ? failure.message : ACCOUNT_DATA_MESSAGES.deleteFailed);
      setBusy(false);
    }
  };

  return (
    <Modal open={open} title={ACCOUNT_DATA_MESSAGES.dialogTitle} onClose={close} className="pc-yourdata__dialog">
      <form onSubmit={(event) => void submit(event)} noValidate aria-describedby={warningId}>
        <div id={warningId}>
          <Alert tone="error" title={ACCOUNT_DATA_MESSAGES.dialogWarning}>
            <ul className="pc-yourdata__consequences">
              {ACCOUNT_DATA_MESSAGES.dialogConsequences.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </Alert>
        </div>
        <TextField
          label={ACCOUNT_DATA_MESSAGES.passwordLabel}
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        {mfaEnabled && (
          <TextField
            label={ACCOUNT_DATA_MESSAGES.codeLabel}
            hint={ACCOUNT_DATA_MESSAGES.codeHint}
            name="code"
            autoComplete="one-time-code"
            required
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
        )}
        {error && <Alert tone="error">{error}</Alert>}
        <div className="pc-yourdata__actions">
          <Button type="button" variant="secondary" onClick={close} disabled={busy}>
            {ACCOUNT_DATA_MESSAGES.cancel}
          </Button>
          <Button type="submit" variant="danger" disabled={busy} aria-busy={busy}>
            {busy ? ACCOUNT_DATA_MESSAGES.deleting : ACCOUNT_DATA_MESSAGES.confirmButton}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
