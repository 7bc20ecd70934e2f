import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { FINANCE_PATTERNS, UpsertSuggestionsMessageSchema, fieldErrors, type UpsertSuggestionsReply } from '@payday/contracts';
import { SuggestionsService } from './suggestions.service.js';

/**
 * The Redis transport side (DESIGN §1): bank-sync sends what it detected. A bad payload gets a reply naming
 * the fields instead of an exception, so the sender can log exactly what it got wrong.
 */
@Controller()
export class SuggestionsMessageController {
  constructor(@Inject(SuggestionsService) private readonly suggestions: SuggestionsService) {}

  @MessagePattern(FINANCE_PATTERNS.upsertSuggestions)
  async upsert(@Payload() payload: unknown): Promise<UpsertSuggestionsReply> {
    const parsed = UpsertSuggestionsMessageSchema.safeParse(payload);
    if (!parsed.success) {
      const errors = fieldErrors(parsed.error);
      return { ok: false, message: Object.values(errors)[0] ?? 'Invalid message', errors };
    }
    return { ok: true, ...(await this.suggestions.upsert(parsed.data)) };
  }
}
