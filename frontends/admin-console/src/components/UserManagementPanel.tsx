import { ADMIN_MESSAGES, type AdminListedUser, type AdminWaitlistEntry } from '@paycadence/contracts';
import { Button, showToast, Spinner, Tabs, TextField } from '@paycadence/web-kit';
import { useRef, useState } from 'react';
import { useAdminActions, useRegisteredUsers, useReloadLists, useWaitlistEntries } from '../api/admin-queries.js';
import { actionMessages, type ActionMessage } from '../model/messages.js';
import { filterBySearch } from '../model/search.js';
import { ConfirmDialog } from './ConfirmDialog.js';
import { CreateUserModal } from './CreateUserModal.js';
import { MessageLine } from './MessageLine.js';
import { UsersTable } from './UsersTable.js';
import { WaitlistTable } from './WaitlistTable.js';

export type PanelTab = 'users' | 'waitlist';

/** docs/product/signed-in.md §2: three counters shown as stat cards. */
function StatCards({ registered, waitlist, admins }: { registered: number; waitlist: number; admins: number }) {
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

/**
 * The admin panel of both management pages (docs/product/signed-in.md §2, §4, §5, §8): search over both lists, stat cards,
 * tabs with counts, Create User, Refresh Data, the row actions and their messages. After each action the lists
 * reload.
 */
export function UserManagementPanel({ initialTab = 'users' }: { initialTab?: PanelTab }) {
  const usersQuery = useRegisteredUsers();
  const waitlistQuery = useWaitlistEntries();
  const reload = useReloadLists();
  const actions = useAdminActions();
  const [tab, setTab] = useState<PanelTab>(initialTab);
  const [search, setSearch] = useState('');
  const [message, setMessage] = useState<ActionMessage | null>(null);
  const [creating, setCreating] = useState(false);
  const [removing, setRemoving] = useState<AdminWaitlistEntry | null>(null);
  const [busyEntryId, setBusyEntryId] = useState<string | null>(null);
  const [busyUserId, setBusyUserId] = useState<string | null>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  const users = usersQuery.data ?? [];
  const waitlist = waitlistQuery.data ?? [];
  const shownUsers = filterBySearch(users, search);
  const shownWaitlist = filterBySearch(waitlist, search);
  const loading = usersQuery.isPending || waitlistQuery.isPending;
  const refreshing = usersQuery.isFetching || waitlistQuery.isFetching;

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

  const setStatus = (user: AdminListedUser, status: 'active' | 'suspended') => {
    setBusyUserId(user.id);
    void run(
      () => actions.setStatus.mutateAsync({ userId: user.id, status }).then(() => actionMessages.statusChanged(status), actionMessages.toggleFailed),
      () => setBusyUserId(null),
    );
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
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          className="ac-search"
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
          <StatCards registered={users.length} waitlist={waitlist.length} admins={users.filter((user) => user.role === 'admin').length} />
          <Tabs
            label="User lists"
            className="ac-tabs"
            selectedId={tab}
            onChange={(id) => setTab(id as PanelTab)}
            tabs={[
              {
                id: 'users',
                label: `Registered Users (${shownUsers.length})`,
                content: (
                  <div className="ac-table-card">
                    <UsersTable users={shownUsers} busyUserId={busyUserId} onSetStatus={setStatus} />
                  </div>
                ),
              },
              {
                id: 'waitlist',
                label: `Waitlist (${shownWaitlist.length})`,
                content: (
                  <div className="ac-table-card">
                    <WaitlistTable entries={shownWaitlist} busyEntryId={busyEntryId} onApprove={approve} onRemove={setRemoving} />
                  </div>
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
    </div>
  );
}
