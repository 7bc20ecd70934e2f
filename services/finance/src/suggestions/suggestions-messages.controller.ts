import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  FINANCE_PATTERNS,
  ListPendingSuggestionsMessageSchema,
  UpsertSuggestionsMessageSchema,
  WithdrawSuggestionsMessageSchema,
  type SuggestionsResponse,
  type UpsertSuggestionsReply,
  type WithdrawSuggestionsReply,
} from '@paycadence/contracts';
import { AccountStatusCheck, withValidPayload } from '@paycadence/nest-kit';
import { SuggestionsService } from './suggestions.service.js';

/**
 * The Redis transport side (docs/architecture.md): bank-sync sends what it detected. A bad payload gets
 * nest-kit's withValidPayload refusal naming the fields instead of an exception, so the sender can log
 * exactly what it got wrong (nothing is stored).
 */
@Controller()
export class SuggestionsMessagesController {
  constructor(
    @Inject(SuggestionsService) private readonly suggestions: SuggestionsService,
    @Inject(AccountStatusCheck) private readonly accounts: AccountStatusCheck,
  ) {}

  @MessagePattern(FINANCE_PATTERNS.upsertSuggestions)
  upsert(@Payload() payload: unknown): Promise<UpsertSuggestionsReply> {
    return withValidPayload(UpsertSuggestionsMessageSchema, payload, async (message) => {
      // A closed account (deleted, or suspended) takes no pushes: a sync in flight when the account was
      // deleted must not bring its rows back after finance forgot them.
      const closed = await this.accounts.isSuspended(message.userId);
      if (closed) return { ok: true as const, bills: 0, income: 0 };
      return { ok: true as const, ...(await this.suggestions.upsert(message)) };
    });
  }

  @MessagePattern(FINANCE_PATTERNS.withdrawSuggestions)
  withdraw(@Payload() payload: unknown): Promise<WithdrawSuggestionsReply> {
    return withValidPayload(WithdrawSuggestionsMessageSchema, payload, async ({ userId, externalKeys }) => ({
      ok: true as const,
      withdrawn: await this.suggestions.withdraw(userId, externalKeys),
    }));
  }

  /**
   * bank-sync's GET /suggestions/{userId} asks here, so only pending suggestions ever reach the screen. A
   * malformed message names no user: it gets the empty lists rather than anyone's data (this reply has no
   * refusal to give).
   */
  @MessagePattern(FINANCE_PATTERNS.listPendingSuggestions)
  listPending(@Payload() payload: unknown): Promise<SuggestionsResponse> {
    return withValidPayload(
      ListPendingSuggestionsMessageSchema,
      payload,
      ({ userId }) => this.suggestions.listPending(userId),
      (): SuggestionsResponse => ({ bills: [], income: [] }),
    );
  }
}
