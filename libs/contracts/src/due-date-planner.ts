// The due-date planner (ours; docs/due-date-planner.md): which bills to ask the biller to move to which day of the
// month, the projected balance before and after, and each move's journey with the biller (planned, asked,
// confirmed with the day it takes effect, declined). The plan is computed by libs/finance-rules planDueDates on
// the server; money is integer cents, dates 'YYYY-MM-DD', days of the month 1-31 (31: the month's last day).
import { z } from 'zod';
import { isoDateSchema, LAST_DUE_DAY, FIRST_DUE_DAY } from './finance.js';

const cents = z.number().int();
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const dayOfMonth = z.number().int().min(FIRST_DUE_DAY).max(LAST_DUE_DAY);

export const DUE_DATE_PLAN_PATH = '/api/financial/due-date-plan';
export const DUE_DATE_PLAN_PREVIEW_PATH = '/api/financial/due-date-plan/preview';
export const DUE_DATE_MOVES_PATH = '/api/financial/due-date-moves';
/** The planner's page in the app; `?household=<id>` plans that household's shared bills. */
export const PLANNER_PAGE_PATH = '/planner';

/** How far back and ahead a confirmed change may say it takes effect: a bill already changed last month, or up to a year on. */
export const MOVE_EFFECTIVE_DAYS_BACK = 62;
export const MOVE_EFFECTIVE_DAYS_AHEAD = 366;
/** At most this many person's choices in one preview (a person has at most 500 bills; a plan moves far fewer). */
export const MAX_PLAN_CHOICES = 500;

export const DUE_DATE_MOVE_STATUSES = ['planned', 'asked', 'confirmed', 'declined'] as const;
export type DueDateMoveStatus = (typeof DUE_DATE_MOVE_STATUSES)[number];

export const PLANNER_MESSAGES = {
  moveNotFound: 'Planned move not found',
  billNotMovable: 'This bill is marked as one whose due date cannot change. Change that in the bill first.',
  billNotMonthly: 'Only a bill that repeats monthly, quarterly or yearly can move to another day of the month',
  dayOutOfRange: (min: number, max: number) => `Choose a due day from ${min} to ${max}: the days this biller allows`,
  sameDay: 'The bill is already due on that day',
  moveOpen: 'This bill already has a move in progress. Finish or remove it first.',
  effectiveDateRequired: 'Enter the date the new due day takes effect',
  effectiveDateRange: 'The date it takes effect must be within the last two months or the coming year',
  confirmedFinal: 'This move is confirmed: the bill already uses its new due day',
  sharedReadOnly: "Only the household's owners and partners can move its shared bills",
} as const;

// ---------------------------------------------------------------------------------------------------------
// The plan

const PaydaySchema = z.object({ date: isoDate, source: z.string(), amountCents: cents });

export const PlannedMoveSchema = z.object({
  billId: z.string(),
  billName: z.string(),
  amountCents: cents,
  flexibility: z.enum(['yes', 'unknown']),
  fromDay: dayOfMonth,
  toDay: dayOfMonth,
  /** The paycheck the new day follows, and how many days after it; null when none lands before it in the horizon. */
  payday: PaydaySchema.nullable(),
  daysAfterPayday: z.number().int().nullable(),
  /** 'person': a day the person chose in the planner (kept as chosen); 'planner': computed. */
  chosenBy: z.enum(['planner', 'person']),
  /** The month of the change: the last payment on the old day and the first on the new (two may land close together). */
  transition: z.object({ lastOldDate: isoDate, firstNewDate: isoDate, daysBetween: z.number().int(), amountCents: cents }),
  /** Shared bills: the household, and whether the person may move it (owners and partners). */
  householdId: z.string().nullable(),
});
export type PlannedMoveDto = z.infer<typeof PlannedMoveSchema>;

export const PlanOutcomeSchema = z.object({
  lowestBalanceCents: cents,
  lowestDate: isoDate,
  /** Days below the low-balance threshold over the whole horizon (six months). */
  daysBelowThreshold: z.number().int(),
  firstDayBelow: isoDate.nullable(),
  /** today .. today + chartDays: the balance at each day's end. */
  days: z.array(z.object({ date: isoDate, balanceCents: cents })),
  /** Each paycheck in the horizon and the bills it carries until the next one. */
  paycheckLoads: z.array(z.object({ date: isoDate, source: z.string(), amountCents: cents, billsCents: cents })),
});
export type PlanOutcomeDto = z.infer<typeof PlanOutcomeSchema>;

/**
 * Income that is not a calendar: a school year's unpaid months ('pay-gap') or pay with a lean amount ('variable-pay').
 * The plan is made on the lean figures; this says what to set aside from each paycheck before the lean stretch.
 */
