import { Controller, Delete, Get, Header, HttpCode, Inject, Param, Post, UseGuards } from '@nestjs/common';
import { PushSubscriptionCreateSchema, type PushDevice, type PushDeviceList, type PushPublicKey, type PushSubscriptionCreateInput } from '@paycadence/contracts';
import { AuthGuard, CurrentUser, ZodBody, type AuthenticatedUser } from '@paycadence/nest-kit';
import { PushDevicesService } from './push-devices.service.js';

/** The signed-in user's devices for reminders (FINANCE_ENDPOINTS.pushPublicKey, pushDevices and friends). */
@Controller('api/financial/reminders')
@UseGuards(AuthGuard)
export class PushDevicesController {
  constructor(@Inject(PushDevicesService) private readonly devices: PushDevicesService) {}

  @Get('push-key')
  @Header('cache-control', 'private, no-store')
  publicKey(): PushPublicKey {
    return this.devices.publicKey();
  }

  @Get('devices')
  @Header('cache-control', 'private, no-store')
  list(@CurrentUser() user: AuthenticatedUser): Promise<PushDeviceList> {
    return this.devices.list(user.id);
  }

  /** 201 for a new device and for one sent again (its keys and label refreshed). */
  @Post('devices')
  @Header('cache-control', 'private, no-store')
  subscribe(@CurrentUser() user: AuthenticatedUser, @ZodBody(PushSubscriptionCreateSchema) body: PushSubscriptionCreateInput): Promise<PushDevice> {
    return this.devices.subscribe(user.id, body);
  }

  @Delete('devices/:id')
  @HttpCode(204)
  async remove(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string): Promise<void> {
    await this.devices.remove(user.id, id);
  }
}
