import {
  billerLetter,
  billerPhoneScript,
  dayOfMonthName,
  FINANCE_ENDPOINTS,
  MOVE_EFFECTIVE_DAYS_AHEAD,
  MOVE_EFFECTIVE_DAYS_BACK,
  MOVE_EXPECTATIONS,
  PLANNER_MESSAGES,
  type DueDateMoveDto,
  type DueDateMoveUpdate,
  type PlannedMoveDto,
} from '@paycadence/contracts';
import { addDays } from '@paycadence/finance-rules';
import { Alert, ApiError, Badge, Button, TextField, type ApiClient, type BadgeTone } from '@paycadence/web-kit';
import { useId, useState, type FormEvent } from 'react';
import { useForecastFormat } from '../components/forecast/forecast-format.js';
import { CHECKLIST_STEPS, STATUS_LABELS } from './planner-text.js';

const STATUS_TONES: Record<DueDateMoveDto['status'], BadgeTone> = { planned: 'neutral', asked: 'info', confirmed: 'success', declined: 'warning' };

/** The id of a checklist card's heading: where focus goes after a step. */
export const savedMoveHeadingId = (moveId: string) => `pl-saved-${moveId}`;

export interface SavedMoveCardProps {
  move: DueDateMoveDto;
  api: ApiClient;
  accountHolder: string;
  today: string;
  /** The paycheck day the new due day follows (the letter's reason); null when none is known. */
  paydayDay: number | null;
  /** The plan's move for this bill, for its month of change; absent once the plan no longer lists it. */
  planned?: PlannedMoveDto;
  /** After a step was saved: the words to announce, and the data to reload. */
  onChanged: (message: string, focusId: string | null) => void;
}

const failure = (error: unknown) => (error instanceof Error && error.message ? error.message : 'That did not work. Please try again.');

/**
 * One move under way with a biller: the phone script and the letter (copy, print, e-mail), what to expect, and the
 * checklist Planned → Asked → Confirmed (with the date it takes effect) or Declined.
 */
