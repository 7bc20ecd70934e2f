// Where the stack under test answers, from the environment `npm test` sets (see ../vitest.config.ts).

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run this suite through \`npm test -- --only=bootstrap,reliability\``);
  return value;
}

/** The dev gateway in front of every service (the path a browser takes). */
export const gatewayUrl = (): string => required('GATEWAY_URL');

/** Each service straight, without the gateway: `{ auth: 'http://127.0.0.1:3102', ... }`. */
export function serviceUrls(): Record<string, string> {
  return JSON.parse(required('E2E_SERVICE_URLS')) as Record<string, string>;
}

export const databaseUrl = (): string => required('DATABASE_URL');
export const redisUrl = (): string => required('REDIS_URL');
