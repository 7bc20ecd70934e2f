import { createHash, generateKeyPairSync, randomUUID, sign } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { BANK_SYNC_MESSAGES } from '@paycadence/contracts';
import { bullPrefix, SettableClock } from '@paycadence/nest-kit';
import { TEST_NOW } from '@paycadence/nest-kit/testing';
import { Queue } from 'bullmq';
import { startBankSyncKit, type BankSyncKit } from './support/bank-sync-kit.js';

// Plaid's webhooks as the emulator signs them (ES256 JWT, iat, body SHA-256), replayed genuine and tampered.
const clock = new SettableClock(TEST_NOW);
let kit: BankSyncKit;
let queue: Queue;
let capture: { server: http.Server; url: string; received: { jwt: string; body: string }[] };
let webhookUrl: string;

beforeAll(async () => {
  kit = await startBankSyncKit({ clock });
  webhookUrl = `${kit.h.baseUrl}/api/plaid-production/webhook`;
  queue = new Queue('bank-sync', { connection: { url: kit.h.config.REDIS_URL }, prefix: bullPrefix(kit.h.config.REDIS_KEY_PREFIX) });
  const received: { jwt: string; body: string }[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ jwt: String(request.headers['plaid-verification']), body: Buffer.concat(chunks).toString('utf8') });
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  capture = { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, received };
});
afterAll(async () => {
  await new Promise((resolve) => capture?.server.close(resolve));
  await queue?.close();
  await kit?.close();
});
afterEach(() => clock.set(TEST_NOW));

async function until<T>(probe: () => Promise<T | undefined | false>, what: string): Promise<T> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Has the emulator sign and send a SYNC_UPDATES_AVAILABLE for the item to the capture server. */
async function captureSigned(itemId: string): Promise<{ jwt: string; body: string }> {
  (await kit.emulated(itemId)).webhook = capture.url;
  const count = capture.received.length;
  expect((await kit.plaid('/sandbox/item/fire_webhook', { access_token: await kit.accessToken(itemId), webhook_code: 'SYNC_UPDATES_AVAILABLE' })).status).toBe(200);
  return until(async () => capture.received[count], 'the captured webhook');
}

function deliver(jwt: string | null, body: string) {
  return fetch(webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json', ...(jwt ? { 'plaid-verification': jwt } : {}) }, body }).then(async (response) => ({
    status: response.status,
    body: await response.json(),
  }));
}

/** A linked item with nothing queued, as after its import. */
async function quietItem(): Promise<string> {
  const itemId = await kit.link(kit.h.userA);
  await queue.remove(`${itemId}.sync`);
  await kit.h.db.query(`UPDATE "${kit.h.schema}".plaid_items SET sync_state = 'idle' WHERE id = $1`, [itemId]);
  return itemId;
}

async function syncQueued(itemId: string) {
  const { rows } = await kit.h.db.query(`SELECT sync_state FROM "${kit.h.schema}".plaid_items WHERE id = $1`, [itemId]);
  return { state: rows[0].sync_state, job: Boolean(await queue.getJob(`${itemId}.sync`)) };
}

