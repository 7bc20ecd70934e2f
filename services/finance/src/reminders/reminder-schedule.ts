import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectServiceConfig, JobProducer } from '@paycadence/nest-kit';
import type { FinanceConfig } from '../config.js';

/**
 * When a worker starts: the scan's job scheduler (one per queue, however many workers upsert it) and one scan
 * right away, so reminders due while no worker ran go out now rather than at the next tick.
 */
@Injectable()
export class ReminderSchedule implements OnApplicationBootstrap {
  private readonly logger = new Logger('Reminders');

  constructor(
    @Inject(JobProducer) private readonly jobs: JobProducer,
    @InjectServiceConfig() private readonly config: FinanceConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.schedule('scan-reminders', {}, this.config.REMINDERS_SCAN_EVERY_MS);
    await this.jobs.enqueue('scan-reminders', {});
    this.logger.log(`reminder scans every ${Math.round(this.config.REMINDERS_SCAN_EVERY_MS / 1000)} s`);
  }
}
