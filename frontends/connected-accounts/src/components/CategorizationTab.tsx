import {
  BANK_SYNC_ENDPOINTS,
  FINANCE_ENDPOINTS,
  type BankSuggestionsResponse,
  type CategorySummaryDto,
  type SuggestionLooksLike,
} from '@paycadence/contracts';
import { Alert, Button, Spinner, formatDate, useApi } from '@paycadence/web-kit';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { bankKeys, useAnalytics, useBankSuggestions } from '../hooks/bank-queries.js';
import { useTimedMessage } from '../hooks/useTimedMessage.js';
import { formatMoney, humanize } from '../model/format.js';
import { TEXT, TIMERS } from '../model/messages.js';
import { ConfidenceBadge } from './ConfidenceBadge.js';
import { StatusLine } from './StatusLine.js';

/** A detected bill or income; `looksLike`: the person's own item it seems to be (the server's rule). */
type Choice = { kind: 'bill' | 'income'; id: string; name: string; looksLike?: SuggestionLooksLike | null };
/** For one that looks like an item the person has: that item stands for it as it is, or takes its amount and date. */
type MatchAnswer = 'link' | 'replace';

const MATCH_FAILED: Record<MatchAnswer, string> = {
  link: 'Failed to link the suggestion. Please try again.',
  replace: 'Failed to update from the suggestion. Please try again.',
};

