import { createHash, generateKeyPairSync, randomUUID, sign } from 'node:crypto';

const DEFAULT_RETRY_DELAYS_MS = [1_000, 5_000, 25_000];

const base64url = (value) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

/**
 * Sends webhooks signed as Plaid signs them: an ES256 JWT in the `Plaid-Verification` header whose
 * payload holds `iat` and `request_body_sha256` (the SHA-256 of the exact body bytes), signed by a key
 * that `/webhook_verification_key/get` serves by its `kid`. A delivery not answered with 200 is retried
 * after each of `retryDelaysMs`.
 */
export function createWebhookSender({ clock, retryDelaysMs = DEFAULT_RETRY_DELAYS_MS, log }) {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const keyId = randomUUID();
  const createdAt = Math.floor(clock() / 1000);
  const timers = new Set();
  let closed = false;

  function signBody(body) {
    const header = base64url({ alg: 'ES256', kid: keyId, typ: 'JWT' });
    const payload = base64url({
      iat: Math.floor(clock() / 1000),
      request_body_sha256: createHash('sha256').update(body).digest('hex'),
    });
    // JWS wants the raw r||s signature, not DER.
    const signature = sign('sha256', Buffer.from(`${header}.${payload}`), {
      key: privateKey,
      dsaEncoding: 'ieee-p1363',
    });
    return `${header}.${payload}.${signature.toString('base64url')}`;
  }

  /** The public key as Plaid's `/webhook_verification_key/get` returns it, or null for an unknown kid. */
  function verificationKey(kid) {
    if (kid !== keyId) return null;
    const jwk = publicKey.export({ format: 'jwk' });
    return {
      alg: 'ES256',
      created_at: createdAt,
      crv: jwk.crv,
      expired_at: null,
      kid: keyId,
      kty: jwk.kty,
      use: 'sig',
      x: jwk.x,
      y: jwk.y,
    };
  }

  async function deliver(url, body, attempt) {
    if (closed) return;
    let status = 0;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'plaid-verification': signBody(body) },
        body,
      });
      status = response.status;
      await response.arrayBuffer();
    } catch (error) {
      log(`plaid-emulator: webhook to ${url} failed: ${error.message}`);
    }
    if (status === 200 || attempt >= retryDelaysMs.length || closed) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      void deliver(url, body, attempt + 1);
    }, retryDelaysMs[attempt]);
    timers.add(timer);
  }

  return {
    keyId,
    verificationKey,
    /** Fires and forgets: the API call that caused the webhook does not wait for its delivery. */
    send(url, payload) {
      if (!url) return;
      const body = JSON.stringify(payload, null, 2);
      void deliver(url, body, 0);
    },
    close() {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
