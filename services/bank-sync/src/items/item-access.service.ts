import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { isRowId } from '@paycadence/nest-kit';
import type { DataSource, Repository } from 'typeorm';
import { BankSyncError } from '../errors.js';
import { TokenVault } from '../plaid/token-vault.js';
import { PlaidItem } from './plaid-item.entity.js';

/** The one way to an item from a request: always scoped by the signed-in user's id. */
@Injectable()
export class ItemAccessService {
  private readonly items: Repository<PlaidItem>;

  constructor(
    @InjectDataSource() dataSource: DataSource,
    @Inject(TokenVault) private readonly vault: TokenVault,
  ) {
    this.items = dataSource.getRepository(PlaidItem);
  }

  /** The user's item; an unknown id, a malformed one and another user's item all answer ITEM_NOT_FOUND (404). */
  async findOwned(userId: string, itemId: string): Promise<PlaidItem> {
    if (!isRowId(itemId)) throw new BankSyncError('ITEM_NOT_FOUND');
    const item = await this.items.findOne({ where: { id: itemId, userId } });
    if (!item) throw new BankSyncError('ITEM_NOT_FOUND');
    return item;
  }

  /** As findOwned, for what only a linked bank has (update mode, a repair): a file-fed account's item is not found. */
  async findOwnedLinked(userId: string, itemId: string): Promise<PlaidItem & { accessTokenSealed: string }> {
    const item = await this.findOwned(userId, itemId);
    if (item.source !== 'plaid' || item.accessTokenSealed === null) throw new BankSyncError('ITEM_NOT_FOUND');
    return item as PlaidItem & { accessTokenSealed: string };
  }

  /** The user's linked banks (file-fed accounts have nothing at Plaid). */
  listForUser(userId: string): Promise<PlaidItem[]> {
    return this.items.find({ where: { userId, source: 'plaid' }, order: { createdAt: 'ASC' } });
  }

  /** The decrypted Plaid access token: pass it to PlaidGateway only, never to a log or a response. */
  async accessTokenOf(item: { accessTokenSealed: string }): Promise<string> {
    return this.vault.open(item.accessTokenSealed);
  }
}
