import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import type { SendReminderJob } from '@paycadence/contracts';
import { CLOCK, type Clock } from '@paycadence/nest-kit';
import type { DataSource, Repository } from 'typeorm';
import { PushGateway, PushSendError } from '../push/push-gateway.js';
import { PushSubscriptionRow } from '../push/push-subscription.entity.js';
import type { ReminderPlan } from './planned-reminders.js';
import { deviceChannel } from './reminder-delivery.entity.js';
import { pushTopic, reminderPush } from './reminder-push.js';

/** Thrown inside a device's transaction so its ledger row rolls back: the push service says the device is gone. */
class DeviceGone extends Error {}

/**
 * The device side of one reminder: a push to each device the user turned on, each under its own ledger row
 * (channel `device:<id>`) inserted in the transaction that sends it, as the e-mail's is. A second worker holding the
 * same job waits on that row and then finds it taken; a failed push rolls it back, so the job's retry sends it.
 * Each device is its own transaction: one slow or failing push service neither holds up nor repeats the others.
 * The gap left is a stop between the push service taking the message and the commit: the retry sends it again
 * with the same Topic, which replaces the first while it still waits at the push service.
 */
@Injectable()
export class ReminderPushSender {
  private readonly logger = new Logger('Reminders');

  constructor(
    @InjectRepository(PushSubscriptionRow) private readonly devices: Repository<PushSubscriptionRow>,
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(PushGateway) private readonly gateway: PushGateway,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Tries every device, then throws the first retryable failure (the devices done stay done). */
  async send(job: SendReminderJob, key: string, plan: ReminderPlan, timeZone: string): Promise<void> {
    const devices = await this.devices.find({ where: { userId: job.userId }, order: { createdAt: 'ASC', id: 'ASC' } });
    if (devices.length === 0) return;
    const push = reminderPush(plan, this.clock.now(), timeZone);
    const payload = JSON.stringify(push.payload);
    const topic = pushTopic(key);
    let failure: PushSendError | null = null;
    for (const device of devices) {
      try {
        await this.dataSource.transaction(async (manager) => {
          const inserted: unknown[] = await manager.query(
            `INSERT INTO reminder_deliveries (reminder_key, channel, user_id, kind, occurrence_date, sent_at)
             VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (reminder_key, channel) DO NOTHING RETURNING reminder_key`,
            [key, deviceChannel(device.id), job.userId, job.kind, job.date, this.clock.now()],
          );
          if (inserted.length === 0) return; // pushed before
          const outcome = await this.gateway.send(device, payload, { ttlSeconds: push.ttlSeconds, urgency: push.urgency, topic });
          if (outcome.kind === 'gone') throw new DeviceGone();
          if (outcome.kind === 'refused') {
            // The same message would be refused again: the row stays, so it is not retried every half hour.
            this.logger.warn(`push to device ${device.id} refused by its push service (${outcome.status}); not retried`);
            return;
          }
          await manager.query(`UPDATE push_subscriptions SET last_used_at = $2 WHERE id = $1`, [device.id, this.clock.now()]);
        });
      } catch (error) {
        if (error instanceof DeviceGone) {
          // Unsubscribed in the browser, or expired: it will never work again, so it leaves the user's list.
          await this.devices.delete({ id: device.id, userId: job.userId });
          this.logger.log(`push device ${device.id} removed: its push service says it is gone`);
          continue;
        }
        if (!(error instanceof PushSendError)) throw error;
        // The device's id only: its endpoint is a secret.
        this.logger.warn(`push to device ${device.id} failed (${error.message}); the reminder will be retried`);
        failure ??= error;
      }
    }
    if (failure) throw failure;
  }
}
