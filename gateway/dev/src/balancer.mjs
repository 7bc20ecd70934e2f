/**
 * Kong's `round-robin` over an upstream's targets: each request goes to the next target, in proportion to its
 * weight (smooth weighted round-robin, so two targets of weight 100 simply alternate; weight 0 takes nothing,
 * as in Kong). A target that refused a connection is passed over for `downForMs`, as Kong's balancer moves a
 * refused request on to the next target and its passive health check stops choosing a failing one; when every
 * target is marked down they are all tried again, so a restarted replica is found without a health probe.
 *
 * `targets`: `[{ url, weight? }]` (weight default 100, Kong's). Returns `{ targets, pick(tried), markDown(t) }`.
 */
export function createBalancer(targets, { downForMs = DOWN_FOR_MS, now = Date.now } = {}) {
  const wheel = targets
    .map((target) => ({ ...target, weight: target.weight ?? DEFAULT_WEIGHT, current: 0, downUntil: 0 }))
    .filter((target) => target.weight > 0);
  if (wheel.length === 0) throw new Error('a balancer needs at least one target with a weight above 0');

  /** The next target not in `tried` (an array of targets this request already failed on); null when none is left. */
  function pick(tried = NONE) {
    // One target (the usual local run): no wheel to turn, nothing allocated per request.
    if (wheel.length === 1) return tried.length === 0 ? wheel[0] : null;
    const untried = wheel.filter((target) => !tried.includes(target));
    if (untried.length === 0) return null;
    const at = now();
    const up = untried.filter((target) => target.downUntil <= at);
    const candidates = up.length > 0 ? up : untried;
    let total = 0;
    let best = null;
    for (const target of candidates) {
      target.current += target.weight;
      total += target.weight;
      if (best === null || target.current > best.current) best = target;
    }
    best.current -= total;
    return best;
  }

  function markDown(target) {
    target.downUntil = now() + downForMs;
  }

  return { targets: wheel, pick, markDown };
}

/** Whether a proxy error means the target refused the connection: nothing reached it, so another may be asked. */
export function isConnectionRefused(error) {
  for (let current = error, depth = 0; current && depth < 4; depth += 1) {
    if (current.code === 'ECONNREFUSED') return true;
    current = current.cause;
  }
  return false;
}

const DEFAULT_WEIGHT = 100;
const DOWN_FOR_MS = 5_000;
const NONE = Object.freeze([]);
