import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { IncomeSource } from './income-source.entity.js';
import { IncomeController } from './income.controller.js';
import { IncomeService } from './income.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([IncomeSource])],
  controllers: [IncomeController],
  providers: [IncomeService],
  exports: [IncomeService],
})
export class IncomeModule {}
