import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Bill } from '../bills/bill.entity.js';
import { IncomeSource } from '../income/income-source.entity.js';
import { HouseholdCalendarController } from './household-calendar.controller.js';
import { HouseholdCalendarService } from './household-calendar.service.js';

/** One household's calendar: its shared bills, the paydays shared with it, and which paycheck covers each bill. */
@Module({
  imports: [TypeOrmModule.forFeature([Bill, IncomeSource])],
  controllers: [HouseholdCalendarController],
  providers: [HouseholdCalendarService],
})
export class HouseholdCalendarModule {}
