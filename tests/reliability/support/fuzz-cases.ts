// The fuzz's requests, generated from the contracts' own route tables (SERVICE_ROUTES and the *_ENDPOINTS
// tables), so a route is fuzzed the day it is added. Each case is one malformed request: a field of a plausible
// body mutated (wrong type, NUL, lone surrogate, odd Unicode, huge, deep, missing, extra), or the body itself
// broken (invalid JSON, wrong content type, huge, deeply nested), or the path, query or token.
import type { z } from 'zod';
import * as contracts from '../../../libs/contracts/src/index.js';
import type { Random } from './fuzz-random';
import { fieldPaths, sampleValue, withField } from './fuzz-schema';

export interface FuzzRoute {
  service: string;
  method: string;
  /** With `{param}` placeholders. */
  path: string;
  body?: z.ZodType;
  query?: z.ZodType;
  /** false: public (no session needed). */
  session: boolean;
  /** Needs the admin role. */
  admin: boolean;
}

export interface FuzzSessions {
  user: { id: string; token: string };
  admin: { id: string; token: string };
  /**
   * Only for routes that end the session they are called with (sign-out, and deleting the account, which a
   * well-formed case with the right password does), so the others keep a live one.
   */
  disposable: { id: string; token: string };
}

/** The party whose session a route is called with. */
function partyFor(route: FuzzRoute, sessions: FuzzSessions) {
  if (route.path.endsWith('/logout') || route.path === contracts.ACCOUNT_DELETE_PATH) return sessions.disposable;
  return route.admin ? sessions.admin : sessions.user;
}

export interface FuzzRequest {
  service: string;
  route: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** What was broken, for the failure report. */
  label: string;
}

type Endpoint = { method: string; path: string; body?: z.ZodType; query?: z.ZodType; session?: boolean };

/** Every route of every service: SERVICE_ROUTES, plus any endpoint of the tables that it does not list. */
export function fuzzRoutes(): FuzzRoute[] {
  const endpoints: Endpoint[] = Object.entries(contracts)
    .filter(([name, value]) => name.endsWith('_ENDPOINTS') && typeof value === 'object' && value !== null)
    .flatMap(([, table]) => Object.values(table as Record<string, Endpoint>));
  const serviceOfPrefix = new Map<string, string>();
  const routes = new Map<string, FuzzRoute>();
  const prefixOf = (path: string) => path.split('/').slice(0, 3).join('/');
  const isAdmin = (path: string) => path.startsWith('/api/admin/') || path.startsWith('/api/blog/admin/');
  for (const [service, list] of Object.entries(contracts.SERVICE_ROUTES)) {
    for (const entry of list as readonly string[]) {
      const [method, path] = entry.split(' ');
      serviceOfPrefix.set(prefixOf(path), service);
      const endpoint = endpoints.find((candidate) => candidate.method === method && candidate.path === path);
      routes.set(entry, {
        service,
        method,
        path,
        body: endpoint?.body,
        query: endpoint?.query,
        session: endpoint?.session ?? !path.startsWith('/.well-known'),
        admin: isAdmin(path),
      });
    }
  }
  for (const endpoint of endpoints) {
    const key = `${endpoint.method} ${endpoint.path}`;
    const service = serviceOfPrefix.get(prefixOf(endpoint.path));
    if (routes.has(key) || !service) continue;
    routes.set(key, { service, ...endpoint, session: endpoint.session ?? true, admin: isAdmin(endpoint.path) });
  }
  return [...routes.values()];
}

// ---------------------------------------------------------------------------------------------------------
// Building blocks of bad input

const LONE_HIGH = '\ud800';
const LONE_LOW = '\udc00';
const ODD_TEXT = [
  'a\u0000b',
  '\u0000',
  `x${LONE_HIGH}y`,
  `${LONE_LOW}`,
  `tail${LONE_HIGH}`,
  '\u202e\u200b\ufeff\u2028\u2029',
  '\uffff\ufffe',
  'e\u0301\u0301\u0301\u0301',
  '😀👨‍👩‍👧‍👦',
  '\u0007\u001b[31m\r\n\t',
  "'; DROP TABLE users; --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00%ED%A0%80',
  '   ',
  '',
];

