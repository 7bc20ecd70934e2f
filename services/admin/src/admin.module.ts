import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdminController } from './admin.controller.js';
import { AdminItem } from './admin-item.entity.js';
import { AdminService } from './admin.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([AdminItem])],
  controllers: [AdminController],
  providers: [AdminService],
})
export class AdminModule {}
