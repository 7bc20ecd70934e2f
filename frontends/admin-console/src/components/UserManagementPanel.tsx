import { ADMIN_MESSAGES, type AdminListedUser, type AdminWaitlistEntry } from '@paycadence/contracts';
import { Button, Select, showToast, Spinner, Tabs, TextField } from '@paycadence/web-kit';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useAdminActions, useRegisteredUsers, useReloadLists, useWaitlistEntries } from '../api/admin-queries.js';
import {
  firstPage,
  formatCount,
  nextPage,
  orderOptions,
  previousPage,
  SEARCH_DEBOUNCE_MS,
  toListQuery,
  type ListOrder,
  type ListView,
} from '../model/list-view.js';
import { actionMessages, type ActionMessage } from '../model/messages.js';
import { ConfirmDialog } from './ConfirmDialog.js';
import { CreateUserModal } from './CreateUserModal.js';
import { ListPager } from './ListPager.js';
import { MessageLine } from './MessageLine.js';
import { useDebouncedValue } from './useDebouncedValue.js';
import { UsersTable } from './UsersTable.js';
import { WaitlistTable } from './WaitlistTable.js';

export type PanelTab = 'users' | 'waitlist';

/** docs/product/signed-in.md §2: three counters shown as stat cards, counted (or, at a very large size, estimated) by the server. */
function StatCards({ registered, waitlist, admins }: { registered: string; waitlist: string; admins: string }) {
  const stats = [
    { label: 'Registered Users', value: registered },
    { label: 'Waitlist Users', value: waitlist },
    { label: 'Admin Users', value: admins },
  ];
  return (
    <dl className="ac-stats">
      {stats.map((stat) => (
        <div key={stat.label} className="ac-stat">
          <dt>{stat.label}</dt>
          <dd>{stat.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A list's order control and its page controls around the table. */
function ListFrame({ orderLabel, order, options, onOrder, pager, children }: { orderLabel: string; order: ListOrder; options: ReturnType<typeof orderOptions>; onOrder: (order: ListOrder) => void; pager: ReactNode; children: ReactNode }) {
  return (
    <>
      <div className="ac-list-controls">
        <Select label={orderLabel} name={orderLabel} options={options} value={order} onChange={(event) => onOrder(event.target.value as ListOrder)} className="ac-sort" />
      </div>
      <div className="ac-table-card">{children}</div>
      {pager}
    </>
  );
}

/** A page that came back empty past the first (its rows were approved or removed meanwhile) starts the list again. */
function useRestartWhenEmpty(view: ListView, shown: number | undefined, fetching: boolean, restart: () => void) {
  useEffect(() => {
    if (!fetching && shown === 0 && view.page > 1) restart();
  }, [view.page, shown, fetching, restart]);
}

/**
 * The admin panel of both management pages (docs/product/signed-in.md §2, §4, §5, §8): search over both lists, stat cards,
 * tabs with counts, Create User, Refresh Data, the row actions and their messages. After each action the lists
 * reload. The server searches, sorts and pages both lists (a million accounts never reach the browser); the
 * search is sent once typing pauses.
 */
export function UserManagementPanel({ initialTab = 'users' }: { initialTab?: PanelTab }) {
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const [usersView, setUsersView] = useState<ListView>(firstPage);
  const [waitlistView, setWaitlistView] = useState<ListView>(firstPage);
  // A new search starts both lists again from their first page (a cursor belongs to the rows it was found among).
  const [searchedFor, setSearchedFor] = useState(search);
  if (searchedFor !== search) {
    setSearchedFor(search);
    setUsersView((view) => firstPage(view.order));
    setWaitlistView((view) => firstPage(view.order));
  }
  const usersQuery = useRegisteredUsers(toListQuery(usersView, search));
  const waitlistQuery = useWaitlistEntries(toListQuery(waitlistView, search));
  const reload = useReloadLists();
  const actions = useAdminActions();
  const [tab, setTab] = useState<PanelTab>(initialTab);
  const [message, setMessage] = useState<ActionMessage | null>(null);
  const [creating, setCreating] = useState(false);
  const [removing, setRemoving] = useState<AdminWaitlistEntry | null>(null);
  const [suspending, setSuspending] = useState<AdminListedUser | null>(null);
  const [busyEntryId, setBusyEntryId] = useState<string | null>(null);
  const [busyUserId, setBusyUserId] = useState<string | null>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  const usersPage = usersQuery.data;
  const waitlistPage = waitlistQuery.data;
  const users = usersPage?.users ?? [];
  const waitlist = waitlistPage?.users ?? [];
  const loading = usersQuery.isPending || waitlistQuery.isPending;
  const refreshing = usersQuery.isFetching || waitlistQuery.isFetching;
  const [restartUsers] = useState(() => () => setUsersView((view) => firstPage(view.order)));
  const [restartWaitlist] = useState(() => () => setWaitlistView((view) => firstPage(view.order)));
  useRestartWhenEmpty(usersView, usersPage?.users.length, usersQuery.isFetching, restartUsers);
  useRestartWhenEmpty(waitlistView, waitlistPage?.users.length, waitlistQuery.isFetching, restartWaitlist);

  /**
   * An approved or removed row leaves the list, and the focus with it: keyboard and screen-reader users land on
   * the open tab, which also reads out the new count.
   */
  const keepFocusInPanel = () =>
    setTimeout(() => {
      const active = document.activeElement;
      if (active && active !== document.body && document.contains(active)) return;
      panelRef.current?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')?.focus();
    }, 0);

  /** Successes in a toast, like every confirmation in the app; failures stay in the red line above the lists. */
  const report = (outcome: ActionMessage) => {
    if (outcome.tone === 'success') {
      setMessage(null);
      showToast({ message: outcome.text });
    } else setMessage(outcome);
  };

  /** Runs one action: its message, then the lists reload whatever the outcome. */
  const run = async (work: () => Promise<ActionMessage>, done: () => void) => {
    setMessage(null);
    const outcome = await work();
    report(outcome);
    done();
    await reload();
    keepFocusInPanel();
  };

  const approve = (entry: AdminWaitlistEntry) => {
    setBusyEntryId(entry.id);
    void run(
      () => actions.approve.mutateAsync(entry.email).then((answer) => actionMessages.approved(entry.email, answer.message), actionMessages.approveFailed),
      () => setBusyEntryId(null),
    );
  };

  const confirmRemove = () => {
    const entry = removing;
    if (!entry) return;
    setBusyEntryId(entry.id);
    void run(
      () => actions.remove.mutateAsync(entry.id).then(actionMessages.removed, actionMessages.removeFailed),
      () => {
        setBusyEntryId(null);
        setRemoving(null);
      },
    );
  };

  const changeStatus = (user: AdminListedUser, status: 'active' | 'suspended', done: () => void = () => undefined) => {
    setBusyUserId(user.id);
    void run(
      () => actions.setStatus.mutateAsync({ userId: user.id, status }).then(() => actionMessages.statusChanged(status), actionMessages.toggleFailed),
      () => {
        setBusyUserId(null);
        done();
      },
    );
  };

  /** Suspending signs the person out everywhere, so it is confirmed first; activating is not. */
  const setStatus = (user: AdminListedUser, status: 'active' | 'suspended') => {
    if (status === 'suspended') setSuspending(user);
    else changeStatus(user, status);
  };

  const confirmSuspend = () => {
    if (suspending) changeStatus(suspending, 'suspended', () => setSuspending(null));
  };

  const refresh = () => {
    setMessage(null);
    void reload();
  };

  return (
    <div className="ac-panel" ref={panelRef}>
      <div className="ac-toolbar">
        <TextField
          label="Search users"
          hideLabel
          type="search"
          name="search"
          placeholder={ADMIN_MESSAGES.searchPlaceholder}
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
          className="ac-search"
          autoComplete="off"
        />
        <div className="ac-toolbar__actions">
          <Button onClick={() => setCreating(true)}>Create User</Button>
          <Button variant="secondary" onClick={refresh} busy={refreshing && !loading} busyText="Refreshing...">
            Refresh Data
          </Button>
        </div>
      </div>

      <MessageLine message={message} />

      {loading ? (
        <Spinner label={ADMIN_MESSAGES.loading} />
      ) : (
        <>
          <StatCards
            registered={formatCount(usersPage?.counters.registered ?? 0, usersPage?.counters.estimated)}
            waitlist={formatCount(waitlistPage?.counters.waitlist ?? 0, waitlistPage?.counters.estimated)}
            admins={formatCount(usersPage?.counters.admins ?? 0)}
          />
          <Tabs
            label="User lists"
            className="ac-tabs"
            selectedId={tab}
            onChange={(id) => setTab(id as PanelTab)}
            tabs={[
              {
                id: 'users',
                // docs/product/signed-in.md §2: 'Registered Users (count)', the accounts matching the search
                label: `Registered Users (${usersPage?.total ?? 0})`,
                content: (
                  <ListFrame
                    orderLabel="Sort users"
                    order={usersView.order}
                    options={orderOptions('Newest')}
                    onOrder={(order) => setUsersView(firstPage(order))}
                    pager={
                      <ListPager
                        label="Registered users pages"
                        view={usersView}
                        shown={users.length}
                        total={usersPage?.total ?? 0}
                        estimated={usersPage?.totalEstimated ?? false}
                        hasPrevious={Boolean(usersPage?.prevCursor)}
                        hasNext={Boolean(usersPage?.nextCursor)}
                        busy={usersQuery.isFetching}
                        onPrevious={() => usersPage?.prevCursor && setUsersView(previousPage(usersView, usersPage.prevCursor))}
                        onNext={() => usersPage?.nextCursor && setUsersView(nextPage(usersView, usersPage.nextCursor))}
                      />
                    }
                  >
                    <UsersTable users={users} busyUserId={busyUserId} onSetStatus={setStatus} />
                  </ListFrame>
                ),
              },
              {
                id: 'waitlist',
                label: `Waitlist (${waitlistPage?.total ?? 0})`,
                content: (
                  <ListFrame
                    orderLabel="Sort waitlist"
                    order={waitlistView.order}
                    options={orderOptions('Latest joined')}
                    onOrder={(order) => setWaitlistView(firstPage(order))}
                    pager={
                      <ListPager
                        label="Waitlist pages"
                        view={waitlistView}
                        shown={waitlist.length}
                        total={waitlistPage?.total ?? 0}
                        estimated={waitlistPage?.totalEstimated ?? false}
                        hasPrevious={Boolean(waitlistPage?.prevCursor)}
                        hasNext={Boolean(waitlistPage?.nextCursor)}
                        busy={waitlistQuery.isFetching}
                        onPrevious={() => waitlistPage?.prevCursor && setWaitlistView(previousPage(waitlistView, waitlistPage.prevCursor))}
                        onNext={() => waitlistPage?.nextCursor && setWaitlistView(nextPage(waitlistView, waitlistPage.nextCursor))}
                      />
                    }
                  >
                    <WaitlistTable entries={waitlist} busyEntryId={busyEntryId} onApprove={approve} onRemove={setRemoving} />
                  </ListFrame>
                ),
              },
            ]}
          />
        </>
      )}

      <CreateUserModal
        open={creating}
        onClose={() => setCreating(false)}
        create={(user) => actions.createUser.mutateAsync(user)}
        onCreated={(serverMessage) => {
          report(actionMessages.created(serverMessage));
          void reload();
        }}
      />
      <ConfirmDialog
        open={removing !== null}
        title="Remove from waitlist"
        question={ADMIN_MESSAGES.removeConfirm}
        confirmLabel="Remove"
        busyText="Removing..."
        busy={removing !== null && busyEntryId === removing.id}
        onConfirm={confirmRemove}
        onCancel={() => setRemoving(null)}
      >
        {removing && <p className="ac-confirm__who">{removing.email}</p>}
      </ConfirmDialog>
      <ConfirmDialog
        open={suspending !== null}
        title="Suspend user"
        question={ADMIN_MESSAGES.suspendConfirm}
        confirmLabel="Suspend"
        busyText="Suspending..."
        busy={suspending !== null && busyUserId === suspending.id}
        onConfirm={confirmSuspend}
        onCancel={() => setSuspending(null)}
      >
        {suspending && <p className="ac-confirm__who">{suspending.email}</p>}
      </ConfirmDialog>
    </div>
  );
}
