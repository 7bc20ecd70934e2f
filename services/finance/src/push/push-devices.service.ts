import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { PUSH_DEVICES_MAX, type PushDevice, type PushDeviceList, type PushSubscriptionCreateInput } from '@paycadence/contracts';
import { CLOCK, InjectServiceConfig, isRowId, type Clock } from '@paycadence/nest-kit';
import type { DataSource, Repository } from 'typeorm';
import type { FinanceConfig } from '../config.js';
import { FinanceError } from '../errors.js';
import { endpointRefusal } from './push-endpoint-policy.js';
import { PushSubscriptionRow } from './push-subscription.entity.js';
import { VAPID_KEYS, type VapidKeys } from './vapid-keys.js';

const toDto = (row: PushSubscriptionRow): PushDevice => ({
  id: row.id,
  label: row.label,
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
});

/** The signed-in user's devices for reminders by Web Push (docs/reminders.md, Push). */
@Injectable()
export class PushDevicesService {
  constructor(
    @InjectRepository(PushSubscriptionRow) private readonly devices: Repository<PushSubscriptionRow>,
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(VAPID_KEYS) private readonly keys: VapidKeys,
    @Inject(CLOCK) private readonly clock: Clock,
    @InjectServiceConfig() private readonly config: FinanceConfig,
  ) {}

  publicKey(): { publicKey: string } {
    return { publicKey: this.keys.publicKey };
  }

  async list(userId: string): Promise<PushDeviceList> {
    const rows = await this.devices.find({ where: { userId }, order: { createdAt: 'DESC', id: 'ASC' } });
    return { devices: rows.map(toDto) };
  }

  /**
   * Adds this device, or refreshes it when the browser sends an endpoint it sent before (new keys, a new label).
   * An endpoint is one browser profile: if another account had it, that account loses it, so a shared computer
   * shows the reminders of whoever turned them on last, never of someone who signed out. Refused past
   * PUSH_DEVICES_MAX devices (409), and for an endpoint the worker must not send to (400).
   */
  async subscribe(userId: string, input: PushSubscriptionCreateInput): Promise<PushDevice> {
    if (endpointRefusal(input.endpoint, { allowLocal: this.config.PUSH_ALLOW_LOCAL_ENDPOINTS }) !== null) {
      throw new FinanceError('PUSH_ENDPOINT_REFUSED');
    }
    return this.dataSource.transaction(async (manager) => {
      // One subscribe of a user at a time, so two at once cannot both pass the count.
      await manager.query(`SELECT pg_advisory_xact_lock(hashtext('push_subscriptions:' || $1))`, [userId]);
      await manager.query(`DELETE FROM push_subscriptions WHERE md5(endpoint) = md5($1) AND endpoint = $1 AND user_id <> $2`, [input.endpoint, userId]);
      const repository = manager.getRepository(PushSubscriptionRow);
      const known = await repository.findOneBy({ userId, endpoint: input.endpoint });
      if (known) {
        await repository.update({ id: known.id }, { p256dh: input.keys.p256dh, auth: input.keys.auth, label: input.label });
        return toDto({ ...known, label: input.label });
      }
      if ((await repository.countBy({ userId })) >= PUSH_DEVICES_MAX) throw new FinanceError('TOO_MANY_PUSH_DEVICES');
      const row = repository.create({
        userId,
        endpoint: input.endpoint,
        p256dh: input.keys.p256dh,
        auth: input.keys.auth,
        label: input.label,
        createdAt: this.clock.now(),
        lastUsedAt: null,
      });
      return toDto(await repository.save(row));
    });
  }

  /** Another user's device, or an unknown or malformed id: 404, as if it did not exist. */
  async remove(userId: string, id: string): Promise<void> {
    const removed = isRowId(id) ? await this.devices.delete({ id, userId }) : null;
    if (!removed?.affected) throw new FinanceError('PUSH_DEVICE_NOT_FOUND');
  }
}