export function SavedMoveCard({ move, api, accountHolder, today, paydayDay, planned, onChanged }: SavedMoveCardProps) {
  const format = useForecastFormat();
  const id = useId();
  const headingId = savedMoveHeadingId(move.id);
  const letterId = `${id}-letter`;
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [effectiveDate, setEffectiveDate] = useState('');
  const [dateError, setDateError] = useState<string | null>(null);
  const request = { accountHolder, billName: move.billName, fromDay: move.fromDay, toDay: move.toDay, paydayDay };
  const letter = billerLetter(request, format.date(today));
  const open = move.status === 'planned' || move.status === 'asked';
  const earliest = addDays(today, -MOVE_EFFECTIVE_DAYS_BACK);
  const latest = addDays(today, MOVE_EFFECTIVE_DAYS_AHEAD);

  const run = async (name: string, work: () => Promise<string>, focusAfter: string | null = headingId) => {
    setBusy(name);
    setError(null);
    setNote(null);
    try {
      const message = await work();
      onChanged(message, focusAfter);
    } catch (caught) {
      if (caught instanceof ApiError && caught.errors.effectiveDate) setDateError(caught.errors.effectiveDate);
      else setError(failure(caught));
    } finally {
      setBusy(null);
    }
  };
  const update = (body: DueDateMoveUpdate) => api.call(FINANCE_ENDPOINTS.updateDueDateMove, { params: { id: move.id }, body });

  const copy = async () => {
    setError(null);
    try {
      await navigator.clipboard.writeText(letter);
      setNote('The letter is copied. Paste it into an e-mail or the message form on the biller’s website.');
    } catch {
      setNote('Copying is not allowed here: select the letter’s text and copy it yourself.');
    }
  };

  // Prints the letter alone: the print stylesheet hides everything else while the body carries pl-printing.
  const print = () => {
    const element = document.getElementById(letterId);
    if (!element) return;
    const done = () => {
      document.body.classList.remove('pl-printing');
      element.classList.remove('pl-letter--printed');
      window.removeEventListener('afterprint', done);
    };
    document.body.classList.add('pl-printing');
    element.classList.add('pl-letter--printed');
    window.addEventListener('afterprint', done);
    window.print();
  };

  const email = async () => {
    setBusy('email');
    setError(null);
    setNote(null);
    try {
      const answer = await api.call(FINANCE_ENDPOINTS.emailDueDateLetter, { params: { id: move.id } });
      setNote(answer.message);
    } catch (caught) {
      setError(failure(caught));
    } finally {
      setBusy(null);
    }
  };

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    if (!effectiveDate) return setDateError(PLANNER_MESSAGES.effectiveDateRequired);
    if (effectiveDate < earliest || effectiveDate > latest) return setDateError(PLANNER_MESSAGES.effectiveDateRange);
    setDateError(null);
    void run('confirm', async () => {
      await update({ status: 'confirmed', effectiveDate });
      return `${move.billName} is confirmed: due on the ${dayOfMonthName(move.toDay)} from ${format.date(effectiveDate)}.`;
    });
  };

  const stepIndex = move.status === 'declined' ? 2 : CHECKLIST_STEPS.indexOf(move.status);
  const steps = move.status === 'declined' ? (['planned', 'asked', 'declined'] as const) : CHECKLIST_STEPS;

  return (
    <li className="pl-card pl-saved" aria-labelledby={headingId} data-testid="saved-move">
      <div className="pl-move__top">
        <h3 id={headingId} className="pl-move__title" tabIndex={-1}>
          {move.billName}: the {dayOfMonthName(move.fromDay)} <span aria-hidden="true">→</span>
          <span className="pc-visually-hidden"> to</span> the {dayOfMonthName(move.toDay)}
        </h3>
        <Badge tone={STATUS_TONES[move.status]}>{STATUS_LABELS[move.status]}</Badge>
      </div>

      <ol className="pl-steps" aria-label={`Steps for ${move.billName}`}>
        {steps.map((step, i) => (
          <li
            key={step}
            className={i < stepIndex ? 'pl-steps__item pl-steps__item--done' : i === stepIndex ? 'pl-steps__item pl-steps__item--current' : 'pl-steps__item'}
            aria-current={i === stepIndex ? 'step' : undefined}
          >
            {STATUS_LABELS[step]}
            {i < stepIndex && <span className="pc-visually-hidden"> (done)</span>}
          </li>
        ))}
      </ol>

      {move.status === 'confirmed' && move.effectiveDate && (
        <p className="pl-ok">
          From {format.date(move.effectiveDate)} your {move.billName} is due on the {dayOfMonthName(move.toDay)} of each month.
        </p>
      )}
      {move.status === 'declined' && <p>The biller said no: {move.billName} stays due on the {dayOfMonthName(move.fromDay)}.</p>}

      <div role="status" aria-live="polite" className="pl-note-region">
        {note && <p className="pl-done">{note}</p>}
      </div>
      {error && <Alert tone="error">{error}</Alert>}

      {open && (
        <>
          <h4 className="pl-subtitle">On the phone</h4>
          <p className="pl-script">{billerPhoneScript(request)}</p>

          <h4 className="pl-subtitle" id={`${id}-letter-title`}>
            The letter
          </h4>
          <pre id={letterId} className="pl-letter" role="region" aria-labelledby={`${id}-letter-title`}>
            {letter}
          </pre>
          <div className="pl-actions">
            <Button variant="secondary" size="sm" onClick={() => void copy()} aria-describedby={headingId}>
              Copy the letter
            </Button>
            <Button variant="secondary" size="sm" onClick={print} aria-describedby={headingId}>
              Print the letter
            </Button>
            <Button variant="secondary" size="sm" onClick={() => void email()} busy={busy === 'email'} busyText="Sending..." aria-describedby={headingId}>
              E-mail it to me
            </Button>
          </div>

          <h4 className="pl-subtitle">What to expect</h4>
          <ul className="pl-expect">
            {MOVE_EXPECTATIONS.map((line) => (
              <li key={line}>{line}</li>
            ))}
            {planned && (
              <li data-testid="move-transition">
                For {move.billName}: the last payment on the {dayOfMonthName(move.fromDay)} is due {format.date(planned.transition.lastOldDate)} and the
                first on the {dayOfMonthName(move.toDay)} {format.date(planned.transition.firstNewDate)}, {planned.transition.daysBetween}{' '}
                {planned.transition.daysBetween === 1 ? 'day' : 'days'} apart: {format.money(planned.transition.amountCents)} each.
              </li>
            )}
          </ul>
        </>
      )}

      {confirming && move.status === 'asked' ? (
        <form className="pl-edit" onSubmit={confirm} noValidate aria-label={`Confirm the move of ${move.billName}`}>
          <TextField
            label="Date the new due day takes effect"
            name="effectiveDate"
            type="date"
            value={effectiveDate}
            min={earliest}
            max={latest}
            required
            hint="The first bill the biller said is due on the new day."
            error={dateError}
            onChange={(event) => {
              setEffectiveDate(event.target.value);
              setDateError(null);
            }}
            id={`${id}-effective`}
          />
          <div className="pl-actions">
            <Button type="submit" busy={busy === 'confirm'} busyText="Saving...">
              Save confirmation
            </Button>
            <Button
              variant="secondary"
              onClick={() => {
                setConfirming(false);
                setDateError(null);
              }}
            >
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        open && (
          <div className="pl-actions pl-actions--steps">
            {move.status === 'planned' && (
              <Button
                onClick={() =>
                  void run('asked', async () => {
                    await update({ status: 'asked' });
                    return `${move.billName} is marked asked. Mark it confirmed when the biller tells you the date.`;
                  })
                }
                busy={busy === 'asked'}
                busyText="Saving..."
                aria-describedby={headingId}
              >
                I asked them
              </Button>
            )}
            {move.status === 'asked' && (
              <>
                <Button
                  onClick={() => {
                    setConfirming(true);
                    // The date field appears in place of the buttons: focus follows.
                    setTimeout(() => document.getElementById(`${id}-effective`)?.focus(), 0);
                  }}
                  aria-describedby={headingId}
                >
                  They confirmed
                </Button>
                <Button
                  variant="secondary"
                  onClick={() =>
                    void run('declined', async () => {
                      await update({ status: 'declined' });
                      return `${move.billName} is marked declined: it stays due on the ${dayOfMonthName(move.fromDay)}.`;
                    })
                  }
                  busy={busy === 'declined'}
                  busyText="Saving..."
                  aria-describedby={headingId}
                >
                  They declined
                </Button>
              </>
            )}
            <Button
              variant="danger"
              onClick={() =>
                void run(
                  'remove',
                  async () => {
                    await api.call(FINANCE_ENDPOINTS.deleteDueDateMove, { params: { id: move.id } });
                    return `The move of ${move.billName} is removed.`;
                  },
                  null,
                )
              }
              busy={busy === 'remove'}
              busyText="Removing..."
              aria-describedby={headingId}
            >
              Remove
            </Button>
          </div>
        )
      )}
    </li>
  );
}
