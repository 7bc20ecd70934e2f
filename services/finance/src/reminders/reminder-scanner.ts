import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { reminderKey } from '@paycadence/contracts';
import { JobHandler, JobProducer } from '@paycadence/nest-kit';
import { In, MoreThan, type Repository } from 'typeorm';
import { ReminderDelivery } from './reminder-delivery.entity.js';
import { ReminderPlanner } from './reminder-planner.js';
import { ReminderSettingsRow } from './reminder-settings.entity.js';

/** Users read per query while scanning. */
const SCAN_PAGE = 200;

/**
 * The periodic look for reminders due now (the 'scan-reminders' job, every REMINDERS_SCAN_EVERY_MS and when a
 * worker starts): for each user who wants reminder e-mails, one 'send-reminder' job per reminder due and not yet
 * in the delivery ledger. Its id is the reminder's, so scans overlapping (two workers, a restart) add nothing twice.
 */
@Injectable()
export class ReminderScanner {
  private readonly logger = new Logger('Reminders');

  constructor(
    @InjectRepository(ReminderSettingsRow) private readonly settings: Repository<ReminderSettingsRow>,
    @InjectRepository(ReminderDelivery) private readonly deliveries: Repository<ReminderDelivery>,
    @Inject(ReminderPlanner) private readonly planner: ReminderPlanner,
    @Inject(JobProducer) private readonly jobs: JobProducer,
  ) {}

  @JobHandler('scan-reminders')
  async scanJob(): Promise<void> {
    await this.scan();
  }

  /** Resolves with how many send jobs it added. */
  async scan(): Promise<number> {
    let added = 0;
    let failed = 0;
    let after = '';
    for (;;) {
      const page = await this.settings.find({
        where: [
          { userId: MoreThan(after), bills: true },
          { userId: MoreThan(after), income: true },
        ],
        order: { userId: 'ASC' },
        take: SCAN_PAGE,
      });
      for (const row of page) {
        try {
          added += await this.enqueueDue(row);
        } catch {
          // One user's failure (household or the database slow) must not hold up everyone else's reminders; the
          // next scan tries again. No user id or data in the log (no user data in logs).
          failed += 1;
        }
      }
      if (page.length < SCAN_PAGE) break;
      after = page[page.length - 1]!.userId;
    }
    if (failed) this.logger.warn(`reminder scan: ${failed} user(s) could not be planned; the next scan retries`);
    return added;
  }

  private async enqueueDue(row: ReminderSettingsRow): Promise<number> {
    const plans = await this.planner.plansFor(row);
    if (plans.length === 0) return 0;
    const keys = plans.map((plan) => reminderKey(plan.job));
    const sent = new Set((await this.deliveries.find({ select: ['reminderKey'], where: { reminderKey: In(keys) } })).map((d) => d.reminderKey));
    let added = 0;
    for (const plan of plans) {
      if (sent.has(reminderKey(plan.job))) continue;
      await this.jobs.enqueue('send-reminder', plan.job);
      added += 1;
    }
    return added;
  }
}
