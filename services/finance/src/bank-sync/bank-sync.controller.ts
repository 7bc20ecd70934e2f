import { Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { FINANCE_MESSAGES, type SyncBankDataResponse } from '@payday/contracts';
import { AuthGuard } from '@payday/nest-kit';

/**
 * spec part 2 §7: POST /sync-bank-data answers a message. Bank sync does not exist yet, so it says plainly
 * that no bank is connected (200, success false) rather than pretending a refresh happened.
 */
@Controller('api/financial')
@UseGuards(AuthGuard)
export class BankSyncController {
  @Post('sync-bank-data')
  @HttpCode(200)
  sync(): SyncBankDataResponse {
    return { success: false, message: FINANCE_MESSAGES.noBankConnected };
  }
}
