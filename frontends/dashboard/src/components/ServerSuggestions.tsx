import { FINANCE_ENDPOINTS, type BillSuggestionDto, type IncomeSuggestionDto, type SuggestionsResponse } from '@payday/contracts';
import { dollarsToCents } from '@payday/finance-rules';
import { Alert, Badge, Button, Card, formatDate, Spinner, useAuth, type ApiClient } from '@payday/web-kit';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { suggestionsQueryKey } from '../hooks/useFinancialData.js';
import { serverConfidenceTone } from '../model/labels.js';
import { MESSAGES, TIMERS } from '../model/messages.js';
import { Money } from './Money.js';

/** GET /suggestions answers dollars, like the CRUD routes it feeds (spec part 2 §3). */
function cents(value: number): number {
  try {
    return dollarsToCents(value);
  } catch {
    return 0;
  }
}

type Accept = { kind: 'bill'; item: BillSuggestionDto } | { kind: 'income'; item: IncomeSuggestionDto };

/** spec part 2 §2/§4: Smart Suggestions accept cards from GET /suggestions; accepting removes the card and reloads. */
export function ServerSuggestions({ api }: { api: ApiClient }) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const key = suggestionsQueryKey(user?.id);
  const query = useQuery({ queryKey: key, queryFn: ({ signal }) => api.call(FINANCE_ENDPOINTS.suggestions, {}, { signal }), retry: false, refetchOnWindowFocus: false });
  const [notice, setNotice] = useState<string | null>(null);

  const accept = useMutation({
    mutationFn: ({ kind, item }: Accept): Promise<unknown> =>
      api.call(kind === 'bill' ? FINANCE_ENDPOINTS.acceptBill : FINANCE_ENDPOINTS.acceptIncome, { params: { id: item.id }, body: {} }),
    onSuccess: (_data, choice) => {
      queryClient.setQueryData<SuggestionsResponse>(key, (old) =>
        old
          ? {
              bills: choice.kind === 'bill' ? old.bills.filter((b) => b.id !== choice.item.id) : old.bills,
              income: choice.kind === 'income' ? old.income.filter((i) => i.id !== choice.item.id) : old.income,
            }
          : old,
      );
      setNotice(choice.kind === 'bill' ? `Added ${choice.item.name} to your bills.` : `Added ${choice.item.source} to your income.`);
      void queryClient.invalidateQueries({ queryKey: ['financial', 'dashboard-with-insights'] });
    },
  });

  // spec part 2 §9: the accept confirmation clears after 3 seconds.
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), TIMERS.acceptMessageMs);
    return () => clearTimeout(timer);
  }, [notice]);

  const bills = query.data?.bills ?? [];
  const income = query.data?.income ?? [];
  return (
    <Card className="db-section" aria-labelledby="db-accept-title">
      <div className="db-section__head">
        <h2 id="db-accept-title" className="db-section__title">
          Suggested from your bank data
        </h2>
      </div>
      {notice && <Alert tone="success">{notice}</Alert>}
      {accept.isError && <Alert tone="error">{MESSAGES.acceptFailed}</Alert>}
      {query.isPending ? (
        <Spinner inline label="Loading suggestions..." />
      ) : query.isError ? (
        <Alert tone="error">{MESSAGES.suggestionsFailed}</Alert>
      ) : bills.length === 0 && income.length === 0 ? (
        <p className="db-empty db-empty--small">{MESSAGES.noSuggestions}</p>
      ) : (
        <ul className="db-accept">
          {bills.map((item) => (
            <li key={`bill-${item.id}`} className="db-accept__card">
              <div>
                <p className="db-record__name">{item.name}</p>
                <p className="db-muted db-small">
                  Bill{item.suggestedDueDate ? ` · due ${formatDate(item.suggestedDueDate)}` : ''}{' '}
                  <Badge tone={serverConfidenceTone(item.confidence)}>{Math.round(item.confidence * 100)}% match</Badge>
                </p>
              </div>
              <Money cents={cents(item.amount)} />
              <Button size="sm" busy={accept.isPending && accept.variables?.item.id === item.id} busyText="Adding..." aria-label={`Accept ${item.name}`} onClick={() => accept.mutate({ kind: 'bill', item })}>
                Accept
              </Button>
            </li>
          ))}
          {income.map((item) => (
            <li key={`income-${item.id}`} className="db-accept__card">
              <div>
                <p className="db-record__name">{item.source}</p>
                <p className="db-muted db-small">
                  Income{item.suggestedNextDate ? ` · next ${formatDate(item.suggestedNextDate)}` : ''}{' '}
                  <Badge tone={serverConfidenceTone(item.confidence)}>{Math.round(item.confidence * 100)}% match</Badge>
                </p>
              </div>
              <Money cents={cents(item.amount)} className="db-in" />
              <Button size="sm" busy={accept.isPending && accept.variables?.item.id === item.id} busyText="Adding..." aria-label={`Accept ${item.source}`} onClick={() => accept.mutate({ kind: 'income', item })}>
                Accept
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
