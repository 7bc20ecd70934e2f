import type { RedisClient } from './redis.js';

/**
 * One use of a hard allowance: KEYS[1] counts up to ARGV[1] per window of ARGV[2] seconds (starting at its first
 * use). Answers 0 when taken, else the ms until the window ends. One script, so two requests at once cannot both
 * take the last use. One key only, so a Redis Cluster runs it on that key's node as it is.
 */
const TAKE_ALLOWANCE = `
if tonumber(redis.call('GET', KEYS[1]) or '0') >= tonumber(ARGV[1]) then
  local left = redis.call('PTTL', KEYS[1])
  if left < 0 then left = tonumber(ARGV[2]) * 1000 end
  if left < 1 then left = 1 end
  return left
end
if redis.call('INCR', KEYS[1]) == 1 or redis.call('TTL', KEYS[1]) < 0 then redis.call('EXPIRE', KEYS[1], ARGV[2]) end
return 0`;

/** Gives one use back to KEYS[1] (the attempt was right); never creates the counter or takes it below zero. */
const GIVE_BACK_ALLOWANCE = `
if tonumber(redis.call('GET', KEYS[1]) or '0') > 0 then redis.call('DECR', KEYS[1]) end
return 1`;

/**
 * Takes one of `limit` uses of `key` in a window of `windowSeconds` that starts at the first use. Resolves with 0
 * when the use was taken, else with the milliseconds left until the window ends (nothing taken).
 */
export async function takeAllowance(redis: RedisClient, key: string, limit: number, windowSeconds: number): Promise<number> {
  return Number(await redis.eval(TAKE_ALLOWANCE, 1, key, limit, windowSeconds));
}

/** Gives back a use taken with takeAllowance (the step it paid for turned out not to count). */
export async function giveBackAllowance(redis: RedisClient, key: string): Promise<void> {
  await redis.eval(GIVE_BACK_ALLOWANCE, 1, key);
}
