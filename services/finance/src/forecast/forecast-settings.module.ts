import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ForecastSettingsController } from './forecast-settings.controller.js';
import { ForecastSettingsRow } from './forecast-settings.entity.js';
import { ForecastSettingsService } from './forecast-settings.service.js';

/** The low-balance threshold; the dashboard reads it for its forecast. */
@Module({
  imports: [TypeOrmModule.forFeature([ForecastSettingsRow])],
  controllers: [ForecastSettingsController],
  providers: [ForecastSettingsService],
  exports: [ForecastSettingsService],
})
export class ForecastSettingsModule {}
