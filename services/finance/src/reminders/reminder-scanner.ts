import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { CLOCK, JobHandler, JobProducer, type Clock } from '@paycadence/nest-kit';
import type { DataSource } from 'typeorm';

/** Due users read per query (keyset pages on the next-moment index). */
const SCAN_PAGE = 1_000;

/**
 * How long a delivery stays in the ledger. Past its occurrence a row keeps nothing from being sent twice (plans
 * look ahead only); it is kept this long because its e-mail's unsubscribe link finds its owner through it.
 */
export const REMINDER_LEDGER_KEEP_DAYS = 180;
/** Ledger rows deleted per scan, so pruning a backlog never holds a scan up. */
const PRUNE_BATCH = 5_000;

interface DueRow {
  user_id: string;
  plan_version: string;
  at: string;
  moment: string | null;
}

/**
 * The periodic look for reminders due (the 'scan-reminders' job, every REMINDERS_SCAN_EVERY_MS and when a worker
 * starts). It reads only the users whose next reminder moment has come, from the index on it, and queues one
 * 'plan-reminders' job per user: its work grows with the reminders due, not with the users (docs/reminders.md).
 * Job ids carry the user, the plan version and the moment, so overlapping scans (two workers, a restart) add
 * nothing twice.
 */
@Injectable()
export class ReminderScanner {
  private readonly logger = new Logger('Reminders');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(JobProducer) private readonly jobs: JobProducer,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @JobHandler('scan-reminders')
  async scanJob(): Promise<void> {
    await this.scan();
    await this.prune();
  }

  /** Resolves with how many users it queued a plan for. */
  async scan(): Promise<number> {
    const now = this.clock.now();
    let queued = 0;
    let after: DueRow | null = null;
    for (;;) {
      const page: DueRow[] = await this.dataSource.query(
        `SELECT user_id, plan_version, next_reminder_at::text AS at,
                CASE WHEN isfinite(next_reminder_at) THEN (extract(epoch FROM next_reminder_at) * 1000)::bigint END AS moment
           FROM reminder_settings
          WHERE next_reminder_at <= $1 AND (next_reminder_at, user_id) > ($2::timestamptz, $3)
          ORDER BY next_reminder_at, user_id
          LIMIT ${SCAN_PAGE}`,
        [now, after?.at ?? '-infinity', after?.user_id ?? ''],
      );
      // One round trip to Redis per page: a million users with 1% due is ten of them.
      await this.jobs.enqueueMany(
        'plan-reminders',
        page.map((row) => ({
          userId: row.user_id,
          version: Number(row.plan_version),
          moment: row.moment === null ? ('stale' as const) : Number(row.moment),
        })),
      );
      queued += page.length;
      if (page.length < SCAN_PAGE) break;
      after = page[page.length - 1]!;
    }
    return queued;
  }

  /** Deletes ledger rows older than REMINDER_LEDGER_KEEP_DAYS (a batch per scan); resolves with how many. */
  async prune(): Promise<number> {
    const cutoff = new Date(this.clock.now().getTime() - REMINDER_LEDGER_KEEP_DAYS * 86_400_000);
    const [, deleted] = (await this.dataSource.query(
      `DELETE FROM reminder_deliveries WHERE (reminder_key, channel) IN (
         SELECT reminder_key, channel FROM reminder_deliveries WHERE sent_at < $1 ORDER BY sent_at LIMIT ${PRUNE_BATCH})`,
      [cutoff],
    )) as [unknown, number];
    if (deleted > 0)
      this.logger.log(
        `reminder ledger: ${deleted} row(s) older than ${REMINDER_LEDGER_KEEP_DAYS} days pruned`,
      );
    return deleted;
  }
}
