import { BANK_SYNC_ENDPOINTS, FINANCE_ENDPOINTS, type BankSuggestionsResponse, type CategorySummaryDto } from '@payday/contracts';
import { Alert, Button, Spinner, formatDate, useApi } from '@payday/web-kit';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { bankKeys, useAnalytics, useBankSuggestions } from '../hooks/bank-queries.js';
import { useTimedMessage } from '../hooks/useTimedMessage.js';
import { formatMoney, humanize } from '../model/format.js';
import { TEXT, TIMERS } from '../model/messages.js';
import { ConfidenceBadge } from './ConfidenceBadge.js';
import { StatusLine } from './StatusLine.js';

type Choice = { kind: 'bill' | 'income'; id: string; name: string };

/** spec part 2 §2/§3 Smart Categorization: the category summary and the detected bills and income to accept or dismiss. */
export function CategorizationTab({ userId }: { userId: string }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const analytics = useAnalytics(userId);
  const suggestions = useBankSuggestions(userId);
  const notice = useTimedMessage(TIMERS.acceptMessageMs);
  const actions = useTimedMessage(TIMERS.messageMs);
  const [pending, setPending] = useState<string | null>(null);
  const [working, setWorking] = useState<'categorize' | 'match' | null>(null);

  const removeFromList = (choice: Choice) =>
    queryClient.setQueryData<BankSuggestionsResponse>(bankKeys.suggestions(userId), (old) =>
      old
        ? {
            ...old,
            suggestions: {
              bills: choice.kind === 'bill' ? old.suggestions.bills.filter((b) => b.id !== choice.id) : old.suggestions.bills,
              income: choice.kind === 'income' ? old.suggestions.income.filter((i) => i.id !== choice.id) : old.suggestions.income,
            },
          }
        : old,
    );

  const accept = async (choice: Choice) => {
    setPending(choice.id);
    try {
      if (choice.kind === 'bill') await api.call(FINANCE_ENDPOINTS.acceptBill, { params: { id: choice.id }, body: {} });
      else await api.call(FINANCE_ENDPOINTS.acceptIncome, { params: { id: choice.id }, body: {} });
      removeFromList(choice);
      notice.show('success', choice.kind === 'bill' ? `Added ${choice.name} to your bills.` : `Added ${choice.name} to your income sources.`);
      // The dashboard shows the new bill or income source on its next visit.
      void queryClient.invalidateQueries({ queryKey: ['financial'] });
    } catch {
      notice.show('error', TEXT.acceptFailed);
    } finally {
      setPending(null);
    }
  };

  const dismiss = async (choice: Choice) => {
    setPending(choice.id);
    try {
      await api.call(FINANCE_ENDPOINTS.dismissSuggestion, { params: { id: choice.id } });
      removeFromList(choice);
      notice.show('info', `Dismissed ${choice.name}. It will not be suggested again.`);
    } catch {
      notice.show('error', TEXT.dismissFailed);
    } finally {
      setPending(null);
    }
  };

  // spec part 2 §7: categorise = import, then read the transactions back (limit 100).
  const categorize = async () => {
    setWorking('categorize');
    try {
      await api.call(BANK_SYNC_ENDPOINTS.importTransactions, { params: { userId } });
      const read = await api.call(BANK_SYNC_ENDPOINTS.transactions, { params: { userId }, query: { limit: 100, offset: 0 } });
      actions.show('success', `Categorized ${read.transactions.length} recent transaction${read.transactions.length === 1 ? '' : 's'}.`);
      void queryClient.invalidateQueries({ queryKey: bankKeys.all });
    } catch {
      actions.show('error', TEXT.categorizeFailed);
    } finally {
      setWorking(null);
    }
  };

  // spec part 2 §7: match bills = read the suggestions again.
  const match = async () => {
    setWorking('match');
    const result = await suggestions.refetch();
    setWorking(null);
    if (result.isError || !result.data) actions.show('error', TEXT.matchFailed);
    else {
      const found = result.data.suggestions.bills.length + result.data.suggestions.income.length;
      actions.show('success', found === 0 ? TEXT.noSuggestions : `Found ${found} possible bill${found === 1 ? '' : 's'} and income sources to review.`);
    }
  };

  const bills = suggestions.data?.suggestions.bills ?? [];
  const income = suggestions.data?.suggestions.income ?? [];

  return (
    <section className="ca-tab" aria-labelledby="ca-cat-title">
      <div className="ca-tab__head">
        <h2 id="ca-cat-title" className="ca-tab__title">
          Smart Categorization
        </h2>
        <div className="ca-actions">
          <Button variant="secondary" onClick={() => void categorize()} busy={working === 'categorize'} busyText="Categorizing...">
            Categorize transactions
          </Button>
          <Button variant="secondary" onClick={() => void match()} busy={working === 'match'} busyText="Matching...">
            Match with bills
          </Button>
        </div>
      </div>
      <StatusLine message={actions.message} />

      {analytics.isPending ? (
        <Spinner inline label="Loading category summary..." />
      ) : analytics.isError ? (
        <Alert tone="error">{TEXT.loadAnalyticsFailed}</Alert>
      ) : (
        <SummaryCards summary={analytics.data.analytics.categorySummary} />
      )}

      <div className="ca-panel">
        <h3 className="ca-panel__title">Detected from your transactions</h3>
        <StatusLine message={notice.message} />
        {suggestions.isPending ? (
          <Spinner inline label="Loading suggestions..." />
        ) : suggestions.isError ? (
          <Alert tone="error">{TEXT.loadSuggestionsFailed}</Alert>
        ) : bills.length === 0 && income.length === 0 ? (
          <p className="ca-empty ca-empty--small">{TEXT.noSuggestions}</p>
        ) : (
          <ul className="ca-detected">
            {bills.map((bill) => (
              <SuggestionRow
                key={`bill-${bill.id}`}
                choice={{ kind: 'bill', id: bill.id, name: bill.name }}
                detail={`Bill · ${humanize(bill.category)}${bill.recurring ? ` · ${humanize(bill.recurring)}` : ''} · due ${formatDate(bill.suggestedDueDate)}`}
                amount={bill.amount}
                confidence={bill.confidence}
                busy={pending === bill.id}
                onAccept={accept}
                onDismiss={dismiss}
              />
            ))}
            {income.map((item) => (
              <SuggestionRow
                key={`income-${item.id}`}
                choice={{ kind: 'income', id: item.id, name: item.source }}
                detail={`Income · ${humanize(item.suggestedFrequency)} · next ${formatDate(item.suggestedNextDate)}`}
                amount={item.amount}
                confidence={item.confidence}
                busy={pending === item.id}
                onAccept={accept}
                onDismiss={dismiss}
              />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function SummaryCards({ summary }: { summary: CategorySummaryDto }) {
  const cards = [
    { label: 'Income', ...summary.income, tone: 'ca-in' },
    { label: 'Bills', ...summary.bills, tone: '' },
    { label: 'Expenses', ...summary.expenses, tone: 'ca-out' },
  ];
  return (
    <dl className="ca-stats" aria-label="Category summary">
      <div className="ca-stat">
        <dt>Transactions</dt>
        <dd className="ca-money">{summary.total_transactions.toLocaleString('en-US')}</dd>
      </div>
      {cards.map((card) => (
        <div key={card.label} className="ca-stat">
          <dt>{card.label}</dt>
          <dd className={`ca-money ${card.tone}`}>{formatMoney(card.amount)}</dd>
          <dd className="ca-muted ca-small">
            {card.count.toLocaleString('en-US')} transaction{card.count === 1 ? '' : 's'}
          </dd>
        </div>
      ))}
    </dl>
  );
}

interface SuggestionRowProps {
  choice: Choice;
  detail: string;
  amount: number;
  confidence: number;
  busy: boolean;
  onAccept: (choice: Choice) => void;
  onDismiss: (choice: Choice) => void;
}

function SuggestionRow({ choice, detail, amount, confidence, busy, onAccept, onDismiss }: SuggestionRowProps) {
  return (
    <li className="ca-detected__row">
      <div>
        <p className="ca-detected__name">{choice.name}</p>
        <p className="ca-muted ca-small">{detail}</p>
      </div>
      <div className="ca-detected__side">
        <span className={`ca-money ${choice.kind === 'income' ? 'ca-in' : ''}`}>{formatMoney(amount)}</span>
        <ConfidenceBadge value={confidence} />
        <div className="ca-actions">
          <Button size="sm" onClick={() => onAccept(choice)} disabled={busy} aria-label={`Accept ${choice.name}`}>
            Accept
          </Button>
          <Button size="sm" variant="ghost" onClick={() => onDismiss(choice)} disabled={busy} aria-label={`Dismiss ${choice.name}`}>
            Dismiss
          </Button>
        </div>
      </div>
    </li>
  );
}
