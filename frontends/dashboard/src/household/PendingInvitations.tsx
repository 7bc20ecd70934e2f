import { HOUSEHOLD_ENDPOINTS, HOUSEHOLD_MESSAGES, type PendingInvitation } from '@paycadence/contracts';
import { Button, formatDate, Modal, Spinner, type ApiClient } from '@paycadence/web-kit';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorBanner } from './ErrorBanner.js';

export const pendingInvitationsKey = (householdId: string) => ['household', 'invitations', householdId] as const;

interface Props {
  api: ApiClient;
  householdId: string;
}

type Outcome = { kind: 'done'; text: string } | { kind: 'failed'; text: string; error: unknown } | null;

/**
 * The household's invitations still waiting to be accepted, under the members, for owners and partners (who may
 * invite, so who may resend and withdraw). Resend sends a new link (the old one stops working); withdraw asks first.
 * What happened is said in a status line that screen readers announce, next to the list rather than in a toast.
 */
export function PendingInvitations({ api, householdId }: Props) {
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [confirming, setConfirming] = useState<PendingInvitation | null>(null);
  const invitations = useQuery({
    queryKey: pendingInvitationsKey(householdId),
    queryFn: ({ signal }) => api.call(HOUSEHOLD_ENDPOINTS.pendingInvitations, { params: { id: householdId } }, { signal }),
    retry: false,
    refetchOnWindowFocus: false,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: pendingInvitationsKey(householdId) });

  const resend = useMutation({
    mutationFn: (invitation: PendingInvitation) =>
      api.call(HOUSEHOLD_ENDPOINTS.resendInvitation, { params: { id: householdId, invitationId: invitation.id } }),
    onMutate: () => setOutcome(null),
    onSuccess: (answer) => setOutcome({ kind: 'done', text: answer.message }),
    onError: (error) => setOutcome({ kind: 'failed', text: HOUSEHOLD_MESSAGES.resendFailed, error }),
    onSettled: refresh,
  });
  const withdraw = useMutation({
    mutationFn: (invitation: PendingInvitation) =>
      api.call(HOUSEHOLD_ENDPOINTS.withdrawInvitation, { params: { id: householdId, invitationId: invitation.id } }),
    onMutate: () => setOutcome(null),
    onSuccess: (answer) => {
      setConfirming(null);
      setOutcome({ kind: 'done', text: answer.message });
    },
    onError: (error) => setOutcome({ kind: 'failed', text: HOUSEHOLD_MESSAGES.withdrawFailed, error }),
    onSettled: refresh,
  });
  const busy = resend.isPending || withdraw.isPending;
  const list = invitations.data?.invitations ?? [];

  return (
    <section className="hh-pending" aria-labelledby="hh-pending-title">
      <h3 id="hh-pending-title" className="hh-subtitle">
        {HOUSEHOLD_MESSAGES.pendingInvitations}
      </h3>
      <p className="hh-status" aria-live="polite">
        {outcome?.kind === 'done' ? outcome.text : ''}
      </p>
      {outcome?.kind === 'failed' && !confirming && <ErrorBanner text={outcome.text} error={outcome.error} />}
      {invitations.isPending ? (
        <Spinner label="Loading invitations..." />
      ) : invitations.isError ? (
        <ErrorBanner text={HOUSEHOLD_MESSAGES.invitationsFailed} error={invitations.error} />
      ) : list.length === 0 ? (
        <p className="hh-muted hh-pending__empty">{HOUSEHOLD_MESSAGES.noPendingInvitations}</p>
      ) : (
        <ul className="hh-members" aria-label={HOUSEHOLD_MESSAGES.pendingInvitations}>
          {list.map((invitation) => (
            <li key={invitation.id} className="hh-member hh-invitation">
              <div className="hh-member__who">
                <span className="hh-member__name">{invitation.email}</span>
                <span className="hh-member__email">
                  Invited by {invitation.invited_by.name} on {formatDate(invitation.sent_at)} as {invitation.role}
                </span>
                <span className="hh-member__email">Link expires {formatDate(invitation.expires_at)}</span>
              </div>
              <div className="hh-invitation__actions">
                <Button
                  variant="secondary"
                  aria-label={`${HOUSEHOLD_MESSAGES.resendInvitation} the invitation to ${invitation.email}`}
                  disabled={busy}
                  onClick={() => resend.mutate(invitation)}
                >
                  {resend.isPending && resend.variables?.id === invitation.id ? 'Sending...' : HOUSEHOLD_MESSAGES.resendInvitation}
                </Button>
                <Button
                  variant="secondary"
                  aria-label={`${HOUSEHOLD_MESSAGES.withdrawInvitation} the invitation to ${invitation.email}`}
                  disabled={busy}
                  onClick={() => {
                    withdraw.reset();
                    setConfirming(invitation);
                  }}
                >
                  {HOUSEHOLD_MESSAGES.withdrawInvitation}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}

      {confirming && (
        <Modal open title="Withdraw invitation?" onClose={() => setConfirming(null)}>
          <div className="hh-form">
            {withdraw.isError && <ErrorBanner text={HOUSEHOLD_MESSAGES.withdrawFailed} error={withdraw.error} />}
            <p>{HOUSEHOLD_MESSAGES.withdrawConfirm(confirming.email)}</p>
            <div className="hh-form__buttons">
              <Button variant="secondary" onClick={() => setConfirming(null)}>
                Keep it
              </Button>
              <Button variant="danger" onClick={() => withdraw.mutate(confirming)} disabled={withdraw.isPending}>
                {withdraw.isPending ? 'Withdrawing...' : 'Withdraw invitation'}
              </Button>
            </div>
          </div>
        </Modal>
      )}
    </section>
  );
}
