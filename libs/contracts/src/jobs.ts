import { z } from 'zod';
import { AuditEventSchema } from './admin.js';

// Background jobs (docs/conventions.md §4): queue and job names are string constants, payloads are zod schemas,
// and every job id is derived from its payload, so adding the same job twice while one is pending is a
// no-op. BullMQ refuses ':' in custom ids, hence `<key>.<job>` rather than `<key>:<job>`.

/** The BullMQ queues of the product; a worker processes whole queues. */
export const QUEUES = {
  /** docs/architecture.md: the bank-sync worker imports from Plaid (scheduled and on demand). */
  bankSync: 'bank-sync',
  /** Audit events from auth, stored by the admin service (which owns the log). */
  audit: 'audit',
  /** Finance's worker finds reminders due in each user's time zone and e-mails them. */
  reminders: 'reminders',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

/**
 * bank-sync's REDIS_KEY_PREFIX unless a deployment sets another: its BullMQ keys live under it, so every
 * producer of its queue (finance's sync fallback) must use the same one.
 */
export const BANK_SYNC_DEFAULT_KEY_PREFIX = 'bank-sync:';

export interface JobDefinition<Payload extends z.ZodType = z.ZodType> {
  queue: QueueName;
  payload: Payload;
  /** Deterministic id from the validated payload (no ':'; BullMQ reserves it). Method syntax on purpose:
   * any definition is then usable where a `JobDefinition` of no particular payload is expected. */
  jobId(payload: z.output<Payload>): string;
  /**
   * How often a failed run is tried in all, and the first retry's delay (it doubles each time). A handler
   * fails a job for good (no retry) with BullMQ's UnrecoverableError. Default: 3 attempts, 5 s.
   */
  retry?: { attempts: number; backoffMs: number };
  /**
   * Keep a job that failed for good (its last attempt, or UnrecoverableError) in the queue's failed set instead
   * of deleting it, for jobs whose loss would go unnoticed (audit events). Trade-off: the kept job holds its
   * deterministic id, so adding the same payload again is a no-op until an operator retries or removes it;
   * right for ids unique per event, wrong for ids that collapse recurring work (sync-item). Default: deleted.
   */
  keepFailed?: boolean;
}

/** Keeps the payload type of `jobId` tied to the schema. */
const defineJob = <Payload extends z.ZodType>(definition: JobDefinition<Payload>) => definition;

/** Ids are our own row ids (uuid), never a Plaid identifier. */
export const SyncItemJobSchema = z.object({ userId: z.uuid(), itemId: z.uuid() }).strict();
export type SyncItemJob = z.infer<typeof SyncItemJobSchema>;

export const SyncUserJobSchema = z.object({ userId: z.uuid() }).strict();
export type SyncUserJob = z.infer<typeof SyncUserJobSchema>;

/** A bank-sync worker's periodic look for items whose polling slot has come; one scheduler for all workers. */
export const SweepSyncsJobSchema = z.object({}).strict();
export type SweepSyncsJob = z.infer<typeof SweepSyncsJobSchema>;

/** A finance worker's periodic look for reminders due now; one scheduler, whichever worker runs it. */
export const ScanRemindersJobSchema = z.object({}).strict();
export type ScanRemindersJob = z.infer<typeof ScanRemindersJobSchema>;

/**
 * Plan one user's reminders: the scan found their next reminder moment due (`moment`: its epoch ms, or 'stale'
 * when something that decides it changed). `version` is the settings row's plan version when the scan read it, so
 * every change gets a job of its own; the plan is made from the data as it is when the job runs (docs/reminders.md).
 */
export const PlanRemindersJobSchema = z
  .object({
    userId: z.uuid(),
    version: z.number().int().nonnegative(),
    moment: z.union([z.literal('stale'), z.number().int()]),
  })
  .strict();
export type PlanRemindersJob = z.infer<typeof PlanRemindersJobSchema>;

export const REMINDER_KINDS = ['bill-due', 'payday'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];
/**
 * One reminder e-mail: a bill occurrence (`itemId` the bill, `date` its due date) or a payday (`itemId` the
 * income source, `date` the pay date). The same reminder always has the same id, so a second scan, a second
 * worker or a restart adds nothing while it waits; finance's delivery ledger keeps it sent once after that.
 */
export const SendReminderJobSchema = z
  .object({ userId: z.uuid(), kind: z.enum(REMINDER_KINDS), itemId: z.uuid(), date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) })
  .strict();
