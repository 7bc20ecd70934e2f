import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

/**
 * Reads a Kong 3 DB-less declarative file and returns the parts the dev gateway applies:
 * services with their routes and their effective plugins (a plugin configured on a service
 * replaces the global plugin of the same name, as in Kong), and, for a service whose host names one of
 * the file's `upstreams`, that upstream's targets as URLs (`targets: [{ url, weight }]`, else null).
 */
export function loadKongConfig(kongFile) {
  return parseKongConfig(readFileSync(kongFile, 'utf8'));
}

export function parseKongConfig(yamlText) {
  const doc = parse(yamlText) ?? {};
  const globalPlugins = enabledPlugins(doc.plugins, 'global');
  const upstreams = parseUpstreams(doc.upstreams);
  const services = (doc.services ?? []).map((service) => {
    if (!service.name) throw new Error('kong.yml: every service needs a name');
    const ownPlugins = enabledPlugins(service.plugins, 'service');
    const ownNames = new Set(ownPlugins.map((plugin) => plugin.name));
    return {
      name: service.name,
      url: service.url ?? null,
      targets: upstreamTargets(service, upstreams),
      routes: (service.routes ?? []).map((route) => ({
        name: route.name ?? `${service.name}-route`,
        paths: route.paths ?? [],
        methods: route.methods ? route.methods.map((method) => method.toUpperCase()) : null,
        // Kong's default for strip_path is true.
        stripPath: route.strip_path ?? true,
        regexPriority: route.regex_priority ?? 0,
        service: service.name,
      })),
      plugins: [...globalPlugins.filter((plugin) => !ownNames.has(plugin.name)), ...ownPlugins],
    };
  });
  return { services, globalPlugins };
}

/** Kong's `upstreams:` by name; only round-robin is applied here (the one algorithm the dev gateway balances with). */
function parseUpstreams(upstreams) {
  const byName = new Map();
  for (const upstream of upstreams ?? []) {
    if (!upstream.name) throw new Error('kong.yml: every upstream needs a name');
    const algorithm = upstream.algorithm ?? 'round-robin';
    if (algorithm !== 'round-robin') throw new Error(`kong.yml: upstream ${upstream.name}: the dev gateway balances round-robin only, not ${algorithm}`);
    const targets = (upstream.targets ?? []).map((entry) => {
      if (typeof entry.target !== 'string' || entry.target === '') throw new Error(`kong.yml: upstream ${upstream.name}: every target needs a host:port`);
      // Kong's default target port is 8000.
      return { target: /:\d+$/.test(entry.target) ? entry.target : `${entry.target}:8000`, weight: entry.weight ?? 100 };
    });
    byName.set(upstream.name, targets);
  }
  return byName;
}

/** A service reaches an upstream when its host is the upstream's name (Kong resolves it there before DNS). */
function upstreamTargets(service, upstreams) {
  if (upstreams.size === 0) return null;
  const address = serviceAddress(service);
  const targets = address && upstreams.get(address.host);
  if (!targets) return null;
  return targets.map(({ target, weight }) => ({ url: `${address.protocol}://${target}${address.path}`, weight }));
}

function serviceAddress(service) {
  if (service.url) {
    const url = new URL(service.url);
    return { protocol: url.protocol.slice(0, -1), host: url.hostname, path: url.pathname === '/' ? '' : url.pathname };
  }
  if (service.host) return { protocol: service.protocol ?? 'http', host: service.host, path: service.path ?? '' };
  return null;
}

/** `scope` says where a plugin was configured: Kong counts a global rate limit across every route. */
function enabledPlugins(plugins, scope) {
  return (plugins ?? [])
    .filter((plugin) => plugin.enabled !== false)
    .map((plugin) => ({ name: plugin.name, config: plugin.config ?? {}, scope }));
}

/** Returns a copy of the config whose rate-limiting limits are multiplied by `factor` (used by benchmarks). */
export function scaleRateLimits(config, factor) {
  if (factor === 1) return config;
  const scale = (plugin) => {
    if (plugin.name !== 'rate-limiting') return plugin;
    const scaled = { ...plugin.config };
    for (const period of RATE_LIMIT_PERIODS) {
      if (typeof scaled[period] === 'number') scaled[period] = scaled[period] * factor;
    }
    return { ...plugin, config: scaled };
  };
  return {
    globalPlugins: config.globalPlugins.map(scale),
    services: config.services.map((service) => ({ ...service, plugins: service.plugins.map(scale) })),
  };
}

export const RATE_LIMIT_PERIODS = ['second', 'minute', 'hour', 'day', 'month', 'year'];

/**
 * Kong's response-transformer `config.add.headers`: a list of `Name:value` strings (split at the first colon,
 * as Kong does). Returned as `[[name, value], ...]`; Kong adds each one only when the answer does not
 * already carry that header, so a service's own stricter value (e.g. the blog images' CSP) wins.
 */
export function responseHeadersToAdd(plugin) {
  if (!plugin || plugin.name !== 'response-transformer') return [];
  const listed = plugin.config?.add?.headers ?? [];
  return listed.map((entry) => {
    const colon = entry.indexOf(':');
    if (colon <= 0) throw new Error(`kong.yml: response-transformer header "${entry}" is not Name:value`);
    return [entry.slice(0, colon).trim(), entry.slice(colon + 1).trim()];
  });
}

/**
 * The frontend whose page server a kong.yml service is (`public-site-pages` -> `public-site`), or null: the one
 * naming rule the launcher (which starts it from frontends/<frontend>/dist-server) and the gateway (which falls
 * back to the shell's pages without it) both follow.
 */
export function pageServerFrontend(serviceName) {
  return serviceName.endsWith(PAGES_SUFFIX) ? serviceName.slice(0, -PAGES_SUFFIX.length) : null;
}

const PAGES_SUFFIX = '-pages';
