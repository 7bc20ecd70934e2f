import { Controller, Module, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { HOUSEHOLD_PATTERNS, membershipVersionKey, type ExistingHouseholdsReply, type Membership, type MembershipsOfReply } from '@paycadence/contracts';
import { createRedisClient, createRedisConnection, redisTransportOptions } from '@paycadence/nest-kit';
import { randomUUID } from 'node:crypto';
import { lastValueFrom } from 'rxjs';

/** How the stand-in answers: each user's households, or silence (household down: finance times out). */
export type HouseholdBehaviour = { memberships: Record<string, Membership[]> } | { silent: true };

/**
 * household's side of the Redis transport (HOUSEHOLD_PATTERNS.membershipsOf and .existing), played by a real Nest microservice
 * on the test's own Redis, so finance's client, its timeout and its fallback run over the real transport.
 * (household's own handler is tested in services/household.)
 */
export interface HouseholdStandIn {
  behaviour: HouseholdBehaviour;
  /** How many times finance asked. */
  asked: number;
  /** Answer with the user's membership version, created in Redis when missing, as household does. */
  versioned: boolean;
  /** What household does after a committed change: a new membership version for each of these users. */
  replaceVersions(userIds: string[]): Promise<void>;
  /** A user's membership version gone, as after a Redis restart. */
  forgetVersion(userId: string): Promise<void>;
  /** Announces an event as household does (`client.emit` over the transport); resolves once published. */
  emit(pattern: string, payload: unknown): Promise<void>;
  close(): Promise<void>;
}

const never = new Promise<never>(() => undefined);

export async function startHouseholdStandIn(redisUrl: string): Promise<HouseholdStandIn> {
  const state: Omit<HouseholdStandIn, 'close' | 'emit' | 'replaceVersions' | 'forgetVersion'> = { behaviour: { memberships: {} }, asked: 0, versioned: false };
  // One Redis or a cluster, as REDIS_URL says (docs/redis-cluster.md).
  const keys = createRedisConnection(redisUrl);
  const versionOf = async (userId: string) => {
    const candidate = randomUUID();
    return ((await keys.call('SET', membershipVersionKey(userId), candidate, 'NX', 'GET')) as string | null) ?? candidate;
  };

  @Controller()
  class StandInController {
    @MessagePattern(HOUSEHOLD_PATTERNS.membershipsOf)
    async membershipsOf(@Payload() message: { userId: string }): Promise<MembershipsOfReply> {
      state.asked += 1;
      const behaviour = state.behaviour;
      if ('silent' in behaviour) return never;
      const households = behaviour.memberships[message.userId] ?? [];
      return state.versioned ? { ok: true, households, version: await versionOf(message.userId) } : { ok: true, households };
    }
  }

  @Controller()
  class ExistingStandInController {
    /** A household exists while it has members: those in any answer of the current behaviour. */
    @MessagePattern(HOUSEHOLD_PATTERNS.existing)
    existing(@Payload() message: { householdIds: string[] }): Promise<ExistingHouseholdsReply> {
      const behaviour = state.behaviour;
      if ('silent' in behaviour) return never;
      const known = new Set(Object.values(behaviour.memberships).flatMap((list) => list.map((m) => m.householdId)));
      return Promise.resolve({ ok: true, householdIds: message.householdIds.filter((id) => known.has(id)) });
    }
  }

  @Module({ controllers: [StandInController, ExistingStandInController] })
  class StandInModule {}

  const app: INestMicroservice = await NestFactory.createMicroservice(StandInModule, { ...redisTransportOptions(redisUrl), logger: false });
  await app.listen();
  const events = createRedisClient(redisUrl);
  return Object.assign(state, {
    emit: (pattern: string, payload: unknown) => lastValueFrom(events.emit(pattern, payload), { defaultValue: undefined }),
    replaceVersions: async (userIds: string[]) => {
      for (const userId of userIds) await keys.set(membershipVersionKey(userId), randomUUID());
    },
    forgetVersion: async (userId: string) => {
      await keys.del(membershipVersionKey(userId));
    },
    close: async () => {
      keys.disconnect();
      await events.close();
      await app.close();
    },
  });
}
