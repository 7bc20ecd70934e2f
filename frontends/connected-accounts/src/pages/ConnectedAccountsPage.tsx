import type { AccountsResponse } from '@paycadence/contracts';
import { PageHeader, Spinner, Tabs, useAuth, useDocumentTitle } from '@paycadence/web-kit';
import { QueryClient, QueryClientContext, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { AnalyticsTab } from '../components/AnalyticsTab.js';
import { BankAccountsTab } from '../components/BankAccountsTab.js';
import { CategorizationTab } from '../components/CategorizationTab.js';
import { GeneratorTab } from '../components/GeneratorTab.js';
import { ImportProgress } from '../components/ImportProgress.js';
import { TransactionsTab } from '../components/TransactionsTab.js';
import '../connected-accounts.css'; // a stylesheet, not a <style> element: the CSP's style-src allows no inline CSS
import { bankKeys, useAccounts, useReloadAll, useReloadImported } from '../hooks/bank-queries.js';
import { useImportPolling } from '../hooks/useImportPolling.js';

export const TAB_IDS = ['accounts', 'analytics', 'transactions', 'categorization', 'generator'] as const;
export type TabId = (typeof TAB_IDS)[number];

function ConnectedAccountsContent({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<TabId>('accounts');
  const reloadImported = useReloadImported(userId);
  // The import polling lives at page level: it goes on while the user looks at another tab.
  const polling = useImportPolling(reloadImported, () => {
    const accounts = queryClient.getQueryData<AccountsResponse>(bankKeys.accounts(userId));
    return accounts?.items.some((item) => item.sync_state === 'queued' || item.sync_state === 'running') ?? false;
  });
  const accounts = useAccounts(userId).data;
  // When an import run ends, analytics and suggestions have new data to show too.
  const reloadAll = useReloadAll();
  const wasActive = useRef(false);
  useEffect(() => {
    if (wasActive.current && !polling.active) void reloadAll();
    wasActive.current = polling.active;
  }, [polling.active, reloadAll]);
  // An import already under way when the page opens (just linked, scheduled, started elsewhere) shows its
  // progress too; once per visit, so a very long import does not keep the page polling.
  const autoStarted = useRef(false);
  const busy = accounts?.items.some((item) => item.sync_state === 'queued' || item.sync_state === 'running') ?? false;
  useEffect(() => {
    if (!busy || polling.active || autoStarted.current) return;
    autoStarted.current = true;
    polling.start();
  }, [busy, polling]);

  return (
    <>
      <ImportProgress done={polling.done} total={polling.total} active={polling.active} items={accounts?.items ?? []} />
      <Tabs
        label="Connected accounts sections"
        className="ca-tabs"
        selectedId={tab}
        onChange={(id) => setTab(id as TabId)}
        tabs={[
          { id: 'accounts', label: 'Bank Accounts', content: <BankAccountsTab userId={userId} onImportStarted={polling.start} importing={polling.active} /> },
          { id: 'analytics', label: 'Financial Analytics', content: <AnalyticsTab userId={userId} /> },
          { id: 'transactions', label: 'Transaction History', content: <TransactionsTab userId={userId} importing={polling.active} /> },
          { id: 'categorization', label: 'Smart Categorization', content: <CategorizationTab userId={userId} /> },
          { id: 'generator', label: 'Data Generator', content: <GeneratorTab userId={userId} /> },
        ]}
      />
    </>
  );
}

let ownQueryClient: QueryClient | null = null;

/** Uses the host's query client when the shell provides one, else the remote's own (standalone, tests). */
function WithQueryClient({ children }: { children: ReactNode }) {
  const hostClient = useContext(QueryClientContext);
  if (hostClient) return <>{children}</>;
  ownQueryClient ??= new QueryClient();
  return <QueryClientProvider client={ownQueryClient}>{children}</QueryClientProvider>;
}

/**
 * /connected-accounts (docs/product/signed-in.md §2), exposed to the shell as './ConnectedAccountsPage'. The shell's guard
 * keeps signed-out visitors away; every call carries the session's bearer token and the signed-in user's id.
 */
export function ConnectedAccountsPage() {
  const { user, loading } = useAuth();
  useDocumentTitle('Connected Accounts');
  return (
    <div className="ca-page pc-container">
      <PageHeader
        eyebrow="Account"
        title="Connected Accounts"
        description="Link your bank to see balances and transactions, and let PayCadence find your bills and paychecks."
      />
      {loading ? (
        <Spinner />
      ) : !user ? (
        <p className="ca-empty">Please sign in to manage your connected accounts.</p>
      ) : (
        <WithQueryClient>
          <ConnectedAccountsContent userId={user.id} />
        </WithQueryClient>
      )}
    </div>
  );
}
