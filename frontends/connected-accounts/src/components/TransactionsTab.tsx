import { TRANSACTION_TYPES, TRANSACTION_WINDOWS_DAYS, type TransactionType } from '@paycadence/contracts';
import { Alert, Badge, Button, Select, Spinner, formatDate } from '@paycadence/web-kit';
import { useId, useState } from 'react';
import { useTransactions } from '../hooks/bank-queries.js';
import { categoryLabel, signedTransactionAmount } from '../model/format.js';
import { TEXT } from '../model/messages.js';
import { TieToBill } from './TieToBill.js';

const TYPE_LABELS: Record<TransactionType, string> = { income: 'Income', bills: 'Bills', expenses: 'Expenses' };
const windowText = (days: number | null) => (days === null ? 'all time' : `the last ${days} days`);

/**
 * docs/product/signed-in.md §2/§4 Transaction History: newest first, the window growing 7 → 30 → 60 → all days with
 * 'Show less' back to 7, and a type filter (income, bills, expenses).
 */
export function TransactionsTab({ userId, importing }: { userId: string; importing: boolean }) {
  const [windowIndex, setWindowIndex] = useState(0);
  const [type, setType] = useState<TransactionType | null>(null);
  const days = TRANSACTION_WINDOWS_DAYS[windowIndex];
  const query = useTransactions(userId, days, type);
  const nextDays = windowIndex < TRANSACTION_WINDOWS_DAYS.length - 1 ? TRANSACTION_WINDOWS_DAYS[windowIndex + 1] : undefined;
  const rows = query.data?.transactions ?? [];
  const ids = useId();
  // One payment's 'Tie to a bill' panel at a time; `message` once it is tied.
  const [tie, setTie] = useState<{ txId: string; message: string | null } | null>(null);
  const toggleId = (txId: string) => `${ids}-tie-${txId}`;
  const panelId = (txId: string) => `${ids}-tie-panel-${txId}`;
  // The form (and the button that had the focus in it) goes away: the focus goes back to the row's own button.
  const closeTie = (txId: string, message: string | null) => {
    setTie(message === null ? null : { txId, message });
    setTimeout(() => document.getElementById(toggleId(txId))?.focus(), 0);
  };

  return (
    <section className="ca-tab" aria-labelledby="ca-tx-title">
      <div className="ca-tab__head">
        <h2 id="ca-tx-title" className="ca-tab__title">
          Transaction History
        </h2>
        <Select
          label="Show"
          className="ca-filter"
          value={type ?? ''}
          onChange={(event) => setType((event.target.value || null) as TransactionType | null)}
          options={[{ value: '', label: 'All transactions' }, ...TRANSACTION_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] }))]}
        />
      </div>
      <p className="ca-muted ca-small" aria-live="polite">
        {query.isSuccess && `${rows.length} of ${query.data.total.toLocaleString('en-US')} transaction${query.data.total === 1 ? '' : 's'} from ${windowText(days)}`}
        {importing && ' · importing, new transactions will appear here'}
      </p>

      {query.isPending ? (
        <Spinner label="Loading transactions..." />
      ) : query.isError ? (
        <Alert tone="error">
          {TEXT.loadTransactionsFailed}{' '}
          <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : rows.length === 0 ? (
        <p className="ca-empty">No {type ? TYPE_LABELS[type].toLowerCase() : 'transactions'} in {windowText(days)}.</p>
      ) : (
        <ul className={`ca-transactions${query.isFetching ? ' ca-transactions--refreshing' : ''}`}>
          {rows.map((tx) => {
            const amount = signedTransactionAmount(tx.amount);
            // Only money out can be a bill's payment.
            const payee = tx.amount > 0 ? tx.merchant_name || tx.description : null;
            const panelOpen = tie?.txId === tx.id;
            const formOpen = panelOpen && tie.message === null;
            return (
              <li key={tx.id} className="ca-tx">
                <div className="ca-tx__main">
                  <p className="ca-tx__name">
                    {tx.merchant_name || tx.description}
                    {tx.pending && (
                      <>
                        {' '}
                        <Badge tone="warning">Pending</Badge>
                      </>
                    )}
                  </p>
                  <p className="ca-muted ca-small">
                    <time dateTime={tx.transaction_date}>{formatDate(tx.transaction_date)}</time> · {categoryLabel(tx.category)} · {tx.bank_accounts.account_name}
                    {tx.bills && <> · matches {tx.bills.name}</>}
                  </p>
                  {payee && (
                    <Button
                      id={toggleId(tx.id)}
                      size="sm"
                      variant="ghost"
                      className="ca-tx__tie"
                      aria-expanded={formOpen}
                      aria-controls={panelOpen ? panelId(tx.id) : undefined}
                      aria-label={`Tie to a bill: ${payee}`}
                      onClick={() => setTie(formOpen ? null : { txId: tx.id, message: null })}
                    >
                      Tie to a bill
                    </Button>
                  )}
                </div>
                <p className={`ca-money ca-tx__amount ca-tx__amount--${amount.direction}`}>
                  <span className="pc-visually-hidden">{amount.direction === 'income' ? 'Money in' : 'Money out'} </span>
                  {amount.text}
                </p>
                {payee && panelOpen && (
                  <TieToBill
                    id={panelId(tx.id)}
                    userId={userId}
                    payee={payee}
                    message={tie.message}
                    onTied={(message) => closeTie(tx.id, message)}
                    onCancel={() => closeTie(tx.id, null)}
                  />
                )}
              </li>
            );
          })}
        </ul>
      )}

      <div className="ca-actions ca-actions--center">
        {nextDays !== undefined && (
          <Button variant="secondary" onClick={() => setWindowIndex((i) => i + 1)}>
            {nextDays === null ? 'Show all' : `Show last ${nextDays} days`}
          </Button>
        )}
        {windowIndex > 0 && (
          <Button variant="ghost" onClick={() => setWindowIndex(0)}>
            Show less
          </Button>
        )}
      </div>
    </section>
  );
}
