import { Logger } from '@nestjs/common';
import {
  ExistingHouseholdsMessageSchema,
  HOUSEHOLD_PATTERNS,
  MembershipsOfMessageSchema,
} from '@paycadence/contracts';
import { withValidPayload } from '@paycadence/nest-kit';
import { from } from 'rxjs';
import type { FinanceConfig } from '../config.js';
import { HouseholdClient } from './household.client.js';

beforeAll(() => Logger.overrideLogger(false));

const config = {
  REDIS_URL: 'redis://127.0.0.1:1',
  HOUSEHOLD_TIMEOUT_MS: 50,
  HOUSEHOLD_RETRY_AFTER_MS: 60_000,
  MEMBERSHIPS_MAX_AGE_MS: 0,
} as FinanceConfig;
const ANN = '3f2b6c1e-8a4d-4c2e-9b1a-0d5e7f6a8b9c';
const HOME = '0b8f5c1e-2d4a-4f6b-9c3e-1a2b3c4d5e6f';

/** A HouseholdClient whose Redis transport is a double answering each pattern with `answer`. */
function clientAnswering(answer: (pattern: string) => Promise<unknown>) {
  const client = new HouseholdClient(config, {} as never);
  const send = jest.fn((pattern: string) => from(answer(pattern)));
  const transport = (client as unknown as { transport: { client: unknown } }).transport;
  transport.client = { send, close: async () => undefined };
  return { client, send };
}

/** household's refusal of a malformed message, as its handlers answer it (nest-kit's withValidPayload). */
const refusalOf = (schema: typeof MembershipsOfMessageSchema | typeof ExistingHouseholdsMessageSchema) =>
  withValidPayload(schema, { malformed: true }, () => ({ ok: true as const }));

describe('HouseholdClient and household refusals', () => {
  it('takes a refused membershipsOf as no answer, then waits HOUSEHOLD_RETRY_AFTER_MS', async () => {
    const { client, send } = clientAnswering(() => refusalOf(MembershipsOfMessageSchema));
    expect(await client.membershipsOf(ANN)).toBeNull();
    expect(await client.membershipsOf(ANN)).toBeNull();
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith(HOUSEHOLD_PATTERNS.membershipsOf, { userId: ANN });
  });

  it('takes a refused existing as no answer (nothing is concluded)', async () => {
    const { client } = clientAnswering(() => refusalOf(ExistingHouseholdsMessageSchema));
    expect(await client.existing([HOME])).toBeNull();
  });

  it("answers household's households when it answers", async () => {
    const households = [{ householdId: HOME, name: 'Home', role: 'owner', members: [] }];
    const { client } = clientAnswering(async (pattern) =>
      pattern === HOUSEHOLD_PATTERNS.existing ? { ok: true, householdIds: [HOME] } : { ok: true, households },
    );
    expect(await client.membershipsOf(ANN)).toEqual({ households, fresh: true });
    expect(await client.existing([HOME])).toEqual(new Set([HOME]));
  });
});
