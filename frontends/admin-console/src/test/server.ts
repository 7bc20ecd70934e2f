import { ADMIN_ENDPOINTS, type Endpoint } from '@payday/contracts';
import { vi } from 'vitest';

// Stands in for the gateway in specs: global fetch answers ADMIN_ENDPOINTS, so every answer goes through
// web-kit's real client and is parsed with the contract's response schema.

const ENDPOINTS = ADMIN_ENDPOINTS;
export type EndpointName = keyof typeof ENDPOINTS;

export interface StubRequest {
  params: Record<string, string>;
  query: URLSearchParams;
  body: unknown;
  authorization: string | null;
}
type Handler = (request: StubRequest) => unknown;

/** An error answer as the services send it (`{message, errors?}`). */
export class Reply {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}
export const fail = (status: number, message?: string, errors?: Record<string, string>) => new Reply(status, message === undefined ? {} : { message, errors });
/** An answer that never comes (loading states). */
export const never = () => new Promise<never>(() => undefined);

const json = (status: number, body: unknown) =>
  body === undefined ? new Response(null, { status: 204 }) : new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

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

const matchers = (Object.keys(ENDPOINTS) as EndpointName[]).map((name) => ({ name, match: matcher(ENDPOINTS[name]) }));

export interface StubServer {
  /** Requests received for one endpoint, in order. */
  calls: (name: EndpointName) => StubRequest[];
  /** Replace or add handlers while a test runs. */
  use: (handlers: Partial<Record<EndpointName, Handler>>) => void;
}

export function serveApi(initial: Partial<Record<EndpointName, Handler>>): StubServer {
  const handlers = { ...initial };
  const log: Array<{ name: EndpointName; request: StubRequest }> = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://gateway');
    const method = init.method ?? 'GET';
    for (const { name, match } of matchers) {
      const params = match(method, url.pathname);
      if (!params) continue;
      const headers = new Headers(init.headers);
      const request = { params, query: url.searchParams, body: init.body ? JSON.parse(String(init.body)) : undefined, authorization: headers.get('Authorization') };
      log.push({ name, request });
      const handler = handlers[name];
      if (!handler) return json(500, { message: `No stub for ${name}` });
      const answer = await handler(request);
      return answer instanceof Reply ? json(answer.status, answer.body) : json(200, answer);
    }
    return json(404, { message: `Not found: ${method} ${url.pathname}` });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls: (name) => log.filter((entry) => entry.name === name).map((entry) => entry.request),
    use: (more) => Object.assign(handlers, more),
  };
}
