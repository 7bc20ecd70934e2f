import { Controller, Get, Header, Inject, Put, UseGuards } from '@nestjs/common';
import { ForecastSettingsUpdateSchema, type ForecastSettings, type ForecastSettingsUpdate } from '@paycadence/contracts';
import { AuthGuard, CurrentUser, ZodBody, type AuthenticatedUser } from '@paycadence/nest-kit';
import { ForecastSettingsService } from './forecast-settings.service.js';

/** The low-balance threshold (FINANCE_ENDPOINTS.forecastSettings / updateForecastSettings), own row only. */
@Controller('api/financial/forecast-settings')
@UseGuards(AuthGuard)
export class ForecastSettingsController {
  constructor(@Inject(ForecastSettingsService) private readonly settings: ForecastSettingsService) {}

  @Get()
  @Header('cache-control', 'private, no-store')
  get(@CurrentUser() user: AuthenticatedUser): Promise<ForecastSettings> {
    return this.settings.get(user.id);
  }

  @Put()
  @Header('cache-control', 'private, no-store')
  update(@CurrentUser() user: AuthenticatedUser, @ZodBody(ForecastSettingsUpdateSchema) body: ForecastSettingsUpdate): Promise<ForecastSettings> {
    return this.settings.update(user.id, body);
  }
}
