import {
  FINANCE_ENDPOINTS,
  type BillSuggestionDto,
  type IncomeSuggestionDto,
  type SuggestionLooksLike,
  type SuggestionsResponse,
} from '@paycadence/contracts';
import { dollarsToCents } from '@paycadence/finance-rules';
import { Alert, Badge, Button, Card, formatDate, Spinner, useAuth, type ApiClient } from '@paycadence/web-kit';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type MouseEvent } from 'react';
import { suggestionsQueryKey } from '../hooks/useFinancialData.js';
import { serverConfidenceTone } from '../model/labels.js';
import { MESSAGES, TIMERS } from '../model/messages.js';
import { Money } from './Money.js';

/** GET /suggestions answers dollars, like the CRUD routes it feeds (docs/product/signed-in.md §3). */
function cents(value: number): number {
  try {
    return dollarsToCents(value);
  } catch {
    return 0;
  }
}

/**
 * What the person answers: 'add' accepts the suggestion as a new bill or income (the plain Accept); for one that
 * looks like an item they have, 'link' makes that item stand for it as it is and 'replace' updates it from it.
 */
type Choice = 'add' | 'link' | 'replace';
type Answer = ({ kind: 'bill'; item: BillSuggestionDto } | { kind: 'income'; item: IncomeSuggestionDto }) & { choice: Choice };

const CHOICE_FAILED: Record<Choice, string> = {
  add: MESSAGES.acceptFailed,
  link: 'Failed to link the suggestion. Please try again.',
  replace: 'Failed to update from the suggestion. Please try again.',
};

const nameOf = (answer: Answer) => (answer.kind === 'bill' ? answer.item.name : answer.item.source);

function doneText(answer: Answer): string {
  const name = nameOf(answer);
  const existing = answer.item.looksLike?.name ?? '';
  if (answer.choice === 'link') return `Linked ${name} to your ${existing}.`;
  if (answer.choice === 'replace') return `Updated your ${existing} from ${name}.`;
  return answer.kind === 'bill' ? `Added ${name} to your bills.` : `Added ${name} to your income.`;
}

/**
 * Smart Suggestions: accept cards from GET /suggestions; accepting removes the card and reloads.
 * Ours: a suggestion the server found to look like a bill or income the person has asks 'Is Oakwood Properties
 * your Rent?' with Link, Replace and Add as new, so accepting never counts the same rent twice.
 */
