import { BANK_SYNC_ENDPOINTS, SANDBOX_INSTITUTIONS } from '@paycadence/contracts';
import { Alert, ApiError, Button, Modal, TextField, useApi } from '@paycadence/web-kit';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { TEXT } from '../model/messages.js';

export type LinkDialogResult = { kind: 'linked'; itemId: string; message?: string } | { kind: 'repaired' };

export interface SandboxLinkDialogProps {
  userId: string;
  /** Update mode: repair this item (a new sign-in), no institution step, no token exchange. */
  repair?: { itemId: string; institutionId: string | null; institutionName: string } | null;
  onDone: (result: LinkDialogResult) => void;
  /** The user left the dialog without finishing. */
  onCancel: () => void;
}

const CUSTOM_USER = 'user_custom';
const CUSTOM_EXAMPLE = JSON.stringify(
  {
    override_accounts: [
      {
        type: 'depository',
        subtype: 'checking',
        starting_balance: 2500,
        transactions: [{ date_transacted: '2026-11-01', date_posted: '2026-11-02', amount: 1450, description: 'Rent', currency: 'USD' }],
      },
    ],
  },
  null,
  2,
);

/** What the server said, for the dialog: its own words for a refused sign-in, else the product's §8 text. */
function failureText(error: unknown): { text: string; fields: Record<string, string> } {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401) {
    return { text: error.message, fields: error.errors };
  }
  return { text: TEXT.connectFailed, fields: {} };
}

/**
 * The built-in sandbox sign-in (no real Plaid keys, so Plaid Link's script is not used): it asks what Plaid
 * Link's sandbox asks, an institution, then a username and password, and completes the link through
 * POST /sandbox/public-token and POST /exchange-token (or repairs an item in update mode).
 */
export function SandboxLinkDialog({ userId, repair, onDone, onCancel }: SandboxLinkDialogProps) {
  const api = useApi();
  const groupId = useId();
  const [step, setStep] = useState<'institution' | 'credentials'>(repair ? 'credentials' : 'institution');
  const [institutionId, setInstitutionId] = useState<string>(repair?.institutionId ?? SANDBOX_INSTITUTIONS[0].institution_id);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ text: string; fields: Record<string, string> } | null>(null);
  const errorRef = useRef<HTMLDivElement>(null);
  // The busy submit button lost focus; put it on the message so Escape and Tab stay inside the dialog.
  useEffect(() => {
    if (error) errorRef.current?.focus();
  }, [error]);

  const institutionName =
    repair?.institutionName ?? SANDBOX_INSTITUTIONS.find((i) => i.institution_id === institutionId)?.name ?? 'your bank';
  const custom = username.trim() === CUSTOM_USER;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const token = await api.call(BANK_SYNC_ENDPOINTS.sandboxPublicToken, {
        body: { user_id: userId, institution_id: institutionId, username: username.trim(), password, item_id: repair?.itemId },
      });
      if (repair || token.repaired || !token.public_token) {
        onDone({ kind: 'repaired' });
        return;
      }
      const exchanged = await api.call(BANK_SYNC_ENDPOINTS.exchangeToken, {
        body: { public_token: token.public_token, user_id: userId, institution_id: institutionId, institution_name: institutionName },
      });
      if (!exchanged.success) {
        setError({ text: exchanged.message || TEXT.connectFailed, fields: {} });
        return;
      }
      onDone({ kind: 'linked', itemId: exchanged.item_id, message: exchanged.message });
    } catch (caught) {
      setError(failureText(caught));
    } finally {
      setBusy(false);
    }
  };

  const title = repair ? `Reconnect ${repair.institutionName}` : step === 'institution' ? 'Connect a bank' : `Sign in to ${institutionName}`;

  return (
    <Modal open title={title} onClose={onCancel} className="ca-link-dialog">
      {step === 'institution' ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            setStep('credentials');
          }}
        >
          <fieldset className="ca-institutions">
            <legend className="ca-institutions__legend">Select your bank</legend>
            {SANDBOX_INSTITUTIONS.map((institution) => (
              <label key={institution.institution_id} className="ca-institutions__option">
                <input
                  type="radio"
                  name={`${groupId}-institution`}
                  value={institution.institution_id}
                  checked={institutionId === institution.institution_id}
                  onChange={() => setInstitutionId(institution.institution_id)}
                />
                <span>{institution.name}</span>
              </label>
            ))}
          </fieldset>
          <p className="ca-muted ca-small">Sandbox mode: no real bank is contacted and no real money moves.</p>
          <div className="ca-dialog-actions">
            <Button variant="secondary" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit">Continue</Button>
          </div>
        </form>
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate>
          {repair && <p className="ca-muted">{TEXT.loginRequired}</p>}
          {error && (
            <div ref={errorRef} tabIndex={-1} className="ca-dialog-error">
              <Alert tone="error">{error.text}</Alert>
            </div>
          )}
          <TextField
            label="Username"
            name="username"
            autoComplete="off"
            value={username}
            onChange={(event) => setUsername(event.target.value)}
            error={error?.fields.username}
            required
          />
          {custom ? (
            <div className="pc-field">
              <label htmlFor={`${groupId}-config`} className="pc-field__label">
                Password (JSON configuration)
              </label>
              <textarea
                id={`${groupId}-config`}
                className="pc-input ca-config"
                rows={8}
                spellCheck={false}
                value={password}
                placeholder={CUSTOM_EXAMPLE}
                onChange={(event) => setPassword(event.target.value)}
                aria-invalid={error?.fields.password ? true : undefined}
                required
              />
              {error?.fields.password && <p className="pc-field__error">{error.fields.password}</p>}
            </div>
          ) : (
            <TextField
              label="Password"
              name="password"
              type="password"
              autoComplete="off"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              error={error?.fields.password}
              required
            />
          )}
          <p className="ca-hint ca-small">
            Sandbox sign-in: use <code>user_good</code> / <code>pass_good</code>. For your own accounts and transactions, use{' '}
            <code>user_custom</code> with a JSON configuration (<code>override_accounts</code>) as the password.
          </p>
          <div className="ca-dialog-actions">
            {repair ? (
              <Button variant="secondary" onClick={onCancel}>
                Cancel
              </Button>
            ) : (
              <Button variant="secondary" onClick={() => setStep('institution')} disabled={busy}>
                Back
              </Button>
            )}
            <Button type="submit" busy={busy} busyText="Connecting..." disabled={!username.trim() || !password}>
              {repair ? 'Reconnect' : 'Sign in'}
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}
