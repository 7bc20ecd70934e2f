import { Controller, Inject, Logger } from '@nestjs/common';
import { MessagePattern, Payload, RpcException } from '@nestjs/microservices';
import {
  ExistingHouseholdsMessageSchema,
  HOUSEHOLD_PATTERNS,
  MembershipsOfMessageSchema,
  type ExistingHouseholdsReply,
  type MembershipsOfReply,
} from '@payday/contracts';
import { HouseholdsService } from '../households/households.service.js';
import { MembershipVersions } from './membership-versions.js';

/**
 * Finance's questions over the Redis transport: the households a user belongs to, with their members (shared
 * bills and income), and which households still exist. A malformed message is a refusal; a database failure is logged and answered with a bare
 * RPC error that carries no internals.
 */
@Controller()
export class MembershipsMessagesController {
  private readonly logger = new Logger('Memberships');

  constructor(
    @Inject(HouseholdsService) private readonly households: HouseholdsService,
    @Inject(MembershipVersions) private readonly versions: MembershipVersions,
  ) {}

  @MessagePattern(HOUSEHOLD_PATTERNS.membershipsOf)
  async membershipsOf(@Payload() payload: unknown): Promise<MembershipsOfReply> {
    const parsed = MembershipsOfMessageSchema.safeParse(payload);
    if (!parsed.success) return { ok: false, message: 'userId must be an account id' };
    try {
      // The version first (see MembershipVersions): a change after this read replaces it, so finance never keeps
      // this answer past that change.
      const version = await this.versions.current(parsed.data.userId);
      const households = await this.households.membershipsOf(parsed.data.userId);
      return version ? { ok: true, households, version } : { ok: true, households };
    } catch (error) {
      this.logger.error(`${HOUSEHOLD_PATTERNS.membershipsOf} failed: ${error instanceof Error ? error.message : String(error)}`);
      throw new RpcException({ status: 'error', message: 'The household service could not complete the request' });
    }
  }

  @MessagePattern(HOUSEHOLD_PATTERNS.existing)
  async existing(@Payload() payload: unknown): Promise<ExistingHouseholdsReply> {
    const parsed = ExistingHouseholdsMessageSchema.safeParse(payload);
    if (!parsed.success) return { ok: false, message: 'householdIds must be up to 500 household ids' };
    try {
      return { ok: true, householdIds: await this.households.existing(parsed.data.householdIds) };
    } catch (error) {
      this.logger.error(`${HOUSEHOLD_PATTERNS.existing} failed: ${error instanceof Error ? error.message : String(error)}`);
      throw new RpcException({ status: 'error', message: 'The household service could not complete the request' });
    }
  }
}
