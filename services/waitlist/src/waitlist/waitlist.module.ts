import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { WaitlistAdminMessagesController } from './waitlist-admin-messages.controller.js';
import { WaitlistAdminService } from './waitlist-admin.service.js';
import { WaitlistController } from './waitlist.controller.js';
import { WaitlistEntry } from './waitlist-entry.entity.js';
import { WaitlistService } from './waitlist.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([WaitlistEntry])],
  controllers: [WaitlistController, WaitlistAdminMessagesController],
  providers: [WaitlistService, WaitlistAdminService],
})
export class WaitlistModule {}