export type SendReminderJob = z.infer<typeof SendReminderJobSchema>;
/** The reminder's key in finance's delivery ledger and (':' → '.') its job id. */
export const reminderKey = ({ userId, kind, itemId, date }: SendReminderJob): string => `reminder:${userId}:${itemId}:${date}:${kind}`;

export const JOBS = {
  /**
   * Store one audit event (auth → admin); the id is the event's own, so a retried enqueue stores it once.
   * Audit events must not vanish: 20 attempts, doubling from 1 s. BullMQ's backoff has no
   * cap, so the attempts bound it: the 19 waits add up to 2^19 − 1 s ≈ 6 days, the longest about 3 days, and
   * every wait equals the time already spent failing, so after an outage of length T (the admin database down)
   * the event is stored within about T more. A job failing even then is kept in the failed set (keepFailed).
   */
  'record-audit': defineJob({
    queue: QUEUES.audit,
    payload: AuditEventSchema,
    jobId: ({ id }) => `${id}.audit`,
    retry: { attempts: 20, backoffMs: 1_000 },
    keepFailed: true,
  }),
  /** Import one linked bank item's accounts and transactions (/transactions/sync from its cursor). */
  // Retried on Plaid's 429 / 500 / network failures: 5 s, 10 s, 20 s, 40 s, 80 s.
  'sync-item': defineJob({ queue: QUEUES.bankSync, payload: SyncItemJobSchema, jobId: ({ itemId }) => `${itemId}.sync`, retry: { attempts: 6, backoffMs: 5_000 } }),
  /** docs/product/signed-in.md §7 fullDataSync(userId): queue a sync of every item the user linked. */
  'sync-user': defineJob({ queue: QUEUES.bankSync, payload: SyncUserJobSchema, jobId: ({ userId }) => `${userId}.sync-user` }),
  /**
   * Queue a `sync-item` for every active item whose `next_sync_at` has come (PostgreSQL holds the schedule, not
   * Redis: services/bank-sync/README.md). One run at a time per id; a failed run is simply the next minute's.
   */
  'sweep-syncs': defineJob({
    queue: QUEUES.bankSync,
    payload: SweepSyncsJobSchema,
    jobId: () => 'bank-sync.sweep',
    retry: { attempts: 1, backoffMs: 1_000 },
  }),
  /** Recurring bill and income detection for one user after a sync; the id collapses a burst of syncs. */
  'detect-recurring': defineJob({ queue: QUEUES.bankSync, payload: SyncUserJobSchema, jobId: ({ userId }) => `${userId}.detect` }),
  /** Look for reminders due now (every few minutes, and once when a worker starts). */
  'scan-reminders': defineJob({ queue: QUEUES.reminders, payload: ScanRemindersJobSchema, jobId: () => 'reminders.scan', retry: { attempts: 1, backoffMs: 1_000 } }),
  /** Plan one user's reminders (queued by the scan); one job per user, version and moment. */
  'plan-reminders': defineJob({
    queue: QUEUES.reminders,
    payload: PlanRemindersJobSchema,
    jobId: ({ userId, version, moment }) => `${userId}.v${version}.${moment}.plan`,
  }),
  /** Send one reminder e-mail; retried on a mail or directory failure (30 s, 1 min, 2 min, 4 min). */
  'send-reminder': defineJob({
    queue: QUEUES.reminders,
    payload: SendReminderJobSchema,
    jobId: (job) => reminderKey(job).replace(/:/g, '.'),
    retry: { attempts: 5, backoffMs: 30_000 },
  }),
} as const;

export type JobName = keyof typeof JOBS;
export type JobPayload<Name extends JobName> = z.output<(typeof JOBS)[Name]['payload']>;
export const JOB_NAMES = Object.keys(JOBS) as JobName[];

/** The jobs a worker of `queue` must handle. */
export const jobsOfQueue = (queue: QueueName): JobName[] => JOB_NAMES.filter((name) => JOBS[name].queue === queue);
