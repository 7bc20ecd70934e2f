// The one place that fixes each service's local port (brief: waitlist 3101, auth 3102, finance 3103).
export const FIXED_SERVICE_PORTS = Object.freeze({ waitlist: 3101, auth: 3102, finance: 3103, 'bank-sync': 3104, admin: 3105, blog: 3106, household: 3107 });
export const FIRST_EXTRA_PORT = 3108;

/**
 * Ports for the given service names: the fixed ones first, then 3104, 3105, ... for any other service in
 * alphabetical order. `offset` shifts every port (tests use it to run beside a developer's `npm start`).
 */
export function assignServicePorts(serviceNames, offset = 0) {
  const ports = {};
  const extras = [...new Set(serviceNames)].filter((name) => !(name in FIXED_SERVICE_PORTS)).sort();
  for (const name of serviceNames) {
    if (name in FIXED_SERVICE_PORTS) ports[name] = FIXED_SERVICE_PORTS[name] + offset;
  }
  extras.forEach((name, index) => {
    ports[name] = FIRST_EXTRA_PORT + index + offset;
  });
  return ports;
}

export function portOffsetFrom(env = process.env) {
  const offset = Number(env.SERVICE_PORT_OFFSET ?? 0);
  if (!Number.isInteger(offset) || offset < 0) throw new Error(`SERVICE_PORT_OFFSET must be a whole number, got "${env.SERVICE_PORT_OFFSET}"`);
  return offset;
}

export function jwksUrlFor(ports, offset = 0) {
  const authPort = ports.auth ?? FIXED_SERVICE_PORTS.auth + offset;
  return `http://127.0.0.1:${authPort}/.well-known/jwks.json`;
}

/**
 * The variable that gives a service its own PostgreSQL, as nest-kit's loadConfig reads it
 * (libs/nest-kit/src/config.ts, serviceDatabaseUrlVariable): finance → DATABASE_URL_FINANCE,
 * bank-sync → DATABASE_URL_BANK_SYNC.
 */
export function serviceDatabaseUrlVariable(name) {
  return `DATABASE_URL_${name.toUpperCase().replace(/-/g, '_')}`;
}
