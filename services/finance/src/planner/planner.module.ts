import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BankSummaryModule } from '../bank-summary/bank-summary.module.js';
import { BillStatusModule } from '../bill-status/bill-status.module.js';
import { DashboardModule } from '../dashboard/dashboard.module.js';
import { Bill } from '../bills/bill.entity.js';
import { ForecastSettingsModule } from '../forecast/forecast-settings.module.js';
import { IncomeSource } from '../income/income-source.entity.js';
import { AuthDirectoryClient } from '../reminders/auth-directory.client.js';
import { DueDateMoveRow } from './due-date-move.entity.js';
import { DueDateMovesService } from './due-date-moves.service.js';
import { PlannerController } from './planner.controller.js';
import { PlannerService } from './planner.service.js';

/** The due-date planner: the plan, and the checklist of moves with billers (docs/due-date-planner.md). */
@Module({
  imports: [TypeOrmModule.forFeature([Bill, IncomeSource, DueDateMoveRow]), BankSummaryModule, BillStatusModule, ForecastSettingsModule, DashboardModule],
  controllers: [PlannerController],
  providers: [PlannerService, DueDateMovesService, AuthDirectoryClient],
})
export class PlannerModule {}
