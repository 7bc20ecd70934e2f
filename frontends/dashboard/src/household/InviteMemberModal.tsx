import { HOUSEHOLD_ENDPOINTS, HOUSEHOLD_MESSAGES, INVITATION_TTL_DAYS, InviteMemberRequestSchema } from '@paycadence/contracts';
import { Button, Modal, TextField, useFirstErrorFocus, type ApiClient } from '@paycadence/web-kit';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { ErrorBanner } from './ErrorBanner.js';

type InviteBody = z.output<typeof InviteMemberRequestSchema>;

interface Props {
  api: ApiClient;
  householdId: string;
  onClose: () => void;
  onInvited: (email: string) => void;
}

/**
 * 'Invite Member' modal (docs/product/signed-in.md §2, §5, §7): only the e-mail is sent, so the invitation carries the default
 * role. The e-mail is checked with the contracts' own schema before anything is sent.
 */
export function InviteMemberModal({ api, householdId, onClose, onInvited }: Props) {
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const errorFocus = useFirstErrorFocus<HTMLFormElement>();
  const invite = useMutation({
    mutationFn: (body: InviteBody) => api.call(HOUSEHOLD_ENDPOINTS.invite, { params: { id: householdId }, body }),
    onSuccess: (answer) => onInvited(answer.email),
    onError: errorFocus.reveal,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = InviteMemberRequestSchema.safeParse({ email });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? 'Enter a valid e-mail address');
      errorFocus.reveal();
      return;
    }
    setFieldError(null);
    // The role is the schema's default (docs/product/signed-in.md §7: the form asks only for the e-mail).
    invite.mutate(parsed.data);
  };

  return (
    <Modal open title={HOUSEHOLD_MESSAGES.inviteMember} onClose={onClose}>
      <form ref={errorFocus.ref} className="hh-form" onSubmit={submit} noValidate>
        {invite.isError && <ErrorBanner text={HOUSEHOLD_MESSAGES.inviteFailed} error={invite.error} />}
        <TextField
          label="Email"
          type="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={fieldError}
          required
          autoComplete="email"
          hint={`They get an e-mail with a link to join. It works once, for ${INVITATION_TTL_DAYS} days.`}
        />
        <div className="hh-form__buttons">
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={invite.isPending}>
            {invite.isPending ? 'Sending...' : 'Send invitation'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
