import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { AUTH_DIRECTORY_PATTERNS, CONFIRM_EMAIL_PATH, EMAIL_CONFIRMATION_MESSAGES, UsersByIdsReplySchema } from '@paycadence/contracts';
import { createRedisClient, systemClock } from '@paycadence/nest-kit';
import { startServiceHarness, type ServiceHarness } from '@paycadence/nest-kit/testing';
import { firstValueFrom } from 'rxjs';
import type { AuthConfig } from '../src/config.js';
import { serviceDefinition } from '../src/service-definition.js';

// Proving an e-mail address against the real service, PostgreSQL, Redis and the outbox: the link comes from the
// e-mail the service wrote, exactly as its owner would open it.
const dataDir = mkdtempSync(join(tmpdir(), 'auth-confirm-'));
let h: ServiceHarness<AuthConfig>;
let redis: Redis;

beforeAll(async () => {
  h = await startServiceHarness(serviceDefinition, {
    clock: systemClock,
    env: {
      DATA_DIR: dataDir,
      APP_URL: 'http://app.test',
      SMTP_URL: '',
      JWT_PRIVATE_KEY: '',
      ENCRYPTION_KEY: '',
      ADMIN_EMAIL: '',
      ADMIN_PASSWORD: '',
      ARGON2_MEMORY_KIB: '1024',
      ARGON2_TIME_COST: '1',
    },
  });
  redis = new Redis(h.config.REDIS_URL);
});

