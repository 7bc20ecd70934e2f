import { ADMIN_MESSAGES, type AdminListedUser } from '@paycadence/contracts';
import { Badge, Button } from '@paycadence/web-kit';
import { formatShortDate } from '../model/format.js';
import { EmailText } from './EmailText.js';

/** docs/product/signed-in.md §6: how the screens name the roles. */
export const ROLE_LABELS = { admin: 'Administrator', user: 'Standard User' } as const;

export interface UsersTableProps {
  users: AdminListedUser[];
  /** The user whose status is being changed (its button shows busy). */
  busyUserId: string | null;
  onSetStatus: (user: AdminListedUser, status: 'active' | 'suspended') => void;
}

/**
 * Registered users (docs/product/signed-in.md §3): e-mail, name, role, status, whether they have a security key,
 * created and last sign-in; Suspend / Activate. Only that a key exists is shown: admins never see the keys.
 */
export function UsersTable({ users, busyUserId, onSetStatus }: UsersTableProps) {
  if (users.length === 0) return <p className="ac-empty">{ADMIN_MESSAGES.noUsers}</p>;
  return (
    <table className="ac-table">
      <caption className="pc-visually-hidden">Registered users</caption>
      <thead>
        <tr>
          <th scope="col">Email</th>
          <th scope="col">Name</th>
          <th scope="col">Role</th>
          <th scope="col">Status</th>
          <th scope="col">Security key</th>
          <th scope="col">Created</th>
          <th scope="col">Last sign-in</th>
          <th scope="col">
            <span className="pc-visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {users.map((user) => {
          // docs/product/signed-in.md §3: a missing status means active.
          const status = user.status ?? 'active';
          const next = status === 'active' ? 'suspended' : 'active';
          return (
            <tr key={user.id}>
              <td data-label="Email" className="ac-table__title">
                <EmailText email={user.email} />
              </td>
              <td data-label="Name" className="ac-table__name">{user.name || <span className="ac-muted">No name</span>}</td>
              <td data-label="Role">
                <Badge tone={user.role === 'admin' ? 'info' : 'neutral'}>{ROLE_LABELS[user.role]}</Badge>
              </td>
              <td data-label="Status">
                <Badge tone={status === 'active' ? 'success' : 'danger'}>{status === 'active' ? 'Active' : 'Suspended'}</Badge>
              </td>
              <td data-label="Security key">
                {user.has_security_key ? (
                  <Badge tone="info">Yes</Badge>
                ) : (
                  <span className="ac-muted">
                    <span aria-hidden="true">—</span>
                    <span className="pc-visually-hidden">None</span>
                  </span>
                )}
              </td>
              <td data-label="Created" className="ac-table__date">
                {formatShortDate(user.createdAt ?? user.created_at)}
              </td>
              <td data-label="Last sign-in" className="ac-table__date">
                {formatShortDate(user.last_sign_in_at)}
              </td>
              <td className="ac-table__actions">
                {/* docs/product/signed-in.md §4: admins cannot be toggled. */}
                {user.role !== 'admin' && (
                  <Button
                    size="sm"
                    variant={next === 'suspended' ? 'secondary' : 'primary'}
                    aria-label={`${next === 'suspended' ? 'Suspend' : 'Activate'} ${user.email}`}
                    busy={busyUserId === user.id}
                    busyText={next === 'suspended' ? 'Suspending...' : 'Activating...'}
                    disabled={busyUserId !== null && busyUserId !== user.id}
                    onClick={() => onSetStatus(user, next)}
                  >
                    {next === 'suspended' ? 'Suspend' : 'Activate'}
                  </Button>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
