import { BANK_SYNC_ENDPOINTS, STATEMENT_MESSAGES, type AccountsResponse, type BankAccountDto, type BankItemDto } from '@paycadence/contracts';
import { Alert, ApiError, Badge, Button, Spinner, useApi } from '@paycadence/web-kit';
import { useState } from 'react';
import { useAccounts, useReloadAll, useReloadImported } from '../hooks/bank-queries.js';
import { useReloadAfterStatement, useStatementImports } from '../hooks/statement-queries.js';
import { useUpdateModeSuccess } from '../hooks/useUpdateModeSuccess.js';
import { useNow, useTimedMessage } from '../hooks/useTimedMessage.js';
import { TEXT, TIMERS, duplicatesRemovedText } from '../model/messages.js';
import { openPlaidLink } from '../model/plaid-link.js';
import { fileAccounts } from '../model/statement.js';
import { AccountCard } from './AccountCard.js';
import { Freshness } from './Freshness.js';
import { SandboxLinkDialog, type LinkDialogResult } from './SandboxLinkDialog.js';
import { StatementImportDialog } from './StatementImportDialog.js';
import { StatementImports } from './StatementImports.js';
import { StatusLine } from './StatusLine.js';

type Repair = { itemId: string; institutionId: string | null; institutionName: string };

/** A 4xx answer in the server's own words (e.g. 'Your bank needs you to sign in again...'); else the fallback. */
function serverWordsOr(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401 && error.message ? error.message : fallback;
}

/** docs/product/signed-in.md §8: 'Bank integration setup required...' when the error mentions missing credentials. */
function linkTokenFailure(error: unknown): string {
  const text = error instanceof Error ? error.message.toLowerCase() : '';
  return /credential|client_id|secret/.test(text) ? TEXT.credentialsMissing : TEXT.initializeFailed;
}

const SYNC_STATE_LABEL: Record<BankItemDto['sync_state'], string | null> = { idle: null, queued: 'Queued', running: 'Importing', failed: 'Last sync failed' };

export interface BankAccountsTabProps {
  userId: string;
  /** Starts the import progress polling of the page (docs/product/signed-in.md §4). */
  onImportStarted: () => void;
  importing: boolean;
}