/** docs/product/signed-in.md §2/§3 Smart Categorization: the category summary and the detected bills and income to accept or dismiss. */
export function CategorizationTab({ userId }: { userId: string }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const analytics = useAnalytics(userId);
  const suggestions = useBankSuggestions(userId);
  const notice = useTimedMessage(TIMERS.acceptMessageMs);
  const actions = useTimedMessage(TIMERS.messageMs);
  const [pending, setPending] = useState<string | null>(null);
  const [working, setWorking] = useState<'categorize' | 'match' | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  /** An answered row and its position: once the row is gone, its neighbour takes the focus (else the heading). */
  const [focusAfter, setFocusAfter] = useState<{ id: string; position: number } | null>(null);
  /** A failed answer leaves the row: the button that started it, disabled while busy, gets the focus back. */
  const [refocus, setRefocus] = useState<HTMLButtonElement | null>(null);

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

  /** The row's place in the list (bills, then income), for the focus to stay there once it is gone. */
  const positionOf = (choice: Choice) => {
    const list = suggestions.data?.suggestions;
    if (!list) return 0;
    const index = choice.kind === 'bill' ? list.bills.findIndex((b) => b.id === choice.id) : list.bills.length + list.income.findIndex((i) => i.id === choice.id);
    return Math.max(index, 0);
  };

  const accept = async (choice: Choice, trigger: HTMLButtonElement) => {
    setPending(choice.id);
    try {
      if (choice.kind === 'bill') await api.call(FINANCE_ENDPOINTS.acceptBill, { params: { id: choice.id }, body: {} });
      else await api.call(FINANCE_ENDPOINTS.acceptIncome, { params: { id: choice.id }, body: {} });
      setFocusAfter({ id: choice.id, position: positionOf(choice) });
      removeFromList(choice);
      notice.show('success', choice.kind === 'bill' ? `Added ${choice.name} to your bills.` : `Added ${choice.name} to your income sources.`);
      // The dashboard shows the new bill or income source on its next visit.
      void queryClient.invalidateQueries({ queryKey: ['financial'] });
    } catch {
      notice.show('error', TEXT.acceptFailed);
      setRefocus(trigger);
    } finally {
      setPending(null);
    }
  };

  /** Link or replace: the person's own item stands for the detected one, so nothing is counted twice. */
  const answerMatch = async (choice: Choice, answer: MatchAnswer, trigger: HTMLButtonElement) => {
    if (!choice.looksLike) return;
    const existing = choice.looksLike.name;
    setPending(choice.id);
    try {
      const endpoint = answer === 'link' ? FINANCE_ENDPOINTS.linkSuggestion : FINANCE_ENDPOINTS.replaceSuggestion;
      await api.call(endpoint, { params: { id: choice.id }, body: { target_id: choice.looksLike.id } });
      setFocusAfter({ id: choice.id, position: positionOf(choice) });
      removeFromList(choice);
      notice.show('success', answer === 'link' ? `Linked ${choice.name} to your ${existing}.` : `Updated your ${existing} from ${choice.name}.`);
      void queryClient.invalidateQueries({ queryKey: ['financial'] });
    } catch {
      notice.show('error', MATCH_FAILED[answer]);
      setRefocus(trigger);
    } finally {
      setPending(null);
    }
  };

  const dismiss = async (choice: Choice, trigger: HTMLButtonElement) => {
    setPending(choice.id);
    try {
      await api.call(FINANCE_ENDPOINTS.dismissSuggestion, { params: { id: choice.id } });
      setFocusAfter({ id: choice.id, position: positionOf(choice) });
      removeFromList(choice);
      notice.show('info', `Dismissed ${choice.name}. It will not be suggested again.`);
    } catch {
      notice.show('error', TEXT.dismissFailed);
      setRefocus(trigger);
    } finally {
      setPending(null);
    }
  };

  // docs/product/signed-in.md §7: categorise = import, then read the transactions back (limit 100).
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

  // docs/product/signed-in.md §7: match bills = read the suggestions again.
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

  // The answered row is gone: the row now in its place (else the last one) takes the focus, or the heading when
  // none is left, so a keyboard user goes on from where they were.
  const shown = suggestions.data?.suggestions;
  useEffect(() => {
    if (focusAfter === null || [...(shown?.bills ?? []), ...(shown?.income ?? [])].some((s) => s.id === focusAfter.id)) return;
    const rows = Array.from(listRef.current?.children ?? []);
    const row = rows.length ? rows[Math.min(focusAfter.position, rows.length - 1)] : undefined;
    (row?.querySelector<HTMLButtonElement>('button') ?? headingRef.current)?.focus();
    setFocusAfter(null);
  }, [focusAfter, shown]);

  // Once the row is no longer busy, its button is enabled again and can take the focus back.
  useEffect(() => {
    if (refocus === null || pending !== null) return;
    refocus.focus();
    setRefocus(null);
  }, [refocus, pending]);

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
        <h3 className="ca-panel__title" ref={headingRef} tabIndex={-1}>
          Detected from your transactions
        </h3>
        <StatusLine message={notice.message} />
        {suggestions.isPending ? (
          <Spinner inline label="Loading suggestions..." />
        ) : suggestions.isError ? (
          <Alert tone="error">{TEXT.loadSuggestionsFailed}</Alert>
        ) : bills.length === 0 && income.length === 0 ? (
          <p className="ca-empty ca-empty--small">{TEXT.noSuggestions}</p>
        ) : (
          <ul className="ca-detected" ref={listRef}>
            {bills.map((bill) => (
              <SuggestionRow
                key={`bill-${bill.id}`}
                choice={{ kind: 'bill', id: bill.id, name: bill.name, looksLike: bill.looksLike }}
                detail={`Bill · ${humanize(bill.category)}${bill.recurring ? ` · ${humanize(bill.recurring)}` : ''} · due ${formatDate(bill.suggestedDueDate)}`}
                amount={bill.amount}
                confidence={bill.confidence}
                busy={pending === bill.id}
                onAccept={accept}
                onAnswerMatch={answerMatch}
                onDismiss={dismiss}
              />
            ))}
            {income.map((item) => (
              <SuggestionRow
                key={`income-${item.id}`}
                choice={{ kind: 'income', id: item.id, name: item.source, looksLike: item.looksLike }}
                detail={`Income · ${humanize(item.suggestedFrequency)} · next ${formatDate(item.suggestedNextDate)}`}
                amount={item.amount}
                confidence={item.confidence}
                busy={pending === item.id}
                onAccept={accept}
                onAnswerMatch={answerMatch}
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
  onAccept: (choice: Choice, trigger: HTMLButtonElement) => void;
  onAnswerMatch: (choice: Choice, answer: MatchAnswer, trigger: HTMLButtonElement) => void;
  onDismiss: (choice: Choice, trigger: HTMLButtonElement) => void;
}

function SuggestionRow({ choice, detail, amount, confidence, busy, onAccept, onAnswerMatch, onDismiss }: SuggestionRowProps) {
  const questionId = useId();
  const existing = choice.looksLike;
  const dateLabel = choice.kind === 'bill' ? 'due' : 'next';
  return (
    <li className="ca-detected__row">
      <div>
        {existing ? (
          <>
            <p className="ca-detected__name" id={questionId}>
              Is {choice.name} your {existing.name}?
            </p>
            <p className="ca-muted ca-small">Detected: {detail}</p>
            <p className="ca-muted ca-small">
              Your {existing.name}: <span className="ca-money">{formatMoney(existing.amountCents / 100)}</span> · {dateLabel} {formatDate(existing.date)}
            </p>
            <p className="ca-muted ca-small">Link keeps your {existing.name} as it is; Replace gives it the detected amount and date.</p>
          </>
        ) : (
          <>
            <p className="ca-detected__name">{choice.name}</p>
            <p className="ca-muted ca-small">{detail}</p>
          </>
        )}
      </div>
      <div className="ca-detected__side">
        <span className={`ca-money ${choice.kind === 'income' ? 'ca-in' : ''}`}>{formatMoney(amount)}</span>
        <ConfidenceBadge value={confidence} />
        {existing ? (
          // The names start with the visible words and say which items they join: several rows may ask.
          <div className="ca-actions" role="group" aria-labelledby={questionId}>
            <Button size="sm" onClick={(e) => onAnswerMatch(choice, 'link', e.currentTarget)} disabled={busy} aria-label={`Link ${choice.name} to your ${existing.name}`}>
              Link
            </Button>
            <Button
              size="sm"
              variant="secondary"
              onClick={(e) => onAnswerMatch(choice, 'replace', e.currentTarget)}
              disabled={busy}
              aria-label={`Replace your ${existing.name} with ${choice.name}`}
            >
              Replace
            </Button>
            <Button size="sm" variant="secondary" onClick={(e) => onAccept(choice, e.currentTarget)} disabled={busy} aria-label={`Add as new: ${choice.name}`}>
              Add as new
            </Button>
            <Button size="sm" variant="ghost" onClick={(e) => onDismiss(choice, e.currentTarget)} disabled={busy} aria-label={`Dismiss ${choice.name}`}>
              Dismiss
            </Button>
          </div>
        ) : (
          <div className="ca-actions">
            <Button size="sm" onClick={(e) => onAccept(choice, e.currentTarget)} disabled={busy} aria-label={`Accept ${choice.name}`}>
              Accept
            </Button>
            <Button size="sm" variant="ghost" onClick={(e) => onDismiss(choice, e.currentTarget)} disabled={busy} aria-label={`Dismiss ${choice.name}`}>
              Dismiss
            </Button>
          </div>
        )}
      </div>
    </li>
  );
}
