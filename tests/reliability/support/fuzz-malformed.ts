// Malformed requests of a few fixed shapes, sent to every route on every run rather than left to the random draw:
// a query with a broken percent escape, and, for routes that take a body, an empty JSON body (declared length 0,
// and chunked) and a JSON body encoded in UTF-16. Each goes straight to the service and through the gateway,
// which re-sends the request upstream itself, so a fault of either shows. Each is followed on the same
// connection by a plain request: an answer that closes the connection, or one that leaves it out of step with
// the next request, is caught as well as a 5xx.
import http from 'node:http';
import { ACCOUNT_DELETE_PATH } from '../../../libs/contracts/src/index.js';
import type { FuzzRoute, FuzzSessions } from './fuzz-cases';
import type { Random } from './fuzz-random';
import { sampleValue } from './fuzz-schema';

/** Queries whose percent escapes do not decode: `%` with no hex digits, and `%ZZ` with non-hex ones. */
export const BROKEN_QUERIES = ['%', 'a=%ZZ'] as const;
/** Methods whose routes read a body. */
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);
/** What the gateway answers when its own per-client limit is spent (not a service's 429). */
const GATEWAY_RATE_LIMITED = 'API rate limit exceeded';
const GATEWAY_RETRIES = 8;

export type MalformedShape = 'query %' | 'query a=%ZZ' | 'empty JSON body' | 'empty chunked JSON body' | 'UTF-16 JSON body';
export type Via = 'service' | 'gateway';

export interface MalformedRequest {
  service: string;
  /** `METHOD /path/{param}`, as the fuzz names routes. */
  route: string;
  shape: MalformedShape;
  method: string;
  path: string;
  headers: Record<string, string>;
  /** Undefined: no body. An empty Buffer is sent with Content-Length: 0, unless `chunked`. */
  body?: Buffer;
  /** Send the body chunked (no Content-Length). */
  chunked?: boolean;
  /** A plain GET sent next on the same connection. */
  followUp: { path: string; headers: Record<string, string> };
}

export interface MalformedOutcome {
  request: MalformedRequest;
  via: Via;
  /** The status, or null when no answer came. */
  status: number | null;
  detail: string;
  /** The plain request's status, or null when it got no answer. */
  followUpStatus: number | null;
  /** Whether the plain request went out on the connection the malformed one used. */
  sameConnection: boolean;
}

/** The party whose session a route is called with: routes that end a session get the disposable one. */
function partyFor(route: FuzzRoute, sessions: FuzzSessions) {
  if (route.path.endsWith('/logout') || route.path === ACCOUNT_DELETE_PATH) return sessions.disposable;
  return route.admin ? sessions.admin : sessions.user;
}

function concretePath(route: FuzzRoute, partyId: string, random: Random): string {
  return route.path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    if (name === 'userId') return route.service === 'admin' ? random.uuid() : partyId;
    if (name === 'kind') return 'income';
    if (name === 'slug') return 'no-such-post';
    if (name === 'dueDate') return '2026-12-01';
    return random.uuid();
  });
}

/**
 * Every shape for `route`, signed in as the route needs so the request gets past the guard to the code that
 * reads the query or body. A broken query comes with the route's plausible body, so the handler itself runs
 * with the odd query; the body shapes carry the rest of the request as it should be.
 */