/** docs/product/signed-in.md §2 Bank Accounts tab: linked banks with their accounts, linking, re-authentication, sync, disconnect. */
export function BankAccountsTab({ userId, onImportStarted, importing }: BankAccountsTabProps) {
  const api = useApi();
  const accounts = useAccounts(userId);
  const reloadImported = useReloadImported(userId);
  const reloadAll = useReloadAll();
  const reloadAfterStatement = useReloadAfterStatement();
  const onUpdateModeSuccess = useUpdateModeSuccess(userId);
  const now = useNow(TIMERS.clockTickMs);
  const status = useTimedMessage(TIMERS.messageMs);
  const [dialog, setDialog] = useState<{ repair: Repair | null } | null>(null);
  const [linking, setLinking] = useState<string | null>(null);
  const [syncing, setSyncing] = useState(false);
  const [cleaning, setCleaning] = useState(false);
  const [disconnecting, setDisconnecting] = useState<string | null>(null);
  const [importOpen, setImportOpen] = useState(false);
  const [undoing, setUndoing] = useState<string | null>(null);

  const afterLink = (result: LinkDialogResult) => {
    setDialog(null);
    status.show('success', result.kind === 'repaired' ? TEXT.reconnected : TEXT.connected);
    void reloadImported();
    onImportStarted();
  };

  const connect = async (repair: Repair | null) => {
    setLinking(repair?.itemId ?? 'new');
    status.clear();
    try {
      const token = await api.call(BANK_SYNC_ENDPOINTS.createLinkToken, { body: { user_id: userId, item_id: repair?.itemId } });
      if (token.sandbox) {
        setDialog({ repair });
        return;
      }
      const outcome = await openPlaidLink(token.link_token).catch(() => null);
      if (!outcome) {
        status.show('error', TEXT.initializeFailed);
        return;
      }
      if (outcome.kind === 'exit') {
        status.show('info', TEXT.connectionCancelled);
        return;
      }
      if (!repair) {
        const institution = outcome.metadata.institution;
        const exchanged = await api
          .call(BANK_SYNC_ENDPOINTS.exchangeToken, {
            body: { public_token: outcome.publicToken, user_id: userId, institution_id: institution?.institution_id ?? null, institution_name: institution?.name ?? null },
          })
          .catch(() => null);
        if (!exchanged?.success) {
          status.show('error', TEXT.connectFailed);
          return;
        }
        afterLink({ kind: 'linked', itemId: exchanged.item_id });
      } else {
        const { repaired } = await onUpdateModeSuccess(repair.itemId);
        if (repaired) {
          status.show('success', TEXT.reconnected);
          onImportStarted();
        } else status.show('info', TEXT.reconnectPending);
      }
    } catch (error) {
      status.show('error', linkTokenFailure(error));
    } finally {
      setLinking(null);
    }
  };

  const syncNow = async () => {
    setSyncing(true);
    try {
      const answer = await api.call(BANK_SYNC_ENDPOINTS.sync, { params: { userId } });
      status.show(answer.success ? 'success' : 'info', answer.message || TEXT.syncQueued);
      if (answer.queued > 0) {
        void reloadImported();
        onImportStarted();
      }
    } catch (error) {
      status.show('error', serverWordsOr(error, TEXT.startImportFailed));
    } finally {
      setSyncing(false);
    }
  };

  const cleanup = async () => {
    setCleaning(true);
    try {
      const answer = await api.call(BANK_SYNC_ENDPOINTS.cleanupDuplicates, { params: { userId } });
      if (!answer.success) status.show('error', answer.error || TEXT.cleanupFailed);
      else {
        status.show('success', duplicatesRemovedText(answer.duplicatesRemoved));
        if (answer.duplicatesRemoved > 0) void reloadAll();
      }
    } catch {
      status.show('error', TEXT.cleanupFailed);
    } finally {
      setCleaning(false);
    }
  };

  const disconnect = async (item: BankItemDto) => {
    const fromFiles = item.source === 'file';
    // docs/product/signed-in.md §5: the browser's own confirm, verbatim; a file-fed account has no bank link to
    // end, so its question says what goes instead.
    if (!window.confirm(fromFiles ? TEXT.removeFileAccountConfirm : TEXT.disconnectConfirm)) return;
    setDisconnecting(item.id);
    const failed = fromFiles ? TEXT.removeFileAccountFailed : TEXT.disconnectFailed;
    try {
      const answer = await api.call(BANK_SYNC_ENDPOINTS.disconnect, { params: { plaidItemId: item.id }, body: { userId } });
      if (!answer.success) status.show('error', answer.error || failed);
      else {
        status.show('success', `${item.institution_name} was ${fromFiles ? 'removed' : 'disconnected'}.`);
        void reloadAll();
      }
    } catch {
      status.show('error', failed);
    } finally {
      setDisconnecting(null);
    }
  };

  const undoImport = async (importId: string) => {
    setUndoing(importId);
    try {
      const answer = await api.call(BANK_SYNC_ENDPOINTS.undoStatementImport, { params: { importId } });
      status.show('success', answer.message);
      void reloadAfterStatement();
    } catch (error) {
      status.show('error', serverWordsOr(error, TEXT.undoImportFailed));
    } finally {
      setUndoing(null);
    }
  };

  const data = accounts.data;
  const hasItems = (data?.items.length ?? 0) > 0;
  // Sync and duplicate clean-up are for linked banks; statement files have nothing to sync.
  const hasLinkedBanks = data?.items.some((item) => item.source !== 'file') ?? false;
  const hasFileAccounts = data?.items.some((item) => item.source === 'file') ?? false;
  const imports = useStatementImports(hasFileAccounts);

  return (
    <section aria-labelledby="ca-bank-title" className="ca-tab">
      <div className="ca-tab__head">
        <h2 id="ca-bank-title" className="ca-tab__title">
          Bank Accounts
        </h2>
        <div className="ca-actions">
          <Button onClick={() => void connect(null)} busy={linking === 'new'} busyText="Opening...">
            Connect a bank
          </Button>
          <Button variant="secondary" onClick={() => setImportOpen(true)}>
            {STATEMENT_MESSAGES.importButton}
          </Button>
          {hasLinkedBanks && (
            <>
              <Button variant="secondary" onClick={() => void syncNow()} busy={syncing || importing} busyText={importing ? 'Importing...' : 'Starting...'}>
                Sync now
              </Button>
              <Button variant="ghost" onClick={() => void cleanup()} busy={cleaning} busyText="Cleaning up...">
                Clean up duplicates
              </Button>
            </>
          )}
        </div>
      </div>
      <StatusLine message={status.message} />

      {accounts.isPending ? (
        <Spinner label="Loading bank accounts..." />
      ) : accounts.isError ? (
        <Alert tone="error">
          {TEXT.loadAccountsFailed}{' '}
          <Button variant="secondary" size="sm" onClick={() => void accounts.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : !hasItems ? (
        <div className="ca-empty">
          <p className="ca-empty__title">{TEXT.noAccounts}</p>
          <p className="ca-muted">{TEXT.noAccountsHint}</p>
          <p className="ca-muted">{TEXT.noAccountsFileHint}</p>
        </div>
      ) : (
        <>
          <ItemList
            data={data!}
            now={now}
            linking={linking}
            disconnecting={disconnecting}
            onReconnect={(item) => void connect({ itemId: item.id, institutionId: item.institution_id, institutionName: item.institution_name })}
            onDisconnect={(item) => void disconnect(item)}
          />
          {hasFileAccounts && <StatementImports query={imports} undoing={undoing} onUndo={(id) => void undoImport(id)} />}
        </>
      )}

      {importOpen && <StatementImportDialog fileAccounts={fileAccounts(data)} onClose={() => setImportOpen(false)} />}

      {dialog && (
        <SandboxLinkDialog
          userId={userId}
          repair={dialog.repair}
          onDone={afterLink}
          onCancel={() => {
            setDialog(null);
            status.show('info', TEXT.connectionCancelled);
          }}
        />
      )}
    </section>
  );
}

/**
 * Why the last import failed, in the server's words (item.last_error), to show under the 'Last sync failed'
 * badge. Not when it only repeats the sign-in alert the item already shows.
 */
function failureText(item: BankItemDto): string | null {
  if (item.sync_state !== 'failed' || !item.last_error?.trim()) return null;
  if (item.status === 'login_required' && item.last_error === TEXT.loginRequired) return null;
  return item.last_error;
}

interface ItemListProps {
  data: AccountsResponse;
  now: number;
  linking: string | null;
  disconnecting: string | null;
  onReconnect: (item: BankItemDto) => void;
  onDisconnect: (item: BankItemDto) => void;
}

/** One block per linked bank (Plaid item), its accounts as cards under it. */
function ItemList({ data, now, linking, disconnecting, onReconnect, onDisconnect }: ItemListProps) {
  const byItem = new Map<string, BankAccountDto[]>();
  for (const account of data.accounts) byItem.set(account.plaid_item_id, [...(byItem.get(account.plaid_item_id) ?? []), account]);
  return (
    <ul className="ca-items">
      {data.items.map((item) => {
        const itemAccounts = byItem.get(item.id) ?? [];
        // A file-fed account is never synced: no sync state, sign-in or repair, only its last import.
        const fromFiles = item.source === 'file';
        const stateLabel = fromFiles ? null : SYNC_STATE_LABEL[item.sync_state];
        const needsLogin = !fromFiles && item.status === 'login_required';
        const failure = fromFiles ? null : failureText(item);
        return (
          <li key={item.id} className={`ca-item${needsLogin ? ' ca-item--attention' : ''}`} aria-labelledby={`ca-item-${item.id}`}>
            <div className="ca-item__head">
              <div className="ca-item__who">
                <h3 id={`ca-item-${item.id}`} className="ca-item__name">
                  {item.institution_name}
                </h3>
                <div className="ca-item__status">
                  {fromFiles && <Badge tone="neutral">{STATEMENT_MESSAGES.fileAccountNote}</Badge>}
                  <Freshness lastSyncedAt={item.last_synced_at} now={now} label={fromFiles ? STATEMENT_MESSAGES.lastImport : undefined} />
                  {stateLabel && (
                    <Badge tone={item.sync_state === 'failed' ? 'danger' : 'info'}>
                      {(item.sync_state === 'queued' || item.sync_state === 'running') && <span className="ca-pulse" aria-hidden="true" />}
                      {stateLabel}
                    </Badge>
                  )}
                  <span className="ca-muted ca-small">
                    {item.transaction_count.toLocaleString('en-US')} transaction{item.transaction_count === 1 ? '' : 's'}
                  </span>
                </div>
                {failure && (
                  <p className="ca-item__error" role="status">
                    {failure}
                  </p>
                )}
              </div>
              <div className="ca-actions">
                {needsLogin && (
                  <Button size="sm" onClick={() => onReconnect(item)} busy={linking === item.id} busyText="Opening...">
                    Reconnect
                  </Button>
                )}
                <Button
                  size="sm"
                  variant="danger"
                  onClick={() => onDisconnect(item)}
                  busy={disconnecting === item.id}
                  busyText={fromFiles ? 'Removing...' : 'Disconnecting...'}
                  aria-label={`${fromFiles ? 'Remove' : 'Disconnect'} ${item.institution_name}`}
                >
                  {fromFiles ? 'Remove' : 'Disconnect'}
                </Button>
              </div>
            </div>
            {needsLogin && (
              <Alert tone="error" className="ca-item__alert">
                {TEXT.loginRequired} Choose Reconnect to sign in again.
              </Alert>
            )}
            {itemAccounts.length > 0 ? (
              <ul className="ca-accounts">
                {itemAccounts.map((account) => (
                  <AccountCard key={account.id} account={account} />
                ))}
              </ul>
            ) : (
              <p className="ca-muted ca-small">{fromFiles ? 'No accounts from these files yet.' : 'No accounts from this bank yet.'}</p>
            )}
          </li>
        );
      })}
    </ul>
  );
}
