import { Controller, HttpCode, Inject, Post, UseGuards } from '@nestjs/common';
import type { SyncBankDataResponse } from '@paycadence/contracts';
import { AuthGuard, CurrentUser, type AuthenticatedUser } from '@paycadence/nest-kit';
import { SyncBankDataService } from './sync-bank-data.service.js';

/** docs/product/signed-in.md §7: POST /sync-bank-data answers a message (and, ours, the last completed sync). */
@Controller('api/financial')
@UseGuards(AuthGuard)
export class BankSyncController {
  constructor(@Inject(SyncBankDataService) private readonly syncBankData: SyncBankDataService) {}

  @Post('sync-bank-data')
  @HttpCode(200)
  sync(@CurrentUser() user: AuthenticatedUser): Promise<SyncBankDataResponse> {
    return this.syncBankData.sync(user.id);
  }
}
