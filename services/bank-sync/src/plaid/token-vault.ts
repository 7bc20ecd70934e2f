import { join } from 'node:path';
import { Injectable } from '@nestjs/common';
import { InjectServiceConfig, loadSecretKey, SecretBox } from '@paycadence/nest-kit';
import type { BankSyncConfig } from '../config.js';

const PURPOSE = 'plaid-access-token';

/**
 * Seals Plaid access tokens at rest (AES-256-GCM, the purpose bound as associated data). The key is
 * BANK_TOKEN_KEY, else generated once under DATA_DIR/bank-sync (the HTTP process and the workers on one
 * machine share it; production must configure it, see config.ts).
 */
@Injectable()
export class TokenVault {
  private readonly box: SecretBox;

  constructor(@InjectServiceConfig() config: BankSyncConfig) {
    this.box = new SecretBox(loadSecretKey(config.BANK_TOKEN_KEY, join(config.DATA_DIR, 'bank-sync', 'token.key')));
  }

  seal(accessToken: string): string {
    return this.box.encrypt(accessToken, PURPOSE);
  }

  open(sealed: string): string {
    return this.box.decrypt(sealed, PURPOSE);
  }
}
