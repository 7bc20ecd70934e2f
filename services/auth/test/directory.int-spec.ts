import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AUTH_DIRECTORY_PATTERNS, UsersByIdsReplySchema } from '@paycadence/contracts';
import { createRedisClient } from '@paycadence/nest-kit';
import { startPrivateRedis, startServiceHarness, type PrivateRedis, type ServiceHarness } from '@paycadence/nest-kit/testing';
import { firstValueFrom, timeout } from 'rxjs';
import type { AuthConfig } from '../src/config.js';
import { serviceDefinition } from '../src/service-definition.js';
import { registerAccount } from './support/accounts.js';

// The household service's directory question, asked over a Redis of this test's own (pub/sub ignores prefixes).
const dataDir = mkdtempSync(join(tmpdir(), 'auth-directory-'));
let redis: PrivateRedis;
let h: ServiceHarness<AuthConfig>;

beforeAll(async () => {
  redis = await startPrivateRedis();
  h = await startServiceHarness(serviceDefinition, {
    redisUrl: redis.url,
    env: { DATA_DIR: dataDir, SMTP_URL: '', JWT_PRIVATE_KEY: '', ENCRYPTION_KEY: '', ARGON2_MEMORY_KIB: '1024', ARGON2_TIME_COST: '1' },
  });
}, 60_000);

afterAll(async () => {
  await h?.close();
  await redis?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function ask(payload: unknown) {
  const client = createRedisClient(redis.url);
  try {
    return UsersByIdsReplySchema.parse(await firstValueFrom(client.send(AUTH_DIRECTORY_PATTERNS.usersByIds, payload).pipe(timeout(5000))));
  } finally {
    await client.close();
  }
}

describe('AUTH_DIRECTORY_PATTERNS.usersByIds', () => {
  it('answers names and e-mails of the known ids only, and nothing more of an account', async () => {
    const ann = await registerAccount(h, `ann-${process.pid}@example.com`);
    const unknown = '3f6c2a1e-0000-4000-8000-0000000000ff';
    const reply = await ask({ ids: [ann.id, unknown] });
    expect(reply).toEqual({ ok: true, users: [{ id: ann.id, email: ann.email, firstName: 'Ann', lastName: 'Lee', emailConfirmed: false }] });
  });

  it('refuses a message that breaks the contract', async () => {
    expect(await ask({ ids: ['not-an-id'] })).toMatchObject({ ok: false });
  });
});