export const LeanIncomeSchema = z.object({
  reason: z.enum(['pay-gap', 'variable-pay']),
  incomeId: z.string(),
  source: z.string(),
  /** What a paycheck is planned at (the lean amount of variable pay), and the typical one. */
  plannedAmountCents: cents,
  typicalAmountCents: cents,
  /** The lean stretch, both days inclusive (today when it has begun). */
  startDate: isoDate,
  endDate: isoDate,
  bills: z.array(z.object({ billId: z.string(), billName: z.string(), dueDate: isoDate, amountCents: cents })),
  billsCents: cents,
  /** What other income brings in the stretch (for variable pay, the stretch's own lean paycheck too). */
  otherIncomeCents: cents,
  /** billsCents - otherIncomeCents, at least 0: what the paychecks before the stretch must put aside. */
  shortfallCents: cents,
  paychecksBefore: z.number().int(),
  /** shortfallCents over the paychecks before, rounded up to the cent; null when none comes before it. */
  setAsidePerPaycheckCents: cents.nullable(),
});
export type LeanIncomeDto = z.infer<typeof LeanIncomeSchema>;

/** A move the person started with the biller (stored), with its state in the checklist. */
export const DueDateMoveSchema = z.object({
  id: z.string(),
  billId: z.string(),
  billName: z.string(),
  amountCents: cents,
  fromDay: dayOfMonth,
  toDay: dayOfMonth,
  status: z.enum(DUE_DATE_MOVE_STATUSES),
  /** Confirmed: the first day the new due day applies. */
  effectiveDate: isoDate.nullable(),
  askedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  householdId: z.string().nullable(),
});
export type DueDateMoveDto = z.infer<typeof DueDateMoveSchema>;

export const DueDatePlanResponseSchema = z.object({
  today: isoDate,
  thresholdCents: cents,
  horizonDays: z.number().int(),
  chartDays: z.number().int(),
  base: z.enum(['bank', 'last-paycheck', 'none']),
  /** The household planned (its shared bills and income); null: the person's own view. */
  householdId: z.string().nullable(),
  moves: z.array(PlannedMoveSchema),
  before: PlanOutcomeSchema,
  after: PlanOutcomeSchema,
  /** The plan improves the money (fewer days below the threshold, a higher low, bills that follow a paycheck). */
  helps: z.boolean(),
  lean: LeanIncomeSchema.nullable(),
  /** The person's moves under way with billers (not declined ones older than the plan cares about). */
  savedMoves: z.array(DueDateMoveSchema),
  /** The account holder's name for the letter to the biller. */
  accountHolder: z.string(),
});
export type DueDatePlanResponse = z.infer<typeof DueDatePlanResponseSchema>;

const householdQueryField = z.string({ error: 'household_id must be a household id' }).uuid('household_id must be a household id').optional();
const todayField = isoDateSchema('today').optional();

/** GET /due-date-plan: the plan for the person's own view (their bills and the household bills they see), or one household's shared bills. */
export const DueDatePlanQuerySchema = z.object({ household_id: householdQueryField, today: todayField }).strict();
export type DueDatePlanQuery = z.infer<typeof DueDatePlanQuerySchema>;

/** POST /due-date-plan/preview: the plan with the person's own choices kept (a day, or null to keep the bill where it is). */
export const DueDatePlanPreviewSchema = z
  .object({
    household_id: householdQueryField,
    today: todayField,
    choices: z
      .array(z.object({ billId: z.string().uuid('billId must be a bill id'), toDay: dayOfMonth.nullable() }).strict(), { error: 'choices must be a list' })
      .max(MAX_PLAN_CHOICES, `At most ${MAX_PLAN_CHOICES} choices`)
      .refine((list) => new Set(list.map((c) => c.billId)).size === list.length, 'Choose once per bill'),
  })
  .strict();
export type DueDatePlanPreview = z.infer<typeof DueDatePlanPreviewSchema>;

// ---------------------------------------------------------------------------------------------------------
// The checklist

const toDayField = z
  .number({ error: 'toDay must be a day of the month (1 to 31)' })
  .int('toDay must be a whole day of the month')
  .min(FIRST_DUE_DAY, 'toDay must be a day of the month (1 to 31)')
  .max(LAST_DUE_DAY, 'toDay must be a day of the month (1 to 31)');

/** POST /due-date-moves: the person accepts a move (planned). The day it moves from is the bill's own, read by the server. */
export const DueDateMoveCreateSchema = z.object({ billId: z.string().uuid('billId must be a bill id'), toDay: toDayField }).strict();
export type DueDateMoveCreate = z.infer<typeof DueDateMoveCreateSchema>;

