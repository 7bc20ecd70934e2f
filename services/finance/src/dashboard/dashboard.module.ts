import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BankSummaryModule } from '../bank-summary/bank-summary.module.js';
import { BillStatusModule } from '../bill-status/bill-status.module.js';
import { Bill } from '../bills/bill.entity.js';
import { IncomeSource } from '../income/income-source.entity.js';
import { ForecastSettingsModule } from '../forecast/forecast-settings.module.js';
import { SavingsGoal } from '../savings-goals/savings-goal.entity.js';
import { DashboardController } from './dashboard.controller.js';
import { DashboardService } from './dashboard.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([Bill, IncomeSource, SavingsGoal]), BankSummaryModule, BillStatusModule, ForecastSettingsModule],
  controllers: [DashboardController],
  providers: [DashboardService],
  exports: [DashboardService],
})
export class DashboardModule {}
