import type { Clock } from '@paycadence/nest-kit';
import type { Redis } from 'ioredis';
import { RateLimits } from './rate-limits.js';

/** The part of a key Redis Cluster hashes: the text between the first `{` and the next `}`, when not empty. */
function hashedPart(key: string): string {
  const open = key.indexOf('{');
  if (open < 0) return key;
  const close = key.indexOf('}', open + 1);
  return close <= open + 1 ? key : key.slice(open + 1, close);
}

function rateLimits(answer: unknown = ['taken', '']) {
  const evals: unknown[][] = [];
  const redis = {
    eval: jest.fn(async (...args: unknown[]) => {
      evals.push(args);
      return answer;
    }),
  } as unknown as Redis;
  const clock: Clock = { now: () => new Date('2026-03-02T10:00:00Z') } as Clock;
  return { limits: new RateLimits(redis, 'auth-test:', clock), evals };
}

/** The KEYS of one EVAL call: `eval(script, numKeys, ...keys, ...args)`. */
const keysOf = (call: unknown[]) => call.slice(2, 2 + Number(call[1])) as string[];

// docs/redis-cluster.md: a cluster runs a script only when all its keys hash to one slot.
describe('RateLimits on a Redis Cluster', () => {
  it.each([
    ['an IPv4 client', '198.51.100.7', 'dana@example.com'],
    ['an IPv6 client (with its wider /56 and /48 counters)', '2001:db8:1:2::1', 'dana@example.com'],
    ['an address whose text carries braces', '203.0.113.9', '{evil}@example.com'],
    ['an unknown client', null, 'dana@example.com'],
  ])('keeps every key of every sign-in script in one hash slot, under the prefix: %s', async (_case, ip, email) => {
    const { limits, evals } = rateLimits();
    const attempt = await limits.takePasswordAttempt(email, ip);
    await limits.takeCodeAttempt(email, ip);
    await limits.giveBack(attempt);
    await limits.completeSignIn(email, ip);
    expect(evals).toHaveLength(4);
    for (const call of evals) {
      const keys = keysOf(call);
      expect(keys.length).toBeGreaterThanOrEqual(3);
      expect(new Set(keys.map(hashedPart))).toEqual(new Set(['sign-in']));
      for (const key of keys) expect(key.startsWith('auth-test:')).toBe(true);
    }
  });

  it('keeps single-key allowances as plain keys (a cluster routes each by itself)', async () => {
    const { limits, evals } = rateLimits(0);
    await limits.takeRegistration('198.51.100.7');
    expect(keysOf(evals[0])).toEqual(['auth-test:register:v4:198.51.100.7']);
  });
});