/**
 * PUT /due-date-moves/{id}: the next step. 'confirmed' needs the date the biller said the new day takes effect, and
 * changes the bill from then on; a confirmed move is final. `toDay` may change while the move is planned or asked.
 */
export const DueDateMoveUpdateSchema = z
  .object({
    status: z.enum(DUE_DATE_MOVE_STATUSES, { error: `status must be one of: ${DUE_DATE_MOVE_STATUSES.join(', ')}` }).optional(),
    effectiveDate: isoDateSchema('The date it takes effect').optional(),
    toDay: toDayField.optional(),
  })
  .strict()
  .refine((v) => v.status !== undefined || v.toDay !== undefined, { message: 'Send a status or a toDay', path: ['status'] })
  .refine((v) => v.status !== 'confirmed' || v.effectiveDate !== undefined, { message: PLANNER_MESSAGES.effectiveDateRequired, path: ['effectiveDate'] });
export type DueDateMoveUpdate = z.infer<typeof DueDateMoveUpdateSchema>;

export const DueDateMoveListSchema = z.object({ moves: z.array(DueDateMoveSchema) });
export type DueDateMoveList = z.infer<typeof DueDateMoveListSchema>;

/** POST /due-date-moves/{id}/letter: the letter to the biller, e-mailed to the person's own confirmed address. */
export const DueDateLetterSentSchema = z.object({ sent: z.literal(true), message: z.string() });
export type DueDateLetterSent = z.infer<typeof DueDateLetterSentSchema>;
export const LETTER_MESSAGES = {
  sent: 'The letter is on its way to your e-mail address.',
  unconfirmed: 'Confirm your e-mail address first: we only send mail to an address you have confirmed.',
  failed: 'The letter could not be sent right now. Please try again, or print or copy it instead.',
} as const;

// ---------------------------------------------------------------------------------------------------------
// What to say to the biller: one text for the page, the printout and the e-mail.

/** 1 -> '1st', 22 -> '22nd', 31 -> 'last day of the month'. */
export function dayOfMonthName(day: number): string {
  if (day >= LAST_DUE_DAY) return 'last day of the month';
  const tens = day % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[day % 10] ?? 'th';
  return `${day}${suffix}`;
}

export interface BillerRequest {
  accountHolder: string;
  billName: string;
  fromDay: number;
  toDay: number;
  /** Why the new day: the paycheck it follows ('my paycheck arrives on the 25th'); null when none. */
  paydayDay: number | null;
}

/** A short phone script, in the person's voice. */
export function billerPhoneScript(r: BillerRequest): string {
  const why =
    r.paydayDay === null
      ? 'It would line up better with when I am paid.'
      : `My paycheck arrives on the ${dayOfMonthName(r.paydayDay)}, so a due date on the ${dayOfMonthName(r.toDay)} lets me pay on time every month.`;
  return [
    `Hello, I am calling about my ${r.billName} account, in the name of ${r.accountHolder}.`,
    `My payment is due on the ${dayOfMonthName(r.fromDay)} of each month. I would like to change my due date to the ${dayOfMonthName(r.toDay)}.`,
    why,
    'Can you make that change, and tell me from which bill it takes effect and whether the bill in between changes?',
  ].join(' ');
}

/** The letter (or message through the biller's website) asking for the change. `today` is the date written on it. */
export function billerLetter(r: BillerRequest, today: string): string {
  const why =
    r.paydayDay === null
      ? 'A due date on that day lines up better with when I am paid.'
      : `My paycheck arrives on the ${dayOfMonthName(r.paydayDay)} of the month, so a due date on that day lets me pay in full and on time every month.`;
  return [
    today,
    '',
    `Re: changing the payment due date of my ${r.billName} account`,
    '',
    'Hello,',
    '',
    `I am writing to ask you to change the due date of my ${r.billName} account, held in the name of ${r.accountHolder}, from the ${dayOfMonthName(r.fromDay)} to the ${dayOfMonthName(r.toDay)} of each month.`,
    '',
    why,
    '',
    'Please let me know from which statement the new due date takes effect, and whether the payment in between is due on the old or the new date.',
    '',
    'Thank you,',
    r.accountHolder,
  ].join('\n');
}

/** What to expect once asked: the change can take one or two billing cycles, and two payments may land close together. */
export const MOVE_EXPECTATIONS = [
  'Billers usually make the change within one or two billing cycles; keep paying on the old date until they confirm.',
  'In the month of the change two payments may land close together: plan for both.',
  'Ask for the date the new due day takes effect, and mark the move confirmed with that date here.',
] as const;
