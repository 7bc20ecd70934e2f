import { CALENDAR_FEED_MESSAGES, FINANCE_ENDPOINTS, type CalendarFeedStatus } from '@paycadence/contracts';
import { Alert, Button, Card, Spinner, TextAreaField, formatDate, useAuth } from '@paycadence/web-kit';
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { calendarFeedLinks } from './calendar-feed-links';
import './calendar-feed.css';

type Confirming = 'regenerate' | 'turnOff' | null;
type Message = { tone: 'success' | 'error'; text: string };

const CONFIRM: Record<Exclude<Confirming, null>, { question: string; yes: string; no: string }> = {
  regenerate: { question: CALENDAR_FEED_MESSAGES.confirmRegenerate, yes: 'Yes, make a new link', no: 'Keep my current link' },
  turnOff: { question: CALENDAR_FEED_MESSAGES.confirmTurnOff, yes: 'Yes, turn it off', no: 'Keep it on' },
};

/**
 * Settings > Notifications: the private calendar feed. The link is shown only right after it is made
 * (the server keeps just its hash); regenerating or turning it off asks first, since the old link dies at once.
 */
export function CalendarFeedPanel() {
  const { api } = useAuth();
  const [status, setStatus] = useState<CalendarFeedStatus | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [links, setLinks] = useState<{ url: string; webcal: string } | null>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);
  const confirmRef = useRef<HTMLDivElement>(null);
  // Where the keyboard focus goes once the panel re-renders (the button it came from is gone by then).
  const [focusTarget, setFocusTarget] = useState<string | null>(null);
  const baseId = useId();
  const ids = {
    question: `${baseId}-question`,
    link: `${baseId}-link`,
    create: `${baseId}-create`,
    regenerate: `${baseId}-regenerate`,
    turnOff: `${baseId}-off`,
  };

  const load = useCallback(async () => {
    setLoadFailed(false);
    try {
      setStatus(await api.call(FINANCE_ENDPOINTS.calendarFeed));
    } catch {
      setLoadFailed(true);
    }
  }, [api]);
  useEffect(() => {
    void load();
  }, [load]);
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);
  useEffect(() => {
    if (focusTarget === null) return;
    document.getElementById(focusTarget)?.focus();
    setFocusTarget(null);
  }, [focusTarget]);

  const ask = (what: Exclude<Confirming, null>) => {
    setMessage(null);
    setConfirming(what);
  };

  const cancelConfirm = () => {
    setFocusTarget(confirming === 'turnOff' ? ids.turnOff : ids.regenerate);
    setConfirming(null);
  };

  /** Runs one change of the link: busy meanwhile, then its message and where the focus goes (or the failure). */
  const change = async (run: () => Promise<void>, successText: string, focusAfter: string) => {
    setBusy(true);
    setMessage(null);
    try {
      await run();
      setMessage({ tone: 'success', text: successText });
      setConfirming(null);
      setFocusTarget(focusAfter);
    } catch {
      setMessage({ tone: 'error', text: CALENDAR_FEED_MESSAGES.saveFailed });
    } finally {
      setBusy(false);
    }
  };

  const create = (successText: string) =>
    change(
      async () => {
        const created = await api.call(FINANCE_ENDPOINTS.createCalendarFeed);
        setStatus({ enabled: true, created_at: created.created_at });
        setLinks(calendarFeedLinks(created.path, window.location.origin));
      },
      successText,
      ids.link,
    );

  const turnOff = () =>
    change(
      async () => {
        await api.call(FINANCE_ENDPOINTS.revokeCalendarFeed);
        setStatus({ enabled: false, created_at: null });
        setLinks(null);
      },
      CALENDAR_FEED_MESSAGES.turnedOff,
      ids.create,
    );

  const copy = async () => {
    if (!links) return;
    try {
      await navigator.clipboard.writeText(links.url);
      setMessage({ tone: 'success', text: CALENDAR_FEED_MESSAGES.copied });
    } catch {
      (document.getElementById(ids.link) as HTMLTextAreaElement | null)?.select();
      setMessage({ tone: 'error', text: CALENDAR_FEED_MESSAGES.copyFailed });
    }
  };

  const onConfirmKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') cancelConfirm();
  };

  return (
    <Card title={CALENDAR_FEED_MESSAGES.title} titleLevel={2} className="pc-calfeed">
      <p className="pc-meta">{CALENDAR_FEED_MESSAGES.intro}</p>
      <p className="pc-meta pc-calfeed__privacy">
        <strong>{CALENDAR_FEED_MESSAGES.privacy}</strong>
      </p>

      {status === null && !loadFailed && <Spinner inline label="Loading calendar feed..." />}
      {loadFailed && (
        <>
          <Alert tone="error">{CALENDAR_FEED_MESSAGES.loadFailed}</Alert>
          <Button variant="secondary" onClick={() => void load()}>
            Try again
          </Button>
        </>
      )}

      {status && !status.enabled && (
        <Button id={ids.create} onClick={() => void create(CALENDAR_FEED_MESSAGES.created)} busy={busy} busyText="Creating...">
          {CALENDAR_FEED_MESSAGES.create}
        </Button>
      )}

      {status?.enabled && (
        <>
          {links ? (
            <div className="pc-calfeed__link">
              <TextAreaField
                id={ids.link}
                label={CALENDAR_FEED_MESSAGES.linkLabel}
                hint={CALENDAR_FEED_MESSAGES.shownOnce}
                value={links.url}
                readOnly
                rows={4}
                className="pc-calfeed__field"
                spellCheck={false}
                onFocus={(event) => event.currentTarget.select()}
              />
              <div className="pc-calfeed__actions">
                <Button variant="secondary" onClick={() => void copy()}>
                  {CALENDAR_FEED_MESSAGES.copy}
                </Button>
                <a className="pc-btn pc-btn--secondary pc-btn--md" href={links.webcal}>
                  {CALENDAR_FEED_MESSAGES.addToCalendar}
                </a>
              </div>
            </div>
          ) : (
            <p className="pc-calfeed__link">
              {CALENDAR_FEED_MESSAGES.enabledNoLink}
              {status.created_at && (
                <span className="pc-meta"> Made on {formatDate(status.created_at)}.</span>
              )}
            </p>
          )}
          {!confirming && (
            <div className="pc-calfeed__actions">
              <Button
                id={ids.regenerate}
                variant="secondary"
                onClick={() => ask('regenerate')}
                disabled={busy}
              >
                {CALENDAR_FEED_MESSAGES.regenerate}
              </Button>
              <Button id={ids.turnOff} variant="ghost" onClick={() => ask('turnOff')} disabled={busy}>
                {CALENDAR_FEED_MESSAGES.turnOff}
              </Button>
            </div>
          )}
        </>
      )}

      {confirming && (
        <div
          ref={confirmRef}
          className="pc-calfeed__confirm"
          role="group"
          aria-labelledby={ids.question}
          tabIndex={-1}
          onKeyDown={onConfirmKey}
        >
          <p id={ids.question}>{CONFIRM[confirming].question}</p>
          <div className="pc-calfeed__actions">
            <Button
              variant={confirming === 'turnOff' ? 'danger' : 'primary'}
              busy={busy}
              busyText="Working..."
              onClick={() => void (confirming === 'turnOff' ? turnOff() : create(CALENDAR_FEED_MESSAGES.regenerated))}
            >
              {CONFIRM[confirming].yes}
            </Button>
            <Button variant="secondary" onClick={cancelConfirm} disabled={busy}>
              {CONFIRM[confirming].no}
            </Button>
          </div>
        </div>
      )}

      {message && <Alert tone={message.tone}>{message.text}</Alert>}
    </Card>
  );
}
