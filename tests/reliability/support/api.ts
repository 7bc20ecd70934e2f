// A small HTTP client for the reliability suite: every request goes straight to the service that owns its path
// (SERVICE_ROUTES), or through the gateway when asked. No retries and no redirects: what the service answered is
// what the test sees.
import { CSRF_HEADER, REFRESH_COOKIE } from '../../../libs/contracts/src/auth.js';
import { SERVICE_ROUTES, type ServiceName } from '../../../libs/contracts/src/routes.js';
import { gatewayUrl, serviceUrls } from './stack';

export interface Answer {
  status: number;
  text: string;
  /** The parsed JSON body, or undefined when the body is empty or not JSON. */
  json: any;
  headers: Headers;
}

export interface RequestOptions {
  /** Bearer token. */
  token?: string;
  /** Sent as JSON (with its content type) unless it is a string or a Buffer. */
  body?: unknown;
  headers?: Record<string, string>;
  query?: Record<string, string>;
  /** Through the dev gateway instead of straight to the service. */
  viaGateway?: boolean;
}

const templates = Object.entries(SERVICE_ROUTES).flatMap(([service, routes]) =>
  routes.map((route) => {
    const path = route.split(' ')[1]!;
    // `{param}` matches one path segment; everything else literally.
    const pattern = new RegExp(`^${path.split(/\{[^}]+\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[^/]+')}$`);
    return { service: service as ServiceName, path, pattern };
  }),
);

/** The service whose documented route matches `path` (a concrete path, no query); longest template first. */
export function serviceOf(path: string): ServiceName {
  const hit = templates.filter((t) => t.pattern.test(path)).sort((a, b) => b.path.length - a.path.length)[0];
  if (hit) return hit.service;
  // Paths of a service's prefix that the list does not name (an undocumented route) still go to that service.
  const prefix = templates.find((t) => path.startsWith(t.path.split('/').slice(0, 3).join('/') + '/'));
  if (!prefix) throw new Error(`No service owns ${path}`);
  return prefix.service;
}

/** `/api/financial/bills/{id}` with `{id: 'x'}` → `/api/financial/bills/x` (values URL-encoded). */
export function fillPath(template: string, params: Record<string, string>): string {
  return template.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`No value for {${name}} in ${template}`);
    return encodeURIComponent(value);
  });
}

export async function send(method: string, path: string, options: RequestOptions = {}): Promise<Answer> {
  const base = options.viaGateway ? gatewayUrl() : serviceUrls()[serviceOf(path)];
  if (!base) throw new Error(`The stack has no ${serviceOf(path)} service`);
  const url = new URL(path, base);
  for (const [name, value] of Object.entries(options.query ?? {})) url.searchParams.set(name, value);
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | Blob | undefined;
  if (options.body !== undefined) {
    if (typeof options.body === 'string') body = options.body;
    else if (Buffer.isBuffer(options.body)) body = new Blob([new Uint8Array(options.body)]);
    else {
      body = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
  }
  const response = await fetch(url, { method, headers, body, redirect: 'manual' });
  const text = await response.text();
  let json: any;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, text, json, headers: response.headers };
}

/** A short description of an answer for assertion messages. */
export const describeAnswer = (answer: Answer) => `${answer.status} ${answer.text.slice(0, 300)}`;

/**
 * The refresh token an answer hands over in its cookie (docs/security.md), as a non-browser caller reads
 * it; undefined when the answer sets none or clears it (empty value or Max-Age=0).
 */
export function refreshCookieFrom(answer: Pick<Answer, 'headers'>): string | undefined {
  for (const line of answer.headers.getSetCookie()) {
    const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
    const separator = pair.indexOf('=');
    if (pair.slice(0, separator) !== REFRESH_COOKIE.name) continue;
    const value = decodeURIComponent(pair.slice(separator + 1));
    const cleared = attributes.some((attribute) => /^max-age=0$/i.test(attribute));
    return value && !cleared ? value : undefined;
  }
  return undefined;
}

/** The headers that present a refresh token to POST /api/auth/refresh: the cookie and the CSRF header. */
export const refreshHeaders = (refreshToken: string): Record<string, string> => ({
  cookie: `${REFRESH_COOKIE.name}=${encodeURIComponent(refreshToken)}`,
  [CSRF_HEADER.name.toLowerCase()]: CSRF_HEADER.value,
});
