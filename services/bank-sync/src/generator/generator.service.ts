import { Inject, Injectable, Logger } from '@nestjs/common';
import type { GenerateResponse, GeneratorKind } from '@paycadence/contracts';
import { CLOCK, type Clock } from '@paycadence/nest-kit';
import { BankSyncError } from '../errors.js';
import { ItemAccessService } from '../items/item-access.service.js';
import { PlaidCallError } from '../plaid/plaid-call-error.js';
import { PlaidGateway } from '../plaid/plaid-gateway.js';
import { SyncRequests } from '../sync/sync-requests.service.js';
import { batches, generateTransactions, withinLastDays } from './generated-transactions.js';

/** Plaid's own sandbox takes custom transactions from the last 14 days only; the emulator takes any. */
const PLAID_SANDBOX_MAX_AGE_DAYS = 14;

const KIND_LABEL: Record<GeneratorKind | 'all', string> = {
  all: 'sample',
  bills: 'bill',
  income: 'income',
  expenses: 'expense',
  recurring: 'recurring',
};

/**
 * docs/product/signed-in.md §7 data generator: generated transactions travel the path real ones do. They are added to each
 * of the user's items at Plaid (/sandbox/transactions/create), then an import is queued, so rows, detection
 * and analytics come from the sync like any bank data.
 */
@Injectable()
export class GeneratorService {
  private readonly logger = new Logger(GeneratorService.name);

  constructor(
    @Inject(PlaidGateway) private readonly plaid: PlaidGateway,
    @Inject(ItemAccessService) private readonly items: ItemAccessService,
    @Inject(SyncRequests) private readonly syncRequests: SyncRequests,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async generate(userId: string, kind: GeneratorKind | 'all'): Promise<GenerateResponse> {
    if (!this.plaid.sandbox) throw new BankSyncError('GENERATOR_SANDBOX_ONLY');
    const linked = await this.items.listForUser(userId);
    if (linked.length === 0) throw new BankSyncError('NO_BANK_LINKED');
    // Banks waiting for a new sign-in cannot take data until repaired; if that is all of them, say so.
    const items = linked.filter((item): item is typeof item & { accessTokenSealed: string } => item.status === 'active' && item.accessTokenSealed !== null);
    if (items.length === 0) throw new BankSyncError('LOGIN_REQUIRED');

    const today = this.clock.today();
    let added = 0;
    for (const item of items) {
      let transactions = generateTransactions(kind, today, item.id);
      if (!this.plaid.emulated) transactions = withinLastDays(transactions, today, PLAID_SANDBOX_MAX_AGE_DAYS);
      const accessToken = await this.items.accessTokenOf(item);
      try {
        for (const batch of batches(transactions)) await this.plaid.sandboxCreateTransactions(accessToken, batch);
      } catch (error) {
        const code = error instanceof PlaidCallError ? error.code : 'unknown error';
        this.logger.warn(`Plaid refused generated transactions for item ${item.id}: ${code}`);
        throw new BankSyncError(code === 'ITEM_LOGIN_REQUIRED' ? 'LOGIN_REQUIRED' : 'PLAID_UNAVAILABLE');
      }
      added += transactions.length;
      await this.syncRequests.queueItem(userId, item.id);
    }
    const banks = items.length === 1 ? 'your bank' : `your ${items.length} banks`;
    return {
      success: true,
      message: `Added ${added} ${KIND_LABEL[kind]} transactions to ${banks}. They will appear once the sync finishes.`,
      added,
    };
  }
}
