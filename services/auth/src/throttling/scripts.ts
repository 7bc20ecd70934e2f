/**
 * The throttles' Redis scripts. Each runs atomically, so an attempt is counted BEFORE it is evaluated and a
 * concurrent burst cannot pass a check made before any of it was counted.
 */

/**
 * Takes one sign-in attempt, or says which limit refuses it. A refusal by a hard limit counts nowhere (hammering
 * a closed door never moves it). A refusal by the account's slowing counts on the caller's hard counters (pair
 * and client), though not on the account: so whoever polls a slowed account to be first through the door
 * soon meets its own pair or client limit and stops competing with the owner.
 * KEYS: n hard counters, then the account's slowing state (hash: failures, last = ms of the latest counted
 * failure), then the "known client" marker.
 * ARGV: n, window s, free failures, first delay ms, max delay ms, now ms, exemption ('0' none; '1' when the
 * known-client marker exists; '2' a valid device cookie), then the n limits.
 * Answers {'taken', previous last or ''} or {'hard', i (1-based), ms left} or {'slowed', 0, ms left}.
 */
export const TAKE_SIGN_IN_ATTEMPT = `
local n = tonumber(ARGV[1])
for i = 1, n do
  if tonumber(redis.call('GET', KEYS[i]) or '0') >= tonumber(ARGV[7 + i]) then
    local left = redis.call('PTTL', KEYS[i])
    if left < 0 then left = tonumber(ARGV[2]) * 1000 end
    if left < 1 then left = 1 end
    return {'hard', i, left}
  end
end
local function count()
  for i = 1, n do
    if redis.call('INCR', KEYS[i]) == 1 or redis.call('TTL', KEYS[i]) < 0 then redis.call('EXPIRE', KEYS[i], ARGV[2]) end
  end
end
local state = KEYS[n + 1]
local failures = tonumber(redis.call('HGET', state, 'failures') or '0')
local last = redis.call('HGET', state, 'last') or ''
local free = tonumber(ARGV[3])
local now = tonumber(ARGV[6])
local exempt = ARGV[7] == '2' or (ARGV[7] == '1' and redis.call('EXISTS', KEYS[n + 2]) == 1)
if failures >= free and not exempt then
  local delay = math.min(tonumber(ARGV[4]) * 2 ^ math.min(failures - free, 30), tonumber(ARGV[5]))
  local readyAt = (tonumber(last) or 0) + delay
  if now < readyAt then
    count()
    return {'slowed', 0, math.ceil(readyAt - now)}
  end
end
count()
redis.call('HSET', state, 'failures', failures + 1, 'last', ARGV[6])
redis.call('EXPIRE', state, ARGV[2])
return {'taken', last}`;

/**
 * The attempt was right (a password of a 2FA account): its place goes back to the hard counters and the
 * slowing state, whose `last` returns to what it was if no later failure moved it.
 * KEYS: n hard counters, the slowing state. ARGV: n, previous last ('' = none), this attempt's now ms.
 */
export const GIVE_BACK_SIGN_IN_ATTEMPT = `
local n = tonumber(ARGV[1])
for i = 1, n do
  if tonumber(redis.call('GET', KEYS[i]) or '0') > 0 then redis.call('DECR', KEYS[i]) end
end
local state = KEYS[n + 1]
local failures = tonumber(redis.call('HGET', state, 'failures') or '0')
if failures <= 1 then
  redis.call('DEL', state)
else
  redis.call('HINCRBY', state, 'failures', -1)
  if redis.call('HGET', state, 'last') == ARGV[3] then
    if ARGV[2] == '' then redis.call('HSET', state, 'last', '0') else redis.call('HSET', state, 'last', ARGV[2]) end
  end
end
return 1`;

/**
 * The whole sign-in succeeded: KEYS[1] (the pair), KEYS[3] and KEYS[4] (the account's password and second-factor
 * states) start afresh, KEYS[2] (the client) gets this attempt back, KEYS[5] marks the client as known to the
 * account for ARGV[1] seconds.
 */
export const COMPLETE_SIGN_IN = `
redis.call('DEL', KEYS[1], KEYS[3], KEYS[4])
if tonumber(redis.call('GET', KEYS[2]) or '0') > 0 then redis.call('DECR', KEYS[2]) end
redis.call('SET', KEYS[5], '1', 'EX', ARGV[1])
return 1`;
