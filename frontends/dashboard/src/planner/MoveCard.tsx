import { dayOfMonthName, FIRST_DUE_DAY, LAST_DUE_DAY, type PlannedMoveDto } from '@paycadence/contracts';
import { Alert, Badge, Button, Select } from '@paycadence/web-kit';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Money } from '../components/Money.js';
import { paydayPhrase } from './planner-text.js';

export interface AllowedDays {
  min: number;
  max: number;
}

/** What the person did with a card, busy until the plan (or the checklist) answers. */
export type MoveAction = 'accept' | 'keep' | 'edit';

export interface MoveCardProps {
  move: PlannedMoveDto;
  /** The days the bill's biller allows (the bill's due_day_min..max); any day when unknown. */
  allowed: AllowedDays | null;
  busy: MoveAction | null;
  /** Another card's action is running: this one waits. */
  locked?: boolean;
  error: string | null;
  onAccept: () => void;
  onKeep: () => void;
  onChooseDay: (day: number) => void;
}

/** The id of a card's heading: where focus goes after the plan changes it. */
export const moveCardHeadingId = (billId: string) => `pl-move-${billId}`;

/**
 * One proposed move: "Phone: the 5th → the 27th, 2 days after your Teacher salary on the 25th", its amount, and
 * Accept, Keep where it is and Edit (another day the biller allows, previewed before anything is saved).
 */
export function MoveCard({ move, allowed, busy, locked = false, error, onAccept, onKeep, onChooseDay }: MoveCardProps) {
  const formId = useId();
  const [editing, setEditing] = useState(false);
  const range = allowed ?? { min: FIRST_DUE_DAY, max: LAST_DUE_DAY };
  const days = Array.from({ length: range.max - range.min + 1 }, (_, i) => range.min + i).filter((day) => day !== move.fromDay);
  const [day, setDay] = useState(String(days.includes(move.toDay) ? move.toDay : (days[0] ?? move.toDay)));
  const phrase = paydayPhrase(move);
  const headingId = moveCardHeadingId(move.billId);
  // Opening the day chooser puts focus on it; Cancel puts it back on Edit.
  const returnToEdit = useRef(false);
  useEffect(() => {
    if (editing) document.getElementById(`${formId}-day`)?.focus();
    else if (returnToEdit.current) document.getElementById(`${formId}-edit`)?.focus();
    returnToEdit.current = false;
  }, [editing, formId]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setEditing(false);
    onChooseDay(Number(day));
  };

  return (
    <li className="pl-card pl-move" aria-labelledby={headingId} data-testid="planned-move">
      <div className="pl-move__top">
        <h3 id={headingId} className="pl-move__title" tabIndex={-1}>
          {move.billName}: the {dayOfMonthName(move.fromDay)} <span aria-hidden="true">→</span>
          <span className="pc-visually-hidden"> to</span> the {dayOfMonthName(move.toDay)}
        </h3>
        <Money cents={move.amountCents} className="pl-move__amount" />
      </div>
      <p className="pl-move__why">{phrase ? `${phrase.charAt(0).toUpperCase()}${phrase.slice(1)}.` : 'Closer to when you are paid.'}</p>
      {(move.chosenBy === 'person' || move.householdId) && (
        <p className="pl-move__badges">
          {move.chosenBy === 'person' && <Badge tone="primary">Your choice</Badge>}
          {move.householdId && <Badge tone="info">Household bill</Badge>}
        </p>
      )}
      {move.flexibility === 'unknown' && (
        <p className="pl-note">
          <strong>Ask whether they allow it.</strong> You have not said whether this biller lets you change the due date.
        </p>
      )}
      {error && <Alert tone="error">{error}</Alert>}
      {editing ? (
        <form className="pl-edit" onSubmit={submit} aria-label={`Another due day for ${move.billName}`}>
          <Select
            label="New due day"
            name="toDay"
            value={day}
            onChange={(event) => setDay(event.target.value)}
            options={days.map((d) => ({ value: String(d), label: `The ${dayOfMonthName(d)}` }))}
            hint={allowed && (allowed.min > FIRST_DUE_DAY || allowed.max < LAST_DUE_DAY) ? `This biller allows the ${dayOfMonthName(range.min)} to the ${dayOfMonthName(range.max)}.` : undefined}
            id={`${formId}-day`}
          />
          <div className="pl-actions">
            <Button type="submit">Preview this day</Button>
            <Button
              variant="secondary"
              onClick={() => {
                returnToEdit.current = true;
                setEditing(false);
              }}
            >
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <div className="pl-actions">
          {/* The card's heading describes each button, so "Accept" is never heard without its bill. */}
          <Button onClick={onAccept} busy={busy === 'accept'} busyText="Accepting..." disabled={busy !== null || locked} aria-describedby={headingId}>
            Accept
          </Button>
          <Button variant="secondary" onClick={onKeep} busy={busy === 'keep'} busyText="Updating the plan..." disabled={busy !== null || locked} aria-describedby={headingId}>
            Keep where it is
          </Button>
          <Button
            id={`${formId}-edit`}
            variant="ghost"
            onClick={() => setEditing(true)}
            busy={busy === 'edit'}
            busyText="Updating the plan..."
            disabled={busy !== null || locked}
            aria-describedby={headingId}
          >
            Edit
          </Button>
        </div>
      )}
    </li>
  );
}