export function malformedRequests(route: FuzzRoute, sessions: FuzzSessions, random: Random): MalformedRequest[] {
  const party = partyFor(route, sessions);
  const auth: Record<string, string> = route.session ? { authorization: `Bearer ${party.token}` } : {};
  const path = concretePath(route, party.id, random);
  const takesBody = BODY_METHODS.has(route.method);
  const json = takesBody && route.body ? JSON.stringify(sampleValue(route.body, { random, userId: route.service === 'admin' ? null : party.id })) : undefined;
  const base = { service: route.service, route: `${route.method} ${route.path}`, method: route.method, followUp: { path, headers: { accept: 'application/json', ...auth } } };
  const requests: MalformedRequest[] = BROKEN_QUERIES.map((query) => ({
    ...base,
    shape: `query ${query}` as MalformedShape,
    path: `${path}?${query}`,
    headers: { accept: 'application/json', ...auth, ...(json !== undefined ? { 'content-type': 'application/json' } : {}) },
    // A bodiless POST still says so (Content-Length: 0), as browsers do; chunked framing is a shape of its own.
    body: json !== undefined ? Buffer.from(json, 'utf8') : takesBody ? Buffer.alloc(0) : undefined,
  }));
  if (!takesBody) return requests;
  const jsonHeaders = { accept: 'application/json', ...auth, 'content-type': 'application/json' };
  requests.push(
    { ...base, shape: 'empty JSON body', path, headers: jsonHeaders, body: Buffer.alloc(0) },
    { ...base, shape: 'empty chunked JSON body', path, headers: jsonHeaders, body: Buffer.alloc(0), chunked: true },
    {
      ...base,
      shape: 'UTF-16 JSON body',
      path,
      headers: { ...jsonHeaders, 'content-type': 'application/json; charset=utf-16' },
      // What a client that really sends UTF-16 sends: a byte order mark, then two bytes a character.
      body: Buffer.from(`\ufeff${json ?? '{}'}`, 'utf16le'),
    },
  );
  return requests;
}

interface Answer {
  status: number | null;
  detail: string;
  reusedSocket: boolean;
}

function exchange(
  agent: http.Agent,
  url: URL,
  request: { method: string; path: string; headers: Record<string, string>; body?: Buffer; chunked?: boolean },
  timeoutMs: number,
): Promise<Answer> {
  return new Promise((resolve) => {
    let settled = false;
    let outgoing: http.ClientRequest | undefined;
    const finish = (status: number | null, detail: string) => {
      if (settled) return;
      settled = true;
      resolve({ status, detail, reusedSocket: outgoing?.reusedSocket ?? false });
    };
    try {
      // Node would frame an empty body with Content-Length: 0 unless told to chunk it.
      const length = request.chunked ? { 'transfer-encoding': 'chunked' } : request.body !== undefined ? { 'content-length': String(request.body.length) } : {};
      outgoing = http.request({ host: url.hostname, port: url.port, method: request.method, path: request.path, agent, headers: { ...request.headers, ...length } });
    } catch (error) {
      finish(0, `not sent: ${(error as Error).message}`);
      return;
    }
    outgoing.setTimeout(timeoutMs, () => outgoing!.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    outgoing.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => finish(response.statusCode ?? null, Buffer.concat(chunks).toString('utf8').slice(0, 300)));
      response.on('error', (error) => finish(null, `answer cut: ${error.message}`));
    });
    outgoing.on('error', (error: NodeJS.ErrnoException) => finish(null, `${error.code ?? ''} ${error.message}`.trim()));
    // A chunked request with no body still sends its last (empty) chunk.
    if (request.chunked && request.body !== undefined && request.body.length > 0) outgoing.write(request.body);
    outgoing.end(request.chunked ? undefined : request.body);
  });
}

/**
 * Sends `request` on a fresh keep-alive connection, then the plain GET on the same agent; a connection the first
 * answer closed would make the agent open a new one, which `sameConnection` reports. Through the gateway, an
 * answer of its own rate limit is waited out and the pair sent again.
 */
export async function sendMalformed(baseUrl: string, via: Via, request: MalformedRequest, timeoutMs = 20_000): Promise<MalformedOutcome> {
  const url = new URL(baseUrl);
  for (let attempt = 1; ; attempt += 1) {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const first = await exchange(agent, url, request, timeoutMs);
      if (via === 'gateway' && first.status === 429 && first.detail.includes(GATEWAY_RATE_LIMITED) && attempt < GATEWAY_RETRIES) {
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        continue;
      }
      if (first.status === null || first.status === 0) {
        return { request, via, status: first.status, detail: first.detail, followUpStatus: null, sameConnection: false };
      }
      // Let the agent take the socket back before the next request asks for one.
      await new Promise((resolve) => setImmediate(resolve));
      const next = await exchange(agent, url, { method: 'GET', ...request.followUp }, timeoutMs);
      return { request, via, status: first.status, detail: first.detail, followUpStatus: next.status, sameConnection: next.reusedSocket };
    } finally {
      agent.destroy();
    }
  }
}