export function ServerSuggestions({ api }: { api: ApiClient }) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const key = suggestionsQueryKey(user?.id);
  const query = useQuery({ queryKey: key, queryFn: ({ signal }) => api.call(FINANCE_ENDPOINTS.suggestions, {}, { signal }), retry: false, refetchOnWindowFocus: false });
  const [notice, setNotice] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  /** The button that started the last answer: focus goes back to it when the answer fails. */
  const triggerRef = useRef<HTMLButtonElement | null>(null);
  /** After an answer: the answered card, and its position, whose neighbour takes the focus once the card is gone. */
  const [focusAfter, setFocusAfter] = useState<{ id: string; position: number } | null>(null);

  const bills = query.data?.bills ?? [];
  const income = query.data?.income ?? [];

  const answer = useMutation({
    mutationFn: ({ kind, item, choice }: Answer): Promise<unknown> => {
      if (choice !== 'add' && item.looksLike) {
        const endpoint = choice === 'link' ? FINANCE_ENDPOINTS.linkSuggestion : FINANCE_ENDPOINTS.replaceSuggestion;
        return api.call(endpoint, { params: { id: item.id }, body: { target_id: item.looksLike.id } });
      }
      return api.call(kind === 'bill' ? FINANCE_ENDPOINTS.acceptBill : FINANCE_ENDPOINTS.acceptIncome, { params: { id: item.id }, body: {} });
    },
    onSuccess: (_data, done) => {
      const position = done.kind === 'bill' ? bills.findIndex((b) => b.id === done.item.id) : bills.length + income.findIndex((i) => i.id === done.item.id);
      queryClient.setQueryData<SuggestionsResponse>(key, (old) =>
        old
          ? {
              bills: done.kind === 'bill' ? old.bills.filter((b) => b.id !== done.item.id) : old.bills,
              income: done.kind === 'income' ? old.income.filter((i) => i.id !== done.item.id) : old.income,
            }
          : old,
      );
      setNotice(doneText(done));
      setFocusAfter({ id: done.item.id, position: Math.max(position, 0) });
      void queryClient.invalidateQueries({ queryKey: ['financial', 'dashboard-with-insights'] });
    },
  });

  // docs/product/signed-in.md §9: the accept confirmation clears after 3 seconds.
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), TIMERS.acceptMessageMs);
    return () => clearTimeout(timer);
  }, [notice]);

  // The answered card is gone: its neighbour's first button takes the focus, or the heading when none is left,
  // so a keyboard user goes on from where they were instead of from the top of the page.
  const shown = query.data;
  useEffect(() => {
    if (focusAfter === null || [...(shown?.bills ?? []), ...(shown?.income ?? [])].some((s) => s.id === focusAfter.id)) return;
    const cards = Array.from(listRef.current?.children ?? []);
    const card = cards.length ? cards[Math.min(focusAfter.position, cards.length - 1)] : undefined;
    (card?.querySelector<HTMLButtonElement>('button') ?? headingRef.current)?.focus();
    setFocusAfter(null);
  }, [focusAfter, shown]);

  // A failed answer leaves the card; the button disabled while it was busy gets the focus back.
  useEffect(() => {
    if (answer.isError) triggerRef.current?.focus();
  }, [answer.isError]);

  const busyWith = (id: string, choice: Choice) => answer.isPending && answer.variables?.item.id === id && answer.variables.choice === choice;
  const start = (event: MouseEvent<HTMLButtonElement>, choice: Answer) => {
    triggerRef.current = event.currentTarget;
    answer.mutate(choice);
  };

  return (
    <Card className="db-section" aria-labelledby="db-accept-title">
      <div className="db-section__head">
        <h2 id="db-accept-title" className="db-section__title" ref={headingRef} tabIndex={-1}>
          Suggested from your bank data
        </h2>
      </div>
      {notice && <Alert tone="success">{notice}</Alert>}
      {answer.isError && <Alert tone="error">{CHOICE_FAILED[answer.variables?.choice ?? 'add']}</Alert>}
      {query.isPending ? (
        <Spinner inline label="Loading suggestions..." />
      ) : query.isError ? (
        <Alert tone="error">{MESSAGES.suggestionsFailed}</Alert>
      ) : bills.length === 0 && income.length === 0 ? (
        <p className="db-empty db-empty--small">{MESSAGES.noSuggestions}</p>
      ) : (
        <ul className="db-accept" ref={listRef}>
          {bills.map((item) =>
            item.looksLike ? (
              <LooksLikeCard
                key={`bill-${item.id}`}
                name={item.name}
                kindLabel="Bill"
                dateLabel="due"
                date={item.suggestedDueDate}
                amount={item.amount}
                confidence={item.confidence}
                existing={item.looksLike}
                busy={(choice) => busyWith(item.id, choice)}
                disabled={answer.isPending}
                onChoose={(event, choice) => start(event, { kind: 'bill', item, choice })}
              />
            ) : (
              <li key={`bill-${item.id}`} className="db-accept__card">
                <div>
                  <p className="db-record__name">{item.name}</p>
                  <p className="db-muted db-small">
                    Bill{item.suggestedDueDate ? ` · due ${formatDate(item.suggestedDueDate)}` : ''}{' '}
                    <Badge tone={serverConfidenceTone(item.confidence)}>{Math.round(item.confidence * 100)}% match</Badge>
                  </p>
                </div>
                <Money cents={cents(item.amount)} />
                <Button size="sm" busy={busyWith(item.id, 'add')} busyText="Adding..." aria-label={`Accept ${item.name}`} onClick={(event) => start(event, { kind: 'bill', item, choice: 'add' })}>
                  Accept
                </Button>
              </li>
            ),
          )}
          {income.map((item) =>
            item.looksLike ? (
              <LooksLikeCard
                key={`income-${item.id}`}
                name={item.source}
                kindLabel="Income"
                dateLabel="next"
                date={item.suggestedNextDate}
                amount={item.amount}
                confidence={item.confidence}
                existing={item.looksLike}
                income
                busy={(choice) => busyWith(item.id, choice)}
                disabled={answer.isPending}
                onChoose={(event, choice) => start(event, { kind: 'income', item, choice })}
              />
            ) : (
              <li key={`income-${item.id}`} className="db-accept__card">
                <div>
                  <p className="db-record__name">{item.source}</p>
                  <p className="db-muted db-small">
                    Income{item.suggestedNextDate ? ` · next ${formatDate(item.suggestedNextDate)}` : ''}{' '}
                    <Badge tone={serverConfidenceTone(item.confidence)}>{Math.round(item.confidence * 100)}% match</Badge>
                  </p>
                </div>
                <Money cents={cents(item.amount)} className="db-in" />
                <Button size="sm" busy={busyWith(item.id, 'add')} busyText="Adding..." aria-label={`Accept ${item.source}`} onClick={(event) => start(event, { kind: 'income', item, choice: 'add' })}>
                  Accept
                </Button>
              </li>
            ),
          )}
        </ul>
      )}
    </Card>
  );
}

