import { FINANCE_ENDPOINTS } from '@paycadence/contracts';
import { Alert, ApiError, Button, Select, Spinner, useApi } from '@paycadence/web-kit';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { bankKeys } from '../hooks/bank-queries.js';
import { billKeys, useBills } from '../hooks/bill-queries.js';
import { formatMoney } from '../model/format.js';

const TIE_FAILED = 'Failed to tie the bill. Please try again.';

export const tiedText = (bill: string, payee: string) => `${bill} is now tied to ${payee}: payments to it mark ${bill} paid.`;

export interface TieToBillProps {
  /** The panel's id, which the row's 'Tie to a bill' button controls. */
  id: string;
  userId: string;
  /** Who the money went to, as the bank wrote it: what the bill's payments will be recognised by. */
  payee: string;
  /** Set once tied: the panel then only says so. */
  message: string | null;
  onTied: (message: string) => void;
  onCancel: () => void;
}

/**
 * Ties a bill to the payee of a payment: bank payments to that payee then mark the bill paid, even when the bank's
 * name for it ('OAKWOOD APTS') is nothing like the bill's ('Rent').
 */
export function TieToBill({ id, userId, payee, message, onTied, onCancel }: TieToBillProps) {
  const api = useApi();
  const queryClient = useQueryClient();
  const bills = useBills(userId, message === null);
  const hintId = useId();
  const [billId, setBillId] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const selectRef = useRef<HTMLDivElement>(null);
  // The busy Tie button lost the focus; a refusal gives it back to the choice, to pick again.
  useEffect(() => {
    if (error) selectRef.current?.querySelector('select')?.focus();
  }, [error]);

  // A household bill another member owns cannot be changed by this person.
  const editable = (bills.data ?? []).filter((bill) => bill.can_edit !== false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!billId || busy) return;
    setBusy(true);
    setError(null);
    try {
      const bill = await api.call(FINANCE_ENDPOINTS.updateBill, { params: { id: billId }, body: { payee } });
      void queryClient.invalidateQueries({ queryKey: billKeys.all });
      void queryClient.invalidateQueries({ queryKey: bankKeys.transactionsAll(userId) });
      onTied(tiedText(bill.name, payee));
    } catch (caught) {
      setError(caught instanceof ApiError && caught.status >= 400 && caught.status < 500 && caught.status !== 401 && caught.message ? caught.message : TIE_FAILED);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div id={id} className="ca-tie">
      {/* In the page from the moment the panel opens, so the confirmation is heard when it arrives. */}
      <p className="ca-status ca-status--success" role="status" aria-live="polite">
        {message}
      </p>
      {message === null &&
        (bills.isPending ? (
          <Spinner inline label="Loading your bills..." />
        ) : bills.isError ? (
          <Alert tone="error">
            Failed to load your bills.{' '}
            <Button variant="secondary" size="sm" onClick={() => void bills.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : editable.length === 0 ? (
          <div className="ca-tie__form">
            <p className="ca-muted ca-small">You have no bills to tie yet. Add the bill first, then tie it to this payment.</p>
            <Button size="sm" variant="ghost" onClick={onCancel}>
              Close
            </Button>
          </div>
        ) : (
          <form className="ca-tie__form" onSubmit={(event) => void submit(event)} aria-describedby={hintId}>
            <p id={hintId} className="ca-muted ca-small ca-tie__hint">
              Payments to {payee} will mark the bill you choose paid.
            </p>
            <div ref={selectRef} className="ca-tie__select">
              <Select
                label="Bill"
                value={billId}
                placeholder="Choose a bill"
                options={editable.map((bill) => ({
                  value: bill.id,
                  label: `${bill.name} · ${formatMoney(bill.amount)}${bill.payee ? ` · now tied to ${bill.payee}` : ''}`,
                }))}
                onChange={(event) => setBillId(event.target.value)}
              />
            </div>
            <div className="ca-actions">
              <Button type="submit" size="sm" disabled={!billId} busy={busy} busyText="Tying...">
                Tie
              </Button>
              <Button size="sm" variant="ghost" onClick={onCancel} disabled={busy}>
                Cancel
              </Button>
            </div>
            {error && <Alert tone="error">{error}</Alert>}
          </form>
        ))}
    </div>
  );
}
