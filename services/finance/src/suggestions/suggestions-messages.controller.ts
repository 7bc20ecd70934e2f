import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  FINANCE_PATTERNS,
  ListPendingSuggestionsMessageSchema,
  UpsertSuggestionsMessageSchema,
  WithdrawSuggestionsMessageSchema,
  fieldErrors,
  type SuggestionsResponse,
  type UpsertSuggestionsReply,
  type WithdrawSuggestionsReply,
} from '@payday/contracts';
import { AccountStatusCheck } from '@payday/nest-kit';
import { SuggestionsService } from './suggestions.service.js';

/**
 * The Redis transport side (docs/architecture.md): bank-sync sends what it detected. A bad payload gets a reply naming
 * the fields instead of an exception, so the sender can log exactly what it got wrong.
 */
@Controller()
export class SuggestionsMessagesController {
  constructor(
    @Inject(SuggestionsService) private readonly suggestions: SuggestionsService,
    @Inject(AccountStatusCheck) private readonly accounts: AccountStatusCheck,
  ) {}

  @MessagePattern(FINANCE_PATTERNS.upsertSuggestions)
  async upsert(@Payload() payload: unknown): Promise<UpsertSuggestionsReply> {
    const parsed = UpsertSuggestionsMessageSchema.safeParse(payload);
    if (!parsed.success) {
      const errors = fieldErrors(parsed.error);
      return { ok: false, message: Object.values(errors)[0] ?? 'Invalid message', errors };
    }
    // A closed account (deleted, or suspended) takes no pushes: a sync in flight when the account was deleted
    // must not bring its rows back after finance forgot them.
    if (await this.accounts.isSuspended(parsed.data.userId)) return { ok: true, bills: 0, income: 0 };
    return { ok: true, ...(await this.suggestions.upsert(parsed.data)) };
  }

  @MessagePattern(FINANCE_PATTERNS.withdrawSuggestions)
  async withdraw(@Payload() payload: unknown): Promise<WithdrawSuggestionsReply> {
    const parsed = WithdrawSuggestionsMessageSchema.safeParse(payload);
    if (!parsed.success) {
      const errors = fieldErrors(parsed.error);
      return { ok: false, message: Object.values(errors)[0] ?? 'Invalid message', errors };
    }
    return { ok: true, withdrawn: await this.suggestions.withdraw(parsed.data.userId, parsed.data.externalKeys) };
  }

  /**
   * bank-sync's GET /suggestions/{userId} asks here, so only pending suggestions ever reach the screen. A
   * malformed message names no user: it gets the empty lists rather than anyone's data.
   */
  @MessagePattern(FINANCE_PATTERNS.listPendingSuggestions)
  async listPending(@Payload() payload: unknown): Promise<SuggestionsResponse> {
    const parsed = ListPendingSuggestionsMessageSchema.safeParse(payload);
    if (!parsed.success) return { bills: [], income: [] };
    return this.suggestions.listPending(parsed.data.userId);
  }
}
