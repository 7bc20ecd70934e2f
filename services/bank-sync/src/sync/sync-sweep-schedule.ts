import { Inject, Injectable, Logger, Module, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { QUEUES } from '@paycadence/contracts';
import { JobProducer } from '@paycadence/nest-kit';
import { SWEEP_EVERY_MS } from './sync-sweep.js';
import { SyncModule } from './sync.module.js';

/** The per-item schedulers of earlier versions (JobProducer.schedulerId of a `sync-item`: `<item>.sync.every`). */
const isPerItemScheduler = (schedulerId: string) => schedulerId.endsWith('.sync.every');

/**
 * When a worker starts: the sweep's one job scheduler (however many workers start, one per queue; an existing
 * one keeps its next run), and, in the background, the removal of the per-item schedulers earlier versions kept
 * in Redis, a page at a time. Nothing here reads the items: start-up costs the same for 10 items or 100,000.
 */
@Injectable()
export class SyncSweepSchedule implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('SyncSweep');
  private cleanup: Promise<void> = Promise.resolve();

  constructor(@Inject(JobProducer) private readonly jobs: JobProducer) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.schedule('sweep-syncs', {}, SWEEP_EVERY_MS, { keepExisting: true });
    this.cleanup = this.jobs
      .removeJobSchedulers(QUEUES.bankSync, isPerItemScheduler)
      .then((removed) => {
        if (removed) this.logger.log(`${removed} per-item sync scheduler(s) of an earlier version removed`);
      })
      .catch((error: unknown) => this.logger.warn(`per-item sync schedulers not removed (next start tries again): ${(error as Error).message}`));
  }

  /** The clean-up uses the queue's connection, which closes at application shutdown: it ends first. */
  async onModuleDestroy(): Promise<void> {
    await this.cleanup;
  }
}

/** Imported by the worker only (service-definition.ts). */
@Module({ imports: [SyncModule], providers: [SyncSweepSchedule] })
export class SyncSweepModule {}