describe('POST /api/plaid-production/webhook', () => {
  it('accepts a genuine SYNC_UPDATES_AVAILABLE without a bearer token and queues a sync of the item', async () => {
    const itemId = await quietItem();
    const { jwt, body } = await captureSigned(itemId);
    expect(await deliver(jwt, body)).toEqual({ status: 200, body: { received: true } });
    expect(await syncQueued(itemId)).toEqual({ state: 'queued', job: true });
    // The same signed delivery again (within its 5 minutes) is a replay.
    expect((await deliver(jwt, body)).status).toBe(401);
  });

  it('refuses a replay whose signature was re-encoded (padding, or ECDSA s replaced by n - s)', async () => {
    const itemId = await quietItem();
    const { jwt, body } = await captureSigned(itemId);
    const [header, payload, signature] = jwt.split('.') as [string, string, string];
    const bytes = Buffer.from(signature, 'base64url');
    const n = BigInt('0xFFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551');
    const s = BigInt(`0x${bytes.subarray(32).toString('hex')}`);
    const flippedS = Buffer.from((n - s).toString(16).padStart(64, '0'), 'hex');
    const malleated = Buffer.concat([bytes.subarray(0, 32), flippedS]).toString('base64url');
    expect(await deliver(jwt, body)).toEqual({ status: 200, body: { received: true } });
    expect((await deliver(`${header}.${payload}.${signature}==`, body)).status).toBe(401);
    expect((await deliver(`${header}.${payload}.${malleated}`, body)).status).toBe(401);
  });

  it('is reached by the emulator itself (signed delivery end to end)', async () => {
    const itemId = await quietItem();
    (await kit.emulated(itemId)).webhook = webhookUrl;
    await kit.plaid('/sandbox/item/fire_webhook', { access_token: await kit.accessToken(itemId), webhook_code: 'SYNC_UPDATES_AVAILABLE' });
    await until(async () => (await syncQueued(itemId)).job, 'the queued sync');
  });

  describe('refuses with 401, before doing anything', () => {
    let itemId: string;
    let genuine: { jwt: string; body: string };
    beforeAll(async () => {
      itemId = await quietItem();
      genuine = await captureSigned(itemId);
    });
    afterEach(async () => {
      expect(await syncQueued(itemId)).toEqual({ state: 'idle', job: false });
    });

    it('a changed body (one more space)', async () => {
      const refused = await deliver(genuine.jwt, genuine.body.replace('{', '{ '));
      expect(refused).toEqual({ status: 401, body: expect.objectContaining({ message: BANK_SYNC_MESSAGES.webhookRejected }) });
    });

    it('a bad signature', async () => {
      const [header, payload, signature] = genuine.jwt.split('.');
      const flipped = `${signature!.startsWith('A') ? 'B' : 'A'}${signature!.slice(1)}`;
      expect((await deliver(`${header}.${payload}.${flipped}`, genuine.body)).status).toBe(401);
    });

    it('an iat more than 5 minutes old', async () => {
      clock.set(new Date(Date.parse(TEST_NOW) + 5 * 60_000 + 2_000));
      expect((await deliver(genuine.jwt, genuine.body)).status).toBe(401);
    });

    it('a key Plaid does not know (signed by someone else)', async () => {
      const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
      const claims = JSON.parse(Buffer.from(genuine.jwt.split('.')[1]!, 'base64url').toString('utf8'));
      const signingInput = `${encode({ alg: 'ES256', kid: randomUUID(), typ: 'JWT' })}.${encode(claims)}`;
      const forged = `${signingInput}.${sign('sha256', Buffer.from(signingInput), { key: privateKey, dsaEncoding: 'ieee-p1363' }).toString('base64url')}`;
      const beforeCall = kit.emulator.hooks.beforeCall;
      let plaidCalls = 0;
      kit.emulator.hooks.beforeCall = () => {
        plaidCalls += 1;
        return beforeCall();
      };
      try {
        expect((await deliver(forged, genuine.body)).status).toBe(401);
        // The same forged kid again is refused without asking Plaid (the endpoint is public).
        expect((await deliver(forged, genuine.body)).status).toBe(401);
      } finally {
        kit.emulator.hooks.beforeCall = beforeCall;
      }
      expect(plaidCalls).toBe(1);
    });

    it('no Plaid-Verification header, or one that is not a JWT', async () => {
      expect((await deliver(null, genuine.body)).status).toBe(401);
      expect((await deliver('not.a.jwt', genuine.body)).status).toBe(401);
    });
  });

  it('marks the item on ITEM ERROR ITEM_LOGIN_REQUIRED', async () => {
    const itemId = await quietItem();
    (await kit.emulated(itemId)).webhook = webhookUrl;
    await kit.plaid('/sandbox/item/reset_login', { access_token: await kit.accessToken(itemId) });
    const marked = await until(async () => {
      const { rows } = await kit.h.db.query(`SELECT status, last_error FROM "${kit.h.schema}".plaid_items WHERE id = $1`, [itemId]);
      return rows[0].status === 'login_required' && rows[0];
    }, 'the item marked');
    expect(marked).toEqual({ status: 'login_required', last_error: BANK_SYNC_MESSAGES.loginRequired });
  });

  it('answers 200 and ignores a genuine webhook for an item it does not hold', async () => {
    const itemId = await quietItem();
    const genuine = await captureSigned(itemId);
    await kit.h.db.query(`DELETE FROM "${kit.h.schema}".plaid_items WHERE id = $1`, [itemId]);
    expect(await deliver(genuine.jwt, genuine.body)).toEqual({ status: 200, body: { received: true } });
    expect(await queue.getJob(`${itemId}.sync`)).toBeUndefined();
  });
});

