import type { Endpoint } from '@paycadence/contracts';
import { vi } from 'vitest';

// Stands in for the gateway in the remotes' specs: global fetch answers the libs/contracts endpoints given,
// so every answer goes through web-kit's real client and is parsed with the contract's response schema.

export interface StubRequest {
  params: Record<string, string>;
  query: URLSearchParams;
  body: unknown;
  authorization: string | null;
}
export type StubHandler = (request: StubRequest) => unknown;

/** An error answer as the services send it (`{message, errors?}`); a handler returns one to fail. */
export class Reply {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}
/** `fail(409, 'Taken')`; without a message the body is `{}` (a service that says nothing). */
export const fail = (status: number, message?: string, errors?: Record<string, string>) =>
  new Reply(status, message === undefined ? {} : { message, errors });
/** An answer that never comes (loading states). */
export const never = () => new Promise<never>(() => undefined);

export interface StubGateway<Name extends string> {
  /** Requests received for one endpoint, in order. */
  calls: (name: Name) => StubRequest[];
  /** Replace or add handlers while a test runs. */
  use: (handlers: Partial<Record<Name, StubHandler>>) => void;
}

const json = (status: number, body: unknown) =>
  body === undefined
    ? new Response(null, { status: 204 })
    : new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** `{name}` placeholders become one path segment each; answers the params, or null when it is not this call. */
function matcher(endpoint: Endpoint): (method: string, path: string) => Record<string, string> | null {
  const names: string[] = [];
  const pattern = new RegExp(
    `^${endpoint.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
      names.push(name);
      return '([^/]+)';
    })}$`,
  );
  return (method, path) => {
    if (method !== endpoint.method) return null;
    const match = pattern.exec(path);
    if (!match) return null;
    return Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(match[i + 1]!)]));
  };
}

/**
 * Stubs global fetch for the given endpoint table. An endpoint without a handler answers 500; a handler that
 * throws answers 500 with its message; anything else is 200 with the handler's value (204 for undefined).
 */
export function serveEndpoints<Endpoints extends Record<string, Endpoint>>(
  endpoints: Endpoints,
  initial: Partial<Record<keyof Endpoints & string, StubHandler>>,
): StubGateway<keyof Endpoints & string> {
  type Name = keyof Endpoints & string;
  const handlers = { ...initial };
  const log: Array<{ name: Name; request: StubRequest }> = [];
  const matchers = (Object.keys(endpoints) as Name[])
    // More specific paths first (generate/{userId}/{kind} before generate/{userId}).
    .sort((a, b) => endpoints[b]!.path.length - endpoints[a]!.path.length)
    .map((name) => ({ name, match: matcher(endpoints[name]!) }));
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://gateway');
    const method = init.method ?? 'GET';
    for (const { name, match } of matchers) {
      const params = match(method, url.pathname);
      if (!params) continue;
      const headers = new Headers(init.headers);
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      const request = { params, query: url.searchParams, body, authorization: headers.get('Authorization') };
      log.push({ name, request });
      const handler = handlers[name];
      if (!handler) return json(500, { message: `No stub for ${name}` });
      try {
        const answer = await handler(request);
        return answer instanceof Reply ? json(answer.status, answer.body) : json(200, answer);
      } catch (error) {
        return json(500, { message: error instanceof Error ? error.message : 'stub failed' });
      }
    }
    return json(404, { message: `Not found: ${method} ${url.pathname}` });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls: (name) => log.filter((entry) => entry.name === name).map((entry) => entry.request),
    use: (more) => Object.assign(handlers, more),
  };
}
