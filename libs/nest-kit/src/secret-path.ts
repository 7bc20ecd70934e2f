import { RouteConfig } from '@nestjs/platform-fastify';

/** The Fastify route-config key SecretInPath sets. */
export const SECRET_IN_PATH = 'secretInPath';

/**
 * For a route whose path carries a secret (a calendar feed's token): request logs name the route's pattern
 * (`/api/financial/calendar-feed/:token.ics`) instead of the path, so the secret never reaches a log line.
 */
export const SecretInPath = () => RouteConfig({ [SECRET_IN_PATH]: true });

interface LoggedRequest {
  url: string;
  routeOptions?: { url?: string; config?: unknown };
}

/** What a request log line shows as its url: the path without the query, or the route's pattern for SecretInPath. */
export function loggedPath(request: LoggedRequest): string {
  const config = request.routeOptions?.config as Record<string, unknown> | undefined;
  if (config?.[SECRET_IN_PATH] === true) return request.routeOptions?.url ?? '(secret path)';
  return request.url.split('?')[0]!;
}
