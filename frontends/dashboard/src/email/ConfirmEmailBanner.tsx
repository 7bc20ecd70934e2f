import { AUTH_ENDPOINTS, EMAIL_CONFIRMATION_MESSAGES } from '@paycadence/contracts';
import { ApiError, Button, NETWORK_ERROR_MESSAGE, useApi, useAuth } from '@paycadence/web-kit';
import { useEffect, useState } from 'react';
import './confirm-email.css';

type Note = { tone: 'done' | 'wait'; text: string } | null;

/**
 * The calm request to confirm the address, shown until it is confirmed. Planning works without it; reminders and
 * household invitations wait for it (docs/email-addresses.md). The account is read again when the banner first
 * shows, since the link is often opened on another device.
 */
export function ConfirmEmailBanner() {
  const { user, updateUser } = useAuth();
  const api = useApi();
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<Note>(null);
  const unconfirmed = Boolean(user && !user.email_confirmed);

  useEffect(() => {
    if (!unconfirmed) return;
    let current = true;
    api
      .call(AUTH_ENDPOINTS.me)
      .then(({ user: fresh }) => {
        // The profile answer carries the SSN digits; the session's copy of the user never does.
        const { ssn: _ssn, ...withoutSsn } = fresh;
        if (current && fresh.email_confirmed) updateUser(withoutSsn);
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
    // Once per mount: a confirmation elsewhere shows at the next visit of the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [unconfirmed]);

  if (!user || user.email_confirmed) return null;

  const resend = async () => {
    setBusy(true);
    setNote(null);
    try {
      const answer = await api.call(AUTH_ENDPOINTS.resendConfirmation, { body: {} });
      setNote({ tone: 'done', text: answer.message });
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 0)
        setNote({ tone: 'wait', text: NETWORK_ERROR_MESSAGE });
      else if (failure instanceof ApiError && failure.message)
        setNote({ tone: 'wait', text: failure.message });
      else setNote({ tone: 'wait', text: EMAIL_CONFIRMATION_MESSAGES.failed });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="ce-banner" aria-labelledby="ce-banner-title">
      <div className="ce-banner__text">
        <h2 id="ce-banner-title" className="ce-banner__title">
          {EMAIL_CONFIRMATION_MESSAGES.bannerTitle}
        </h2>
        <p className="ce-banner__body">{EMAIL_CONFIRMATION_MESSAGES.banner(user.email)}</p>
        <p
          className={note ? `ce-banner__note ce-banner__note--${note.tone}` : 'ce-banner__note'}
          role="status"
          aria-live="polite"
        >
          {note?.text ?? ''}
        </p>
      </div>
      <Button variant="secondary" size="sm" busy={busy} busyText="Sending..." onClick={resend}>
        {EMAIL_CONFIRMATION_MESSAGES.resend}
      </Button>
    </section>
  );
}
