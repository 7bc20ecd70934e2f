import http from 'node:http';
import { createHash, createPublicKey, verify } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Configuration, PlaidApi, Products, SandboxItemFireWebhookRequestWebhookCodeEnum } from 'plaid';
import { EMULATOR_CLIENT_ID, EMULATOR_SECRET, startPlaidEmulator } from './plaid-emulator.mjs';

/** A webhook receiver that answers the statuses it is given in turn (then 200) and keeps what it got. */
async function startReceiver(statuses = []) {
  const received = [];
  const waiters = [];
  const server = http.createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        body: Buffer.concat(chunks).toString('utf8'),
        verification: request.headers['plaid-verification'],
      });
      response.writeHead(statuses.shift() ?? 200).end();
      for (const waiter of waiters.splice(0)) waiter();
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const waitFor = async (count) => {
    while (received.length < count) await new Promise((resolve) => waiters.push(resolve));
  };
  return {
    url: `http://127.0.0.1:${server.address().port}/webhook`,
    received,
    waitFor,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** Verifies a Plaid-Verification JWT the way Plaid documents it; returns its payload. */
async function verifyWebhook(plaid, { body, verification }) {
  const [header, payload, signature] = verification.split('.');
  const { kid, alg } = JSON.parse(Buffer.from(header, 'base64url').toString('utf8'));
  expect(alg).toBe('ES256');
  const { data } = await plaid.webhookVerificationKeyGet({ key_id: kid });
  const key = createPublicKey({ key: data.key, format: 'jwk' });
  const valid = verify(
    'sha256',
    Buffer.from(`${header}.${payload}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  expect(valid).toBe(true);
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  expect(claims.request_body_sha256).toBe(createHash('sha256').update(body).digest('hex'));
  return claims;
}

describe('plaid emulator webhooks', () => {
  let emulator;
  let plaid;
  beforeAll(async () => {
    emulator = await startPlaidEmulator({ seed: 'webhooks', log: () => {}, webhookRetryDelaysMs: [10, 10] });
    plaid = new PlaidApi(
      new Configuration({
        basePath: emulator.url,
        baseOptions: { headers: { 'PLAID-CLIENT-ID': EMULATOR_CLIENT_ID, 'PLAID-SECRET': EMULATOR_SECRET } },
      }),
    );
  });
  afterAll(() => emulator?.close());

  async function linkWithWebhook(webhook) {
    const { data } = await plaid.sandboxPublicTokenCreate({
      institution_id: 'ins_109508',
      initial_products: [Products.Transactions],
      options: { webhook },
    });
    return (await plaid.itemPublicTokenExchange({ public_token: data.public_token })).data;
  }

  it('signs SYNC_UPDATES_AVAILABLE with a key served by /webhook_verification_key/get', async () => {
    const receiver = await startReceiver();
    try {
      const { access_token, item_id } = await linkWithWebhook(receiver.url);
      const { data } = await plaid.sandboxItemFireWebhook({
        access_token,
        webhook_code: SandboxItemFireWebhookRequestWebhookCodeEnum.SyncUpdatesAvailable,
      });
      expect(data.webhook_fired).toBe(true);
      await receiver.waitFor(1);
      const claims = await verifyWebhook(plaid, receiver.received[0]);
      expect(Math.abs(claims.iat - Date.now() / 1000)).toBeLessThan(60);
      expect(JSON.parse(receiver.received[0].body)).toMatchObject({
        webhook_type: 'TRANSACTIONS',
        webhook_code: 'SYNC_UPDATES_AVAILABLE',
        item_id,
      });
    } finally {
      await receiver.close();
    }
  });

  it('retries a webhook not answered with 200, and sends an ITEM error after reset_login', async () => {
    const receiver = await startReceiver([500]);
    try {
      const { access_token } = await linkWithWebhook(receiver.url);
      await plaid.sandboxItemResetLogin({ access_token });
      await receiver.waitFor(2);
      expect(receiver.received[1].body).toBe(receiver.received[0].body);
      expect(JSON.parse(receiver.received[1].body)).toMatchObject({
        webhook_type: 'ITEM',
        webhook_code: 'ERROR',
        error: { error_code: 'ITEM_LOGIN_REQUIRED' },
      });
      await verifyWebhook(plaid, receiver.received[1]);
    } finally {
      await receiver.close();
    }
  });

  it('refuses an unknown verification key id', async () => {
    const error = await plaid
      .webhookVerificationKeyGet({ key_id: 'unknown' })
      .catch((failure) => failure.response);
    expect(error.status).toBe(400);
  });
});