describe('verification key lookups (the endpoint is public)', () => {
  /** A webhook signed by a key of our own under a kid Plaid does not know. */
  function forgedWith(kid: string) {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const body = JSON.stringify({ webhook_type: 'TRANSACTIONS', webhook_code: 'SYNC_UPDATES_AVAILABLE', item_id: 'x' });
    const claims = { iat: Math.floor(clock.now().getTime() / 1000), request_body_sha256: createHash('sha256').update(body).digest('hex') };
    const signingInput = `${encode({ alg: 'ES256', kid, typ: 'JWT' })}.${encode(claims)}`;
    return { jwt: `${signingInput}.${sign('sha256', Buffer.from(signingInput), { key: privateKey, dsaEncoding: 'ieee-p1363' }).toString('base64url')}`, body };
  }
  async function countingPlaidCalls<T>(run: () => Promise<T>): Promise<{ result: T; calls: number }> {
    const beforeCall = kit.emulator.hooks.beforeCall;
    let calls = 0;
    kit.emulator.hooks.beforeCall = () => {
      calls += 1;
      return beforeCall.call(kit.emulator.hooks);
    };
    try {
      return { result: await run(), calls };
    } finally {
      kit.emulator.hooks.beforeCall = beforeCall;
    }
  }

  it('keeps the cached key when its hourly refetch fails because Plaid is down', async () => {
    const itemId = await quietItem();
    const first = await captureSigned(itemId);
    expect((await deliver(first.jwt, first.body)).status).toBe(200);
    clock.set(new Date(Date.parse(TEST_NOW) + 61 * 60_000));
    const later = await captureSigned(itemId);
    kit.emulator.hooks.failNext(1, 'API_ERROR');
    expect(await deliver(later.jwt, later.body)).toEqual({ status: 200, body: { received: true } });
  });

  it('asks Plaid once for a kid many requests carry at once', async () => {
    clock.set(new Date(Date.parse(TEST_NOW) + 2 * 60 * 60_000));
    const forged = forgedWith(randomUUID());
    const { result, calls } = await countingPlaidCalls(() => Promise.all(Array.from({ length: 5 }, () => deliver(forged.jwt, forged.body))));
    expect(result.map((answer) => answer.status)).toEqual([401, 401, 401, 401, 401]);
    expect(calls).toBe(1);
  });

  it('asks Plaid about at most 10 kids a minute, whatever kids the requests carry', async () => {
    clock.set(new Date(Date.parse(TEST_NOW) + 3 * 60 * 60_000));
    const { result, calls } = await countingPlaidCalls(async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 15; i += 1) {
        const forged = forgedWith(randomUUID());
        statuses.push((await deliver(forged.jwt, forged.body)).status);
      }
      return statuses;
    });
    expect(new Set(result)).toEqual(new Set([401]));
    expect(calls).toBe(10);
  });
});
