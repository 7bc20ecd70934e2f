import { Controller, Inject, Logger } from '@nestjs/common';
import { MessagePattern, Payload, RpcException } from '@nestjs/microservices';
import {
  ExistingHouseholdsMessageSchema,
  HOUSEHOLD_PATTERNS,
  MembershipsOfMessageSchema,
  type ExistingHouseholdsReply,
  type MembershipsOfReply,
} from '@paycadence/contracts';
import { withValidPayload } from '@paycadence/nest-kit';
import { HouseholdsService } from '../households/households.service.js';
import { MembershipVersions } from './membership-versions.js';

/**
 * Finance's questions over the Redis transport: the households a user belongs to, with their members (shared
 * bills and income), and which households still exist. A malformed message gets nest-kit's withValidPayload
 * refusal; a database failure is logged and answered with a bare RPC error that carries no internals.
 */
@Controller()
export class MembershipsMessagesController {
  private readonly logger = new Logger('Memberships');

  constructor(
    @Inject(HouseholdsService) private readonly households: HouseholdsService,
    @Inject(MembershipVersions) private readonly versions: MembershipVersions,
  ) {}

  @MessagePattern(HOUSEHOLD_PATTERNS.membershipsOf)
  membershipsOf(@Payload() payload: unknown): Promise<MembershipsOfReply> {
    return withValidPayload(MembershipsOfMessageSchema, payload, async ({ userId }) => {
      try {
        // The version first (see MembershipVersions): a change after this read replaces it, so finance never
        // keeps this answer past that change.
        const version = await this.versions.current(userId);
        const households = await this.households.membershipsOf(userId);
        return { ok: true as const, households, ...(version ? { version } : {}) };
      } catch (error) {
        throw this.failed(HOUSEHOLD_PATTERNS.membershipsOf, error);
      }
    });
  }

  @MessagePattern(HOUSEHOLD_PATTERNS.existing)
  existing(@Payload() payload: unknown): Promise<ExistingHouseholdsReply> {
    return withValidPayload(ExistingHouseholdsMessageSchema, payload, async ({ householdIds }) => {
      try {
        return { ok: true as const, householdIds: await this.households.existing(householdIds) };
      } catch (error) {
        throw this.failed(HOUSEHOLD_PATTERNS.existing, error);
      }
    });
  }

  /** Logs the failure here; finance gets a bare RPC error with no internals. */
  private failed(pattern: string, error: unknown): RpcException {
    this.logger.error(`${pattern} failed: ${error instanceof Error ? error.message : String(error)}`);
    const message = 'The household service could not complete the request';
    return new RpcException({ status: 'error', message });
  }
}
