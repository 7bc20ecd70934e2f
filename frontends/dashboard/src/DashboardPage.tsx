import { LATER_WINDOW_INITIAL_DAYS } from '@paycadence/finance-rules';
import { Alert, Badge, Button, formatDate, Spinner, useApi, useAuth, useDocumentTitle } from '@paycadence/web-kit';
import { QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { useContext, useState } from 'react';
import { Navigate } from 'react-router-dom';
import { ForecastSection } from './components/forecast/ForecastSection.js';
import { PayGapCard } from './components/forecast/PayGapCard.js';
import { greetingName } from './components/Greeting.js';
import { SmartSuggestionsPanel } from './components/SmartSuggestionsPanel.js';
import { SummaryCards } from './components/SummaryCards.js';
import { SyncButton } from './components/SyncButton.js';
import { ConfirmEmailBanner } from './email/ConfirmEmailBanner.js';
import './dashboard.css'; // a stylesheet, not a <style> element: the CSP's style-src allows no inline CSS
import { useFinancialData } from './hooks/useFinancialData.js';
import { useStoredView } from './hooks/useStoredView.js';
import { localToday, readOnlyBillIds } from './model/dashboard-model.js';
import { MESSAGES, type DashboardView } from './model/messages.js';
import { DueDatePlanCard } from './planner/DueDatePlanCard.js';
import { CalendarView } from './views/CalendarView.js';
import { OverviewView } from './views/OverviewView.js';
import { PlannerView } from './views/PlannerView.js';

const VIEW_LABELS: Record<DashboardView, string> = { list: 'Overview', calendar: 'Calendar', planner: 'Planner' };

/** When the kept copy was fetched, in the person's date format and local time. */
const fetchedAtText = (at: number) => {
  const when = new Date(at);
  return `${formatDate(localToday(when))} at ${when.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' })}`;
};

export const offlineNotice = (at: number) =>
  `You're offline. This is your dashboard as it was on ${fetchedAtText(at)}; ` +
  "changes can't be saved until you're back online.";

function DashboardContent() {
  const { user, offline = false } = useAuth();
  const api = useApi();
  const [storedView, setView] = useStoredView();
  // Offline only the Overview has its data (the kept copy): the calendar and planner ask the server.
  const view = offline ? 'list' : storedView;
  // docs/product/signed-in.md §9: the Later window the user asked for; each size is computed by the server.
  const [laterWindowDays, setLaterWindowDays] = useState(LATER_WINDOW_INITIAL_DAYS);
  const state = useFinancialData(laterWindowDays);
  const { dashboard } = state;
  const today = dashboard?.today ?? localToday();

  return (
    <div className="db-page pc-container">
      <header className="db-header">
        <div>
          <p className="pc-eyebrow">Financial Dashboard</p>
          <h1 className="db-header__title">
            Hi {greetingName(user)}! {user?.role === 'admin' && <Badge tone="primary">Admin</Badge>}
          </h1>
          <p className="db-muted">Your bills, timed to your paydays.</p>
        </div>
        <SyncButton api={api} />
      </header>

      <ConfirmEmailBanner />

      {state.offlineSince !== null && (
        <Alert tone="info" className="db-offline">
          {offlineNotice(state.offlineSince)}
        </Alert>
      )}

      {state.failed && (
        <Alert tone="error">
          {MESSAGES.loadFailed}{' '}
          <Button variant="secondary" size="sm" onClick={state.refetch}>
            Try again
          </Button>
        </Alert>
      )}

      {state.loading ? (
        <Spinner label="Loading your financial data..." />
      ) : (
        <>
          {dashboard && <SummaryCards dashboard={dashboard} />}
          {dashboard?.forecast && (
            <ForecastSection
              forecast={dashboard.forecast}
              api={api}
              monthlyPlanCents={dashboard.summary.monthlyIncomeCents > 0 ? dashboard.summary.spendingBalanceCents : null}
            />
          )}
          {dashboard?.payGaps && dashboard.payGaps.length > 0 && (
            <div className="fc-gaps">
              {dashboard.payGaps.map((gap) => (
                <PayGapCard key={gap.incomeId} gap={gap} />
              ))}
            </div>
          )}
          <div className="db-views" role="group" aria-label="Dashboard view">
            {(Object.keys(VIEW_LABELS) as DashboardView[]).map((v) => (
              <button
                key={v}
                type="button"
                className="db-toggle__btn db-views__btn"
                aria-pressed={view === v}
                disabled={offline && v !== 'list'}
                onClick={() => setView(v)}
              >
                {VIEW_LABELS[v]}
              </button>
            ))}
          </div>
          <div className="db-layout">
            <div className="db-layout__main">
              {view === 'list' && <OverviewView dashboard={dashboard} api={api} onLaterWindowChange={setLaterWindowDays} />}
              {view === 'calendar' && <CalendarView today={today} api={api} readOnlyBillIds={readOnlyBillIds(dashboard?.bills ?? [])} />}
              {view === 'planner' && <PlannerView today={today} api={api} />}
            </div>
            {dashboard && (
              // The plan's nudge sits with the tips, beside the lists (below them on a phone): it is asked for after
              // the dashboard's own data, so arriving late it pushes nothing the person is reading or about to tap.
              <div className="db-layout__side">
                <DueDatePlanCard api={api} today={today} />
                <SmartSuggestionsPanel tips={dashboard.tips} quickStats={dashboard.quickStats} />
              </div>
            )}
          </div>
        </>
      )}
    </div>
  );
}

let ownQueryClient: QueryClient | null = null;

/** Uses the host's query client when the shell provides one, else the remote's own (standalone). */
function WithQueryClient({ children }: { children: React.ReactNode }) {
  const hostClient = useContext(QueryClientContext);
  if (hostClient) return <>{children}</>;
  ownQueryClient ??= new QueryClient();
  return <QueryClientProvider client={ownQueryClient}>{children}</QueryClientProvider>;
}

/**
 * /dashboard (docs/product/signed-in.md §2), exposed to the shell as './DashboardPage'. Signed-out visitors go to
 * /login; the session's access token authorises every call.
 */
export function DashboardPage() {
  const { user, loading } = useAuth();
  useDocumentTitle('Financial Dashboard');
  return (
    <>
      <meta name="robots" content="noindex" />
      {loading ? <Spinner /> : !user ? <Navigate to="/login" replace /> : (
        <WithQueryClient>
          <DashboardContent />
        </WithQueryClient>
      )}
    </>
  );
}
