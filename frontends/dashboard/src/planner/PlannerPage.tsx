import { dayOfMonthName, FINANCE_ENDPOINTS, type DueDatePlanResponse, type PlannedMoveDto } from '@paycadence/contracts';
import { Alert, Button, Callout, Spinner, useApi, useAuth, useDocumentTitle, type ApiClient } from '@paycadence/web-kit';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { fetchPlan, planQueryKey, withChoice, type PlanChoice } from '../api/planner-api.js';
import '../components/forecast/forecast.css'; // the chart's own styles, also when the planner opens before the dashboard
import { WithQueryClient } from '../household/WithQueryClient.js';
import { localToday } from '../model/dashboard-model.js';
import { BeforeAfter } from './BeforeAfter.js';
import { LeanIncomeCard } from './LeanIncomeCard.js';
import { MoveCard, moveCardHeadingId, type AllowedDays, type MoveAction } from './MoveCard.js';
import { paydayDayFor, plannedMoveFor } from './planner-text.js';
import './planner.css'; // a stylesheet, not a <style> element: the CSP's style-src allows no inline CSS
import { SavedMoveCard, savedMoveHeadingId } from './SavedMoveCard.js';

/** `?household={id}`: plan that household's shared bills. */
export const PLANNER_HOUSEHOLD_PARAM = 'household';
/** A plan (or a preview) stays fresh this long, so choosing a day does not ask twice for the same answer. */
const PLAN_STALE_MS = 60_000;
const MOVES_HEADING_ID = 'pl-moves-title';
const CHECKLIST_HEADING_ID = 'pl-checklist-title';

const failure = (error: unknown) => (error instanceof Error && error.message ? error.message : 'That did not work. Please try again.');

/** The days each bill's biller allows, from the bills themselves; unknown (any day) when they cannot be read. */
function useAllowedDays(api: ApiClient, userId: string) {
  const bills = useQuery({
    queryKey: ['financial', 'bills-allowed-days', userId],
    queryFn: ({ signal }) => api.call(FINANCE_ENDPOINTS.listBills, {}, { signal }),
    retry: false,
    refetchOnWindowFocus: false,
  });
  return useMemo(() => {
    const byId = new Map<string, AllowedDays>();
    for (const bill of bills.data ?? []) byId.set(bill.id, { min: bill.due_day_min, max: bill.due_day_max });
    return byId;
  }, [bills.data]);
}