interface LooksLikeCardProps {
  name: string;
  kindLabel: 'Bill' | 'Income';
  dateLabel: 'due' | 'next';
  date: string;
  amount: number;
  confidence: number;
  existing: SuggestionLooksLike;
  income?: boolean;
  busy: (choice: Choice) => boolean;
  disabled: boolean;
  onChoose: (event: MouseEvent<HTMLButtonElement>, choice: Choice) => void;
}

/**
 * 'Is Oakwood Properties your Rent?': the detected item beside the person's own, and the three answers. The
 * buttons' names start with their visible words and say which items they join, as several cards may be listed.
 */
function LooksLikeCard({ name, kindLabel, dateLabel, date, amount, confidence, existing, income = false, busy, disabled, onChoose }: LooksLikeCardProps) {
  const questionId = useId();
  return (
    <li className="db-accept__card">
      <div>
        <p className="db-record__name" id={questionId}>
          Is {name} your {existing.name}?
        </p>
        <p className="db-muted db-small">
          Detected {kindLabel.toLowerCase()} · {dateLabel} {formatDate(date)}{' '}
          <Badge tone={serverConfidenceTone(confidence)}>{Math.round(confidence * 100)}% match</Badge>
        </p>
        <p className="db-muted db-small">
          Your {existing.name}: <Money cents={existing.amountCents} className={income ? 'db-in' : undefined} /> · {dateLabel} {formatDate(existing.date)}
        </p>
        <p className="db-muted db-small">
          Link keeps your {existing.name} as it is; Replace gives it the detected amount and date.
        </p>
        <div className="db-window__actions" role="group" aria-labelledby={questionId}>
          <Button size="sm" busy={busy('link')} busyText="Linking..." disabled={disabled} aria-label={`Link ${name} to your ${existing.name}`} onClick={(event) => onChoose(event, 'link')}>
            Link
          </Button>
          <Button
            size="sm"
            variant="secondary"
            busy={busy('replace')}
            busyText="Replacing..."
            disabled={disabled}
            aria-label={`Replace your ${existing.name} with ${name}`}
            onClick={(event) => onChoose(event, 'replace')}
          >
            Replace
          </Button>
          <Button size="sm" variant="ghost" busy={busy('add')} busyText="Adding..." disabled={disabled} aria-label={`Add as new: ${name}`} onClick={(event) => onChoose(event, 'add')}>
            Add as new
          </Button>
        </div>
      </div>
      <Money cents={cents(amount)} className={income ? 'db-in' : undefined} />
    </li>
  );
}
