import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { HouseholdController } from './household.controller.js';
import { HouseholdItem } from './household-item.entity.js';
import { HouseholdService } from './household.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([HouseholdItem])],
  controllers: [HouseholdController],
  providers: [HouseholdService],
})
export class HouseholdModule {}
