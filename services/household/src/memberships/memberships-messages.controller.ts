import { Controller, Inject, Logger } from '@nestjs/common';
import { MessagePattern, Payload, RpcException } from '@nestjs/microservices';
import { HOUSEHOLD_PATTERNS, MembershipsOfMessageSchema, type MembershipsOfReply } from '@payday/contracts';
import { HouseholdsService } from '../households/households.service.js';

/**
 * Finance's question over the Redis transport: the households a user belongs to, with their members (shared
 * bills and income). A malformed message is a refusal; a database failure is logged and answered with a bare
 * RPC error that carries no internals.
 */
@Controller()
export class MembershipsMessagesController {
  private readonly logger = new Logger('Memberships');

  constructor(@Inject(HouseholdsService) private readonly households: HouseholdsService) {}

  @MessagePattern(HOUSEHOLD_PATTERNS.membershipsOf)
  async membershipsOf(@Payload() payload: unknown): Promise<MembershipsOfReply> {
    const parsed = MembershipsOfMessageSchema.safeParse(payload);
    if (!parsed.success) return { ok: false, message: 'userId must be an account id' };
    try {
      return { ok: true, households: await this.households.membershipsOf(parsed.data.userId) };
    } catch (error) {
      this.logger.error(`${HOUSEHOLD_PATTERNS.membershipsOf} failed: ${error instanceof Error ? error.message : String(error)}`);
      throw new RpcException({ status: 'error', message: 'The household service could not complete the request' });
    }
  }
}
