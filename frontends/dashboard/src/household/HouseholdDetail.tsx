import { canManageHousehold, HOUSEHOLD_ENDPOINTS, HOUSEHOLD_MESSAGES, HOUSEHOLD_ROLES, type Household, type HouseholdMember } from '@paycadence/contracts';
import { Badge, Button, Modal, Spinner, type ApiClient, type BadgeTone } from '@paycadence/web-kit';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorBanner } from './ErrorBanner.js';
import { HouseholdCalendar } from './HouseholdCalendar.js';
import { HouseholdPlan } from './HouseholdPlan.js';
import { HOUSEHOLD_QUERY_ROOT, useMembers } from './household-queries.js';
import { PendingInvitations } from './PendingInvitations.js';

/** Role badges (docs/product/signed-in.md §3): owner and partner coloured, any other role neutral. */
const ROLE_TONES: Record<string, BadgeTone> = { owner: 'primary', partner: 'info' };
export const roleTone = (role: string): BadgeTone => ROLE_TONES[role] ?? 'neutral';

interface Props {
  api: ApiClient;
  household: Household;
  currentUserId: string;
  onInvite: () => void;
  onLeft: (household: Household) => void;
}

/**
 * The detail pane: members, Invite Member (owners and partners), role changes (owners), Leave; then the pending
 * invitations (owners and partners), the household calendar with who pays what, and the plan for shared bills.
 */
export function HouseholdDetail({ api, household, currentUserId, onInvite, onLeft }: Props) {
  const queryClient = useQueryClient();
  const members = useMembers(api, household.id);
  const [confirmLeave, setConfirmLeave] = useState(false);
  const isOwner = household.my_role === 'owner';

  const leave = useMutation({
    mutationFn: () => api.call(HOUSEHOLD_ENDPOINTS.leave, { params: { id: household.id } }),
    onSuccess: () => {
      setConfirmLeave(false);
      void queryClient.invalidateQueries({ queryKey: HOUSEHOLD_QUERY_ROOT });
      onLeft(household);
    },
  });
  const setRole = useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: (typeof HOUSEHOLD_ROLES)[number] }) =>
      api.call(HOUSEHOLD_ENDPOINTS.setMemberRole, { params: { id: household.id, userId }, body: { role } }),
    onSuccess: (answer) => {
      queryClient.setQueryData(['household', 'members', household.id], answer);
      void queryClient.invalidateQueries({ queryKey: HOUSEHOLD_QUERY_ROOT });
    },
  });

  return (
    <section className="hh-panel" aria-labelledby="hh-detail-title">
      <div className="hh-detail__head">
        <h2 id="hh-detail-title">{household.name}</h2>
        <div className="hh-detail__actions">
          {canManageHousehold(household.my_role) && <Button onClick={onInvite}>{HOUSEHOLD_MESSAGES.inviteMember}</Button>}
          <Button variant="secondary" onClick={() => { leave.reset(); setConfirmLeave(true); }}>
            Leave household
          </Button>
        </div>
      </div>

      {leave.isError && !confirmLeave && <ErrorBanner text={HOUSEHOLD_MESSAGES.leaveFailed} error={leave.error} />}
      {setRole.isError && <ErrorBanner text="Failed to change role" error={setRole.error} />}

      <h3 className="pc-visually-hidden">Members</h3>
      {members.isPending ? (
        <Spinner label="Loading members..." />
      ) : members.isError ? (
        <ErrorBanner text={HOUSEHOLD_MESSAGES.membersFailed} error={members.error} />
      ) : (
        <ul className="hh-members" aria-label="Members">
          {members.data.members.map((member) => (
            <MemberRow
              key={member.id}
              member={member}
              isMe={member.id === currentUserId}
              canChangeRole={isOwner && member.id !== currentUserId}
              busy={setRole.isPending}
              onRole={(role) => setRole.mutate({ userId: member.id, role })}
            />
          ))}
        </ul>
      )}

      {canManageHousehold(household.my_role) && <PendingInvitations api={api} householdId={household.id} />}
      <HouseholdCalendar api={api} householdId={household.id} />
      <HouseholdPlan api={api} householdId={household.id} />

      {confirmLeave && (
        <Modal open title={`Leave ${household.name}?`} onClose={() => setConfirmLeave(false)}>
          <div className="hh-form">
            {leave.isError && <ErrorBanner text={HOUSEHOLD_MESSAGES.leaveFailed} error={leave.error} />}
            <p>You will no longer see this household or the bills and income it shares. Someone has to invite you again to come back.</p>
            <div className="hh-form__buttons">
              <Button variant="secondary" onClick={() => setConfirmLeave(false)}>
                Stay
              </Button>
              <Button variant="danger" onClick={() => leave.mutate()} disabled={leave.isPending}>
                {leave.isPending ? 'Leaving...' : 'Leave household'}
              </Button>
            </div>
          </div>
        </Modal>
      )}
    </section>
  );
}

interface MemberRowProps {
  member: HouseholdMember;
  isMe: boolean;
  canChangeRole: boolean;
  busy: boolean;
  onRole: (role: (typeof HOUSEHOLD_ROLES)[number]) => void;
}

function MemberRow({ member, isMe, canChangeRole, busy, onRole }: MemberRowProps) {
  return (
    <li className="hh-member">
      <div className="hh-member__who">
        <span className="hh-member__name">
          {member.name}
          {isMe && ' (you)'}
        </span>
        <span className="hh-member__email">{member.email}</span>
      </div>
      <div className="hh-member__role">
        <Badge tone={roleTone(member.role)}>{member.role}</Badge>
        {canChangeRole && (
          <select
            className="pc-input pc-select hh-member__select"
            aria-label={`Role of ${member.name}`}
            value={member.role}
            disabled={busy}
            onChange={(event) => onRole(event.target.value as (typeof HOUSEHOLD_ROLES)[number])}
          >
            {HOUSEHOLD_ROLES.map((role) => (
              <option key={role} value={role}>
                {role}
              </option>
            ))}
          </select>
        )}
      </div>
    </li>
  );
}