function PlannerScreen({ userId }: { userId: string }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const householdId = searchParams.get(PLANNER_HOUSEHOLD_PARAM);
  const today = localToday();
  const [choices, setChoices] = useState<PlanChoice[]>([]);
  const request = { householdId, today, choices };
  const plan = useQuery({
    queryKey: planQueryKey(userId, request),
    queryFn: ({ signal }) => fetchPlan(api, request, signal),
    retry: false,
    refetchOnWindowFocus: false,
    staleTime: PLAN_STALE_MS,
    // While a reload runs (after a step in the checklist) the page keeps showing the plan it has.
    placeholderData: (previous) => previous,
  });
  const allowed = useAllowedDays(api, userId);
  const [busy, setBusy] = useState<{ billId: string; action: MoveAction } | null>(null);
  const [cardError, setCardError] = useState<{ billId: string; message: string } | null>(null);
  const [status, setStatus] = useState('');
  // Accepted moves as the plan described them: the checklist keeps their paycheck and month of change.
  const [accepted, setAccepted] = useState<Record<string, PlannedMoveDto>>({});
  // Where focus goes once the page shows what an action changed.
  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    if (!focusNext.current || plan.isFetching) return;
    const target = document.getElementById(focusNext.current) ?? document.getElementById(MOVES_HEADING_ID);
    focusNext.current = null;
    target?.focus();
  }, [plan.data, plan.isFetching]);

  /** Reject or edit: the plan with this choice kept, asked for before it replaces the one shown. */
  const choose = async (move: PlannedMoveDto, toDay: number | null) => {
    const next = withChoice(choices, { billId: move.billId, toDay });
    setBusy({ billId: move.billId, action: toDay === null ? 'keep' : 'edit' });
    setCardError(null);
    setStatus('Updating the plan...');
    try {
      const nextRequest = { householdId, today, choices: next };
      await queryClient.fetchQuery({ queryKey: planQueryKey(userId, nextRequest), queryFn: ({ signal }) => fetchPlan(api, nextRequest, signal), staleTime: PLAN_STALE_MS });
      setChoices(next);
      focusNext.current = toDay === null ? MOVES_HEADING_ID : moveCardHeadingId(move.billId);
      setStatus(
        toDay === null
          ? `${move.billName} stays on the ${dayOfMonthName(move.fromDay)}. The plan is updated.`
          : `${move.billName} on the ${dayOfMonthName(toDay)}: the plan is updated.`,
      );
    } catch (error) {
      setCardError({ billId: move.billId, message: failure(error) });
      setStatus('');
      document.getElementById(moveCardHeadingId(move.billId))?.focus();
    } finally {
      setBusy(null);
    }
  };

  const accept = async (move: PlannedMoveDto) => {
    setBusy({ billId: move.billId, action: 'accept' });
    setCardError(null);
    try {
      const saved = await api.call(FINANCE_ENDPOINTS.createDueDateMove, { body: { billId: move.billId, toDay: move.toDay } });
      setAccepted((all) => ({ ...all, [move.billId]: move }));
      setChoices((all) => all.filter((c) => c.billId !== move.billId));
      focusNext.current = savedMoveHeadingId(saved.id);
      setStatus(`${move.billName}: the move to the ${dayOfMonthName(move.toDay)} is in your checklist. Next, ask the biller.`);
      await queryClient.invalidateQueries({ queryKey: ['financial'] });
    } catch (error) {
      setCardError({ billId: move.billId, message: failure(error) });
      document.getElementById(moveCardHeadingId(move.billId))?.focus();
    } finally {
      setBusy(null);
    }
  };

  const onChecklistChanged = (message: string, focusId: string | null) => {
    focusNext.current = focusId ?? CHECKLIST_HEADING_ID;
    setStatus(message);
    void queryClient.invalidateQueries({ queryKey: ['financial'] });
  };

  const startOver = () => {
    setChoices([]);
    focusNext.current = MOVES_HEADING_ID;
    setStatus('Your choices are cleared: this is the plan as suggested.');
  };

  const data: DueDatePlanResponse | undefined = plan.data;
  return (
    <div className="pl-page pc-container">
      <header className="pl-header">
        <p className="pc-eyebrow">{householdId ? 'Household bills' : 'Bills and paydays'}</p>
        <h1 className="pl-header__title">Due-date planner</h1>
        <p className="pl-muted">
          {householdId
            ? "Which of your household's shared bills to ask to move, so each is due a few days after a paycheck."
            : 'Which bills to ask to move, so each is due a few days after a paycheck.'}{' '}
          {householdId && <Link to="/planner">Plan your own bills instead</Link>}
        </p>
      </header>

      <div role="status" aria-live="polite" className="pl-status" data-testid="planner-status">
        {status}
      </div>

      {plan.isError && !data ? (
        <Alert tone="error">
          The plan could not be loaded: {failure(plan.error)}{' '}
          <Button variant="secondary" size="sm" onClick={() => void plan.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : !data ? (
        <Spinner label="Working out your plan..." />
      ) : (
        <>
          <section className="pl-section" aria-labelledby={MOVES_HEADING_ID}>
            <div className="pl-section__head">
              <h2 id={MOVES_HEADING_ID} className="pl-section__title" tabIndex={-1}>
                Suggested moves
              </h2>
              {choices.length > 0 && (
                <Button variant="ghost" size="sm" onClick={startOver}>
                  Start over
                </Button>
              )}
            </div>
            {data.moves.length > 0 ? (
              <>
                <p className="pl-muted">Ask each biller to move the due date. Nothing changes until you accept a move and the biller confirms it.</p>
                <ul className="pl-list" aria-label="Suggested moves">
                  {data.moves.map((move) => (
                    <MoveCard
                      key={`${move.billId}-${move.toDay}`}
                      move={move}
                      allowed={allowed.get(move.billId) ?? null}
                      busy={busy?.billId === move.billId ? busy.action : null}
                      locked={busy !== null}
                      error={cardError?.billId === move.billId ? cardError.message : null}
                      onAccept={() => void accept(move)}
                      onKeep={() => void choose(move, null)}
                      onChooseDay={(day) => void choose(move, day)}
                    />
                  ))}
                </ul>
              </>
            ) : !data.helps ? (
              <Callout variant="teal" title="Your due dates already line up with your paychecks">
                Each bill is already due when there is money to pay it. Nothing to move for now.
              </Callout>
            ) : (
              <p className="pl-muted">No more moves to suggest.</p>
            )}
          </section>

          {data.moves.length > 0 && <BeforeAfter plan={data} />}
          {data.lean && <LeanIncomeCard lean={data.lean} />}

          {data.savedMoves.length > 0 && (
            <section className="pl-section" aria-labelledby={CHECKLIST_HEADING_ID}>
              <h2 id={CHECKLIST_HEADING_ID} className="pl-section__title" tabIndex={-1}>
                Asking the biller
              </h2>
              <ul className="pl-list" aria-label="Moves under way">
                {data.savedMoves.map((move) => (
                  <SavedMoveCard
                    key={move.id}
                    move={move}
                    api={api}
                    accountHolder={data.accountHolder}
                    today={data.today}
                    paydayDay={paydayDayFor(move, data, accepted[move.billId])}
                    planned={plannedMoveFor(move, data, accepted[move.billId])}
                    onChanged={onChecklistChanged}
                  />
                ))}
              </ul>
            </section>
          )}
        </>
      )}
    </div>
  );
}

/**
 * /planner, exposed to the shell as './PlannerPage': which bills to ask to move to which day, the balance before and
 * after, and each move's steps with the biller. Signed-out visitors go to /login, as on the dashboard.
 */
export function PlannerPage() {
  const { user, loading } = useAuth();
  useDocumentTitle('Due-date planner');
  return (
    <>
      <meta name="robots" content="noindex" />
      {loading ? (
        <Spinner />
      ) : !user ? (
        <Navigate to="/login" replace />
      ) : (
        <WithQueryClient>
          <PlannerScreen userId={user.id} />
        </WithQueryClient>
      )}
    </>
  );
}