/** 16 KB to about 1 MB once in JSON (a NUL is 6 bytes there). */
function hugeString(random: Random): string {
  const size = random.pick([16 * 1024, 64 * 1024, 200 * 1024, 900 * 1024]);
  return random.pick([
    () => 'a'.repeat(size),
    // The finding-1 shape: a long domain full of dots (quadratic for the old e-mail pattern).
    () => `a@${'.'.repeat(size)}`,
    () => `${'a'.repeat(size / 2)}@${'a.'.repeat(size / 4)}!`,
    () => '\u0000'.repeat(Math.floor(size / 6)),
    () => ' '.repeat(size) + 'x',
  ])();
}

/** Text PostgreSQL refuses: the likeliest 500s, so drawn most often. */
const UNSAFE_TEXT = ['a\u0000b', '\u0000', `x${'\ud800'}y`, '\udc00', `tail${'\ud800'}`, 'Rent\u0000', `${'\udbff'}`];

/** JSON text put into a body as is (built as text: JSON.stringify of 5,000 levels would overflow the stack). */
class RawJson {
  constructor(readonly text: string) {}
}

function deepValue(random: Random): RawJson {
  const depth = random.pick([50, 500, 5_000, 50_000]);
  return random.chance(0.5) ? new RawJson(`${'['.repeat(depth)}"bottom"${']'.repeat(depth)}`) : new RawJson(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`);
}

/** JSON.stringify that writes RawJson values as their text. */
function toJson(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, current: unknown) => {
    if (!(current instanceof RawJson)) return current;
    raws.push(current.text);
    return `__raw_json_${raws.length - 1}__`;
  });
  return raws.reduce((out, raw, index) => out.replace(`"__raw_json_${index}__"`, () => raw), text ?? 'null');
}

function wrongValue(random: Random): unknown {
  if (random.chance(0.4)) return random.pick(UNSAFE_TEXT);
  return random.pick<() => unknown>([
    () => random.pick(ODD_TEXT),
    () => random.pick(ODD_TEXT),
    () => random.pick(ODD_TEXT),
    () => hugeString(random),
    () => deepValue(random),
    () => null,
    () => true,
    () => 0,
    () => -1,
    () => 1.5,
    () => 1e308,
    () => -1e308,
    () => Number.MAX_SAFE_INTEGER + 2,
    () => [],
    () => [1, 'two', null],
    () => ({}),
    () => ({ nested: 'a\u0000' }),
    () => 'not-a-date',
    () => '2026-02-30',
    () => '9999-99-99',
    () => random.uuid(),
    () => 'NaN',
    () => '1e999',
    () => '-0.001',
  ])();
}

/** Raw bodies that are not the JSON the route expects. */
function brokenBody(random: Random, sample: unknown): { body: string | Buffer; contentType?: string; label: string } {
  const json = toJson(sample ?? {});
  return random.pick<() => { body: string | Buffer; contentType?: string; label: string }>([
    () => ({ body: '{"a":', label: 'truncated JSON' }),
    () => ({ body: json.slice(0, Math.max(1, json.length - 1)), label: 'JSON cut short' }),
    () => ({ body: "{'single': 'quotes'}", label: 'invalid JSON' }),
    () => ({ body: '{"a":1,}', label: 'trailing comma' }),
    () => ({ body: 'null', label: 'JSON null' }),
    () => ({ body: '[]', label: 'JSON array' }),
    () => ({ body: '"text"', label: 'JSON string' }),
    () => ({ body: '12345', label: 'JSON number' }),
    () => ({ body: 'true', label: 'JSON true' }),
    () => ({ body: '', label: 'empty JSON body' }),
    () => ({ body: '   ', label: 'whitespace body' }),
    () => ({ body: `\ufeff${json}`, label: 'BOM before JSON' }),
    () => ({ body: '{"a":"\\ud800"}', label: 'escaped lone surrogate' }),
    () => ({ body: '{"a":"\\u0000"}', label: 'escaped NUL' }),
    () => ({ body: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xed, 0xa0, 0x80, 0x22, 0x7d]), label: 'invalid UTF-8 in JSON' }),
    () => ({ body: json.replace('{', '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}},'), label: 'prototype keys' }),
    () => ({ body: json.replace('{', '{"dup":1,"dup":"\\u0000",'), label: 'duplicate keys' }),
    () => ({ body: deepValue(random).text, label: 'deeply nested body' }),
    () => ({ body: `{"a":${'['.repeat(100_000)}`, label: 'unclosed deep arrays' }),
    () => ({ body: JSON.stringify({ a: hugeString(random) }), label: 'huge body' }),
    () => ({ body: `{"a":1e999,"b":-1e999}`, label: 'overflowing numbers' }),
    () => ({ body: json, contentType: 'text/plain', label: 'text/plain content type' }),
    () => ({ body: 'a=1&b=%00', contentType: 'application/x-www-form-urlencoded', label: 'form body' }),
    () => ({ body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n', contentType: 'multipart/form-data; boundary=x', label: 'multipart body' }),
    () => ({ body: '<a>1</a>', contentType: 'application/xml', label: 'XML body' }),
    () => ({ body: json, contentType: 'application/json; charset=latin1', label: 'odd charset' }),
    () => ({ body: json, contentType: 'application/json;;;', label: 'malformed content type' }),
    () => ({ body: json, contentType: 'application/jsonx', label: 'look-alike content type' }),
    () => ({ body: json, contentType: 'APPLICATION/JSON', label: 'upper-case content type' }),
    () => ({ body: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0]), contentType: 'image/png', label: 'truncated PNG' }),
    () => ({ body: Buffer.alloc(2048, 0xff), contentType: 'image/jpeg', label: 'garbage JPEG' }),
    () => ({ body: json, contentType: '', label: 'empty content type' }),
  ])();
}

const PATH_VARIANTS = [
  'not-a-uuid',
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%F0%9F%98%80',
  '%',
  '%zz',
  '%C0%AF',
  '..%2F..%2Fetc',
  '-1',
  '0',
  'null',
  'undefined',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  "1'%20OR%20'1'='1",
  'x'.repeat(300),
  'a'.repeat(5000),
  '%20',
  '%E2%80%AE',
];

const QUERY_VARIANTS = [
  'a=%00',
  'today=%00',
  'today=2026-13-45',
  'today=%ED%A0%80',
  'limit=abc&offset=-1',
  'limit=1e400&offset=NaN',
  'featured=%ED%A0%80',
  'x[y][z]=1',
  'from=%00&to=%00',
  'from=2026-01-01&to=1900-01-01',
  'page=1e400&pageSize=0',
  '__proto__[x]=1&constructor[prototype][y]=1',
  'kind=auth&user=%00',
  'user=%ED%A0%80',
  `user=${'a'.repeat(5000)}`,
  'today=a&today=b',
  'laterWindowDays=-5',
  'type=%C0%80',
  '%=%',
  `${'a=b&'.repeat(1000)}c=d`,
];

/** An unsigned (alg none) token claiming the admin role, and one signed by nobody. */
function forgedTokens(random: Random, userId: string): string[] {
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const claims = { sub: userId, role: 'admin', email: 'x@example.com', iat: now, exp: now + 600, aud: 'paycadence', sid: random.uuid() };
  return [
    `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`,
    `${b64({ alg: 'ES256', typ: 'JWT', kid: 'nope' })}.${b64(claims)}.${Buffer.alloc(64, 7).toString('base64url')}`,
    `${b64({ alg: 'ES256', typ: 'JWT' })}.${b64({ ...claims, exp: now - 3600 })}.${Buffer.alloc(64, 1).toString('base64url')}`,
    `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}.${Buffer.alloc(32, 3).toString('base64url')}`,
    `${b64({ alg: 'ES256', kid: '../../../../etc/passwd' })}.${b64('not an object')}.x`,
    `${b64({ alg: 'ES256' })}.${'%%%'}.${'!!!'}`,
  ];
}

function authorization(random: Random, route: FuzzRoute, sessions: FuzzSessions, mode: 'valid' | 'any'): string | undefined {
  const own = partyFor(route, sessions);
  if (mode === 'valid' && route.session) return `Bearer ${own.token}`;
  return random.pick<() => string | undefined>([
    () => undefined,
    () => `Bearer ${own.token}`,
    () => `Bearer ${own.token}`,
    () => (route.admin ? `Bearer ${sessions.user.token}` : `Bearer ${own.token}`),
    () => 'Bearer garbage',
    () => 'Bearer ',
    () => 'Bearer',
    () => 'Basic dXNlcjpwYXNz',
    () => `Bearer ${'a'.repeat(7000)}`,
    () => `Bearer ${own.token.slice(0, -4)}AAAA`,
    () => `Bearer ${own.token.split('.').slice(0, 2).join('.')}.`,
    () => 'Bearer \u00ff\u00fe.\u00e9.x',
    () => `bearer  ${own.token}`,
    () => `Bearer ${random.pick(forgedTokens(random, own.id))}`,
    () => `Bearer ${random.pick(forgedTokens(random, own.id))}`,
  ])();
}

function fillPath(random: Random, route: FuzzRoute, sessions: FuzzSessions, broken: boolean): string {
  const own = partyFor(route, sessions);
  const names = [...route.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
  const brokenName = broken && names.length > 0 ? random.pick(names) : null;
  return route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (name === brokenName) return random.pick(PATH_VARIANTS);
    if (name === 'userId') return route.service === 'admin' ? random.uuid() : own.id;
    if (name === 'kind') return random.pick(['income', 'bills', 'expenses', 'all']);
    if (name === 'slug') return `no-such-post-${random.int(1000)}`;
    return random.uuid();
  });
}

function sampleQuery(random: Random, route: FuzzRoute, context: { random: Random; userId: string | null }): Record<string, string> {
  if (!route.query) return {};
  const sample = sampleValue(route.query, context);
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries((sample as Record<string, unknown>) ?? {})) {
    if (value !== undefined && value !== null && typeof value !== 'object') out[key] = String(value);
  }
  if (out.today !== undefined) out.today = new Date().toISOString().slice(0, 10);
  if (out.from !== undefined) out.from = new Date().toISOString().slice(0, 10);
  if (out.to !== undefined) out.to = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
  if (random.chance(0.3)) delete out[random.pick(Object.keys(out).concat('none'))];
  return out;
}

/** encodeURIComponent, except that a lone surrogate (which it refuses) is sent as its WTF-8 bytes: bad UTF-8. */
function encodePart(text: string): string {
  let out = '';
  for (let index = 0; index < text.length; index += 1) {
    const unit = text.charCodeAt(index);
    const pair = unit >= 0xd800 && unit <= 0xdbff && (text.charCodeAt(index + 1) & 0xfc00) === 0xdc00;
    if (pair) {
      out += encodeURIComponent(text.slice(index, index + 2));
      index += 1;
    } else if (unit >= 0xd800 && unit <= 0xdfff) {
      out += `%${(0xe0 | (unit >> 12)).toString(16)}%${(0x80 | ((unit >> 6) & 0x3f)).toString(16)}%${(0x80 | (unit & 0x3f)).toString(16)}`.toUpperCase();
    } else {
      out += encodeURIComponent(text[index]);
    }
  }
  return out;
}

const encodeQuery = (query: Record<string, string>) =>
  Object.entries(query)
    .map(([key, value]) => `${encodePart(key)}=${encodePart(value)}`)
    .join('&');

/**
 * One malformed request against `route`. Which part is broken is drawn from `random`; whatever is not broken
 * is as valid as the schemas say, so the broken part is reached.
 */
export function fuzzCase(random: Random, route: FuzzRoute, sessions: FuzzSessions): FuzzRequest {
  const own = partyFor(route, sessions);
  const context = { random, userId: route.service === 'admin' ? null : own.id };
  const takesBody = route.method !== 'GET' && route.method !== 'DELETE';
  let sample = route.body ? sampleValue(route.body, context) : takesBody ? {} : undefined;
  const query = sampleQuery(random, route, context);
  let path = fillPath(random, route, sessions, false);
  let queryText = encodeQuery(query);
  let contentType: string | undefined = sample === undefined ? undefined : 'application/json';
  let raw: string | Buffer | undefined;
  let authMode: 'valid' | 'any' = 'valid';
  const extraHeaders: Record<string, string> = {};
  const hasParams = route.path.includes('{');
  const kinds = ['field', 'field', 'field', 'field', 'extra', 'missing', 'body', 'body', 'query', 'token', 'headers', ...(hasParams ? ['path', 'path'] : [])];
  const kind = random.pick(kinds);
  let label: string = kind;

  const paths = fieldPaths(sample);
  switch (kind) {
    case 'field': {
      if (paths.length === 0) {
        sample = { ...(typeof sample === 'object' && sample !== null ? sample : {}), [random.pick(['a', 'name', 'email', 'id'])]: wrongValue(random) };
        label = 'field: added to an empty body';
        break;
      }
      const target = random.pick(paths);
      const value = wrongValue(random);
      sample = withField(sample, target, value);
      label = `field ${target.join('.')} = ${describe(value)}`;
      break;
    }
    case 'extra': {
      const key = random.pick(['role', 'isAdmin', 'user_id', 'id', '__proto__', 'constructor', 'a\u0000b', `k${LONE_HIGH}`, 'x'.repeat(5000), 'status']);
      const base = typeof sample === 'object' && sample !== null && !Array.isArray(sample) ? sample : {};
      raw = toJson({ ...base, [key]: wrongValue(random) });
      label = `extra field ${describe(key)}`;
      break;
    }
    case 'missing': {
      if (paths.length > 0) {
        const target = random.pick(paths);
        sample = withField(sample, target, undefined);
        label = `missing ${target.join('.')}`;
      } else {
        sample = {};
        label = 'missing: empty object';
      }
      break;
    }
    case 'body': {
      const broken = brokenBody(random, sample);
      raw = broken.body;
      if (broken.contentType !== undefined) contentType = broken.contentType || undefined;
      else contentType = 'application/json';
      label = `body: ${broken.label}`;
      break;
    }
    case 'query': {
      queryText = random.chance(0.5) ? random.pick(QUERY_VARIANTS) : encodeQuery({ ...query, [random.pick(Object.keys(query).concat('extra'))]: String(random.pick(ODD_TEXT)) });
      label = `query ${describe(queryText)}`;
      break;
    }
    case 'path':
      path = fillPath(random, route, sessions, true);
      label = `path ${describe(path)}`;
      break;
    case 'token':
      authMode = 'any';
      label = 'token';
      break;
    case 'headers': {
      const pick = random.int(6);
      if (pick === 0) extraHeaders['x-request-id'] = random.pick(['', 'x'.repeat(4000), '../../x', '\u00ff\u00fe', 'a b c', random.uuid()]);
      else if (pick === 1) extraHeaders.cookie = `paycadence_refresh=${random.pick(['garbage', '', 'x'.repeat(4000), '%00', random.uuid()])}`;
      else if (pick === 2) extraHeaders['x-forwarded-for'] = random.pick(['not-an-ip', '1.2.3.4, 5.6.7.8', '::ffff:1.2.3.4', 'x'.repeat(2000), '999.999.999.999']);
      else if (pick === 3) extraHeaders['x-requested-with'] = 'XMLHttpRequest';
      else if (pick === 4) extraHeaders.origin = random.pick(['null', 'https://evil.example', 'http://[::1', '']);
      else extraHeaders['accept-encoding'] = random.pick(['gzip;q=2', '*;q=abc', 'br, x'.repeat(200)]);
      label = `header ${Object.keys(extraHeaders)[0]} = ${describe(Object.values(extraHeaders)[0])}`;
      break;
    }
  }
  // Bodiless methods sometimes carry a body anyway.
  if (!takesBody && raw === undefined && random.chance(0.2)) {
    raw = JSON.stringify({ a: random.pick(ODD_TEXT) });
    contentType = 'application/json';
    label += ' (+ body on a bodiless method)';
  }
  if (raw === undefined && sample !== undefined) raw = toJson(sample);

  const headers: Record<string, string> = { accept: 'application/json', ...extraHeaders };
  const auth = authorization(random, route, sessions, authMode);
  if (auth !== undefined) headers.authorization = auth;
  if (contentType !== undefined && raw !== undefined) headers['content-type'] = contentType;
  return {
    service: route.service,
    route: `${route.method} ${route.path}`,
    method: route.method,
    path: queryText ? `${path}?${queryText}` : path,
    headers,
    body: raw === undefined ? undefined : Buffer.isBuffer(raw) ? raw : Buffer.from(raw, 'utf8'),
    label,
  };
}

/** A short, printable description of a value for failure reports. */
export function describe(value: unknown): string {
  const text = typeof value === 'string' ? value : value instanceof RawJson ? value.text : (JSON.stringify(value) ?? String(value));
  const shown = JSON.stringify(text.length > 60 ? `${text.slice(0, 60)}…(${text.length} chars)` : text);
  return shown;
}

/**
 * Not random: every field of the route's plausible body, and every key of its query, once with NUL and once
 * with a lone surrogate (finding 7), signed in as the route needs, so each stored text is tried on every run.
 */
export function unsafeTextSweep(random: Random, route: FuzzRoute, sessions: FuzzSessions): FuzzRequest[] {
  const own = partyFor(route, sessions);
  const context = { random, userId: route.service === 'admin' ? null : own.id };
  const headers: Record<string, string> = { accept: 'application/json', ...(route.session ? { authorization: `Bearer ${own.token}` } : {}) };
  const base = { service: route.service, route: `${route.method} ${route.path}`, method: route.method };
  const requests: FuzzRequest[] = [];
  const sample = route.body ? sampleValue(route.body, context) : undefined;
  const query = sampleQuery(random, route, context);
  const queryText = encodeQuery(query);
  for (const unsafe of ['Rent\u0000', `x${'\ud800'}y`]) {
    for (const target of fieldPaths(sample)) {
      requests.push({
        ...base,
        path: fillPath(random, route, sessions, false) + (queryText ? `?${queryText}` : ''),
        headers: { ...headers, 'content-type': 'application/json' },
        body: Buffer.from(toJson(withField(sample, target, unsafe))),
        label: `sweep: ${target.join('.')} = ${describe(unsafe)}`,
      });
    }
    for (const key of Object.keys(query)) {
      requests.push({
        ...base,
        path: `${fillPath(random, route, sessions, false)}?${encodeQuery({ ...query, [key]: unsafe })}`,
        headers: sample === undefined ? headers : { ...headers, 'content-type': 'application/json' },
        body: sample === undefined ? undefined : Buffer.from(toJson(sample)),
        label: `sweep: query ${key} = ${describe(unsafe)}`,
      });
    }
  }
  return requests;
}
