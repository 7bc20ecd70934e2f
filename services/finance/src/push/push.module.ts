import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SERVICE_CONFIG } from '@paycadence/nest-kit';
import type { FinanceConfig } from '../config.js';
import { PushDevicesController } from './push-devices.controller.js';
import { PushDevicesService } from './push-devices.service.js';
import { PushGateway } from './push-gateway.js';
import { PushSubscriptionRow } from './push-subscription.entity.js';
import { loadVapidKeys, VAPID_KEYS } from './vapid-keys.js';

/** The VAPID keys, read (or generated) once when the process starts, so a bad key stops start-up. */
const vapidKeysProvider = { provide: VAPID_KEYS, useFactory: (config: FinanceConfig) => loadVapidKeys(config), inject: [SERVICE_CONFIG] };

/** The HTTP side of reminders on devices: the public key and the signed-in user's devices. */
@Module({
  imports: [TypeOrmModule.forFeature([PushSubscriptionRow])],
  controllers: [PushDevicesController],
  providers: [vapidKeysProvider, PushDevicesService],
})
export class PushModule {}

/** The worker side: the gateway that sends a push, with the same keys. */
@Module({
  imports: [TypeOrmModule.forFeature([PushSubscriptionRow])],
  providers: [vapidKeysProvider, PushGateway],
  exports: [PushGateway, TypeOrmModule],
})
export class PushWorkerModule {}
