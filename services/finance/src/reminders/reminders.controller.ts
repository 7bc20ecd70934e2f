import { Controller, Get, Header, Inject, Put, UseGuards } from '@nestjs/common';
import { UpdateReminderSettingsSchema, type ReminderSettings, type UpdateReminderSettingsInput } from '@paycadence/contracts';
import { AuthGuard, CurrentUser, ZodBody, type AuthenticatedUser } from '@paycadence/nest-kit';
import { ReminderSettingsService } from './reminder-settings.service.js';

/** The signed-in user's own Notifications settings (FINANCE_ENDPOINTS.reminderSettings and its PUT). */
@Controller('api/financial/reminders')
@UseGuards(AuthGuard)
export class RemindersController {
  constructor(@Inject(ReminderSettingsService) private readonly settings: ReminderSettingsService) {}

  @Get()
  @Header('cache-control', 'private, no-store')
  get(@CurrentUser() user: AuthenticatedUser): Promise<ReminderSettings> {
    return this.settings.get(user.id);
  }

  @Put()
  @Header('cache-control', 'private, no-store')
  put(@CurrentUser() user: AuthenticatedUser, @ZodBody(UpdateReminderSettingsSchema) body: UpdateReminderSettingsInput): Promise<ReminderSettings> {
    return this.settings.put(user.id, body);
  }
}