afterAll(async () => {
  redis?.disconnect();
  await h?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

let counter = 0;
const freshIp = () => `198.18.0.${++counter}`;
const api = (method: string, path: string, options: { body?: unknown; token?: string } = {}) =>
  h.call(method, path, { body: options.body, token: options.token, headers: { 'x-forwarded-for': freshIp() } });

async function register() {
  const email = `owner${++counter}-${process.pid}@example.com`;
  const answer = await api('POST', '/api/auth/register', {
    body: {
      firstName: 'Rosa',
      lastName: 'Diaz',
      email,
      password: 'Str0ng!Pass',
      phone: '(555) 123-4567',
      dateOfBirth: '1990-05-01',
      address: { street: '1 Main St', city: 'Austin', state: 'TX', zipCode: '78701' },
      ssn: '1234',
    },
  });
  expect(answer.status).toBe(201);
  return { email, id: answer.body.user.id as string, token: answer.body.session.access_token as string, user: answer.body.user };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mailsTo = (to: string) => {
  let names: string[] = [];
  try {
    names = readdirSync(join(dataDir, 'outbox')).filter((name) => name.endsWith('.json')).sort();
  } catch {
    return [];
  }
  return names.map((name) => JSON.parse(readFileSync(join(dataDir, 'outbox', name), 'utf8'))).filter((mail) => mail.to === to);
};

/** The token of the `nth` confirmation e-mail to `to` (1-based), waiting for the background send. */
async function confirmationToken(to: string, nth = 1): Promise<string> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const links = mailsTo(to)
      .filter((mail) => mail.subject.includes('Confirm'))
      .map((mail) => /https?:\/\/\S+\/confirm-email#token=([A-Za-z0-9_-]+)/.exec(mail.text));
    const link = links[nth - 1];
    if (link) return link[1]!;
    await pause(50);
  }
  throw new Error(`no confirmation e-mail #${nth} to ${to}`);
}

const me = async (token: string) => (await api('GET', '/api/auth/me', { token })).body.user;

describe('confirming the e-mail address', () => {
  it('mails a link at sign-up with its token in the fragment; the account works, unconfirmed, until it is opened', async () => {
    const owner = await register();
    expect(owner.user.email_confirmed).toBe(false);
    const token = await confirmationToken(owner.email);
    const text = mailsTo(owner.email)[0].text as string;
    expect(text).toContain(`http://app.test${CONFIRM_EMAIL_PATH}#token=${token}`);
    expect(text).not.toContain('?token=');
    // Stored hashed: the database never holds the token itself.
    const { rows } = await h.db.query(`SELECT token_hash FROM "${h.schema}".email_confirmations WHERE user_id = $1`, [owner.id]);
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).not.toContain(token);

    const confirmed = await api('POST', '/api/auth/confirm-email', { body: { token } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ success: true, email: owner.email, message: EMAIL_CONFIRMATION_MESSAGES.confirmed(owner.email) });
    expect((await me(owner.token)).email_confirmed).toBe(true);
  });

  it('works once: the same link again is 409 with its own words, and the address stays confirmed', async () => {
    const owner = await register();
    const token = await confirmationToken(owner.email);
    expect((await api('POST', '/api/auth/confirm-email', { body: { token } })).status).toBe(200);
    const again = await api('POST', '/api/auth/confirm-email', { body: { token } });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(EMAIL_CONFIRMATION_MESSAGES.usedLink);
    expect((await me(owner.token)).email_confirmed).toBe(true);
  });

  it('expires after 48 hours (410) and confirms nothing', async () => {
    const owner = await register();
    const token = await confirmationToken(owner.email);
    await h.db.query(`UPDATE "${h.schema}".email_confirmations SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [owner.id]);
    const late = await api('POST', '/api/auth/confirm-email', { body: { token } });
    expect(late.status).toBe(410);
    expect(late.body.message).toBe(EMAIL_CONFIRMATION_MESSAGES.expiredLink);
    expect((await me(owner.token)).email_confirmed).toBe(false);
  });

  it('lives 48 hours', async () => {
    const owner = await register();
    await confirmationToken(owner.email);
    const { rows } = await h.db.query(`SELECT extract(epoch FROM expires_at - created_at)::int AS seconds FROM "${h.schema}".email_confirmations WHERE user_id = $1`, [owner.id]);
    expect(Math.abs(rows[0].seconds - 48 * 3600)).toBeLessThan(5);
  });

  it('refuses an unknown or malformed token with 400, never 5xx', async () => {
    const unknown = await api('POST', '/api/auth/confirm-email', { body: { token: 'A'.repeat(43) } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(EMAIL_CONFIRMATION_MESSAGES.invalidLink);
    for (const body of [{}, { token: 'short' }, { token: 42 }, { token: 'A'.repeat(43), extra: 1 }]) {
      expect((await api('POST', '/api/auth/confirm-email', { body })).status).toBe(400);
    }
  });

  it('resends on request, throttled with the wait named; only the newest link works', async () => {
    const owner = await register();
    const first = await confirmationToken(owner.email);
    // Sign-up's own e-mail took this minute: asking at once is told how long to wait.
    const early = await api('POST', '/api/auth/confirm-email/resend', { body: {}, token: owner.token });
    expect(early.status).toBe(429);
    expect(early.body.message).toMatch(/^We just sent you a link\. You can ask for another in \d+ seconds\.$/);
    expect(Number(early.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(early.headers.get('retry-after'))).toBeLessThanOrEqual(60);

    // A minute later (the interval's key gone) a new link goes out, and the first one stops working.
    await redis.del(`${h.redisKeyPrefix}confirm-email:${owner.id}`);
    const resent = await api('POST', '/api/auth/confirm-email/resend', { body: {}, token: owner.token });
    expect(resent.status).toBe(200);
    expect(resent.body.message).toBe(EMAIL_CONFIRMATION_MESSAGES.resent(owner.email));
    const second = await confirmationToken(owner.email, 2);
    expect(second).not.toBe(first);
    // The superseded link is simply not valid any more (400), not "already used", which would suggest success.
    const superseded = await api('POST', '/api/auth/confirm-email', { body: { token: first } });
    expect(superseded.status).toBe(400);
    expect(superseded.body.message).toBe(EMAIL_CONFIRMATION_MESSAGES.invalidLink);
    expect((await api('POST', '/api/auth/confirm-email', { body: { token: second } })).status).toBe(200);

    // Confirmed: asking again mails nothing.
    await redis.del(`${h.redisKeyPrefix}confirm-email:${owner.id}`);
    const done = await api('POST', '/api/auth/confirm-email/resend', { body: {}, token: owner.token });
    expect(done.body).toEqual({ success: true, message: EMAIL_CONFIRMATION_MESSAGES.alreadyConfirmed });
    expect(mailsTo(owner.email).filter((mail) => mail.subject.includes('Confirm'))).toHaveLength(2);
  });

  it('caps the links a day at ten', async () => {
    const owner = await register();
    await confirmationToken(owner.email);
    let answer;
    for (let sent = 1; sent <= 10; sent += 1) {
      await redis.del(`${h.redisKeyPrefix}confirm-email:${owner.id}`);
      answer = await api('POST', '/api/auth/confirm-email/resend', { body: {}, token: owner.token });
    }
    expect(answer!.status).toBe(429);
    expect(answer!.body.message).toMatch(/^You have asked for many links today\./);
  });

  it('needs a session to resend', async () => {
    expect((await api('POST', '/api/auth/confirm-email/resend', { body: {} })).status).toBe(401);
  });

  it("tells other services through the directory whether an address is confirmed", async () => {
    const unconfirmed = await register();
    const confirmed = await register();
    await api('POST', '/api/auth/confirm-email', { body: { token: await confirmationToken(confirmed.email) } });
    const client = createRedisClient(h.config.REDIS_URL);
    try {
      const reply = UsersByIdsReplySchema.parse(
        await firstValueFrom(client.send(AUTH_DIRECTORY_PATTERNS.usersByIds, { ids: [unconfirmed.id, confirmed.id] })),
      );
      if (!reply.ok) throw new Error('directory refused');
      const byId = new Map(reply.users.map((user) => [user.id, user.emailConfirmed]));
      expect(byId.get(unconfirmed.id)).toBe(false);
      expect(byId.get(confirmed.id)).toBe(true);
    } finally {
      await client.close();
    }
  });

  it('a password reset link, mailed to the address, confirms it too', async () => {
    const owner = await register();
    await api('POST', '/api/auth/forgot-password', { body: { email: owner.email } });
    let link: RegExpExecArray | null = null;
    for (let attempt = 0; attempt < 100 && !link; attempt += 1) {
      link = mailsTo(owner.email)
        .map((mail) => /#access_token=([^&\s]+)/.exec(mail.text))
        .find(Boolean) ?? null;
      if (!link) await pause(50);
    }
    expect(link).not.toBeNull();
    const reset = await h.call('POST', '/api/auth/update-password', { body: { password: 'N3w!Passw0rd' }, token: decodeURIComponent(link![1]!) });
    expect(reset.status).toBe(200);
    const { rows } = await h.db.query(`SELECT email_confirmed_at FROM "${h.schema}".users WHERE id = $1`, [owner.id]);
    expect(rows[0].email_confirmed_at).not.toBeNull();
  });
});
