// tools/lib/service-ports.mjs fixes each service's local port (npm start, the dev gateway's upstreams): the new
// service gets the next free one, or the one asked for, and FIRST_EXTRA_PORT moves past it so services
// without a fixed port are never numbered onto it.
export const SERVICE_PORTS_FILE = 'tools/lib/service-ports.mjs';

const FIXED_PORTS = /(FIXED_SERVICE_PORTS\s*=\s*Object\.freeze\(\{)([^}]*)(\}\))/;
const FIRST_EXTRA = /(FIRST_EXTRA_PORT\s*=\s*)(\d+)/;
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

function readFixedPorts(text) {
  const match = FIXED_PORTS.exec(text);
  if (!match)
    throw new Error(`${SERVICE_PORTS_FILE}: cannot find FIXED_SERVICE_PORTS = Object.freeze({ ... })`);
  const entries = [...match[2].matchAll(/(['"]?)([\w-]+)\1\s*:\s*(\d+)/g)].map((m) => [m[2], Number(m[3])]);
  return new Map(entries);
}

/** The port the service will get, checked: a whole number from 1024 to 65535 that no service has. */
export function choosePort(text, requested) {
  const fixed = readFixedPorts(text);
  const used = new Set(fixed.values());
  if (requested === undefined) {
    let port = Math.max(3100, ...used) + 1;
    while (used.has(port)) port += 1;
    return port;
  }
  const port = Number(requested);
  if (!Number.isInteger(port) || port < 1024 || port > 65535) {
    throw new Error(`--port must be a whole number from 1024 to 65535, got "${requested}"`);
  }
  const owner = [...fixed].find(([, value]) => value === port)?.[0];
  if (owner) throw new Error(`port ${port} is already fixed for ${owner} in ${SERVICE_PORTS_FILE}`);
  return port;
}

export function registerServicePort(tree, name, requested) {
  const text = tree.read(SERVICE_PORTS_FILE, 'utf-8');
  const port = choosePort(text, requested);
  const key = IDENTIFIER.test(name) ? name : `'${name}'`;
  let updated = text.replace(FIXED_PORTS, (_all, open, body, close) => {
    const trimmed = body.replace(/[\s,]*$/, '');
    if (trimmed.trim() === '') return `${open} ${key}: ${port} ${close}`;
    const spacing = body.endsWith(' ') ? ' ' : '';
    return `${open}${trimmed}, ${key}: ${port}${spacing}${close}`;
  });
  const firstExtra = Number(FIRST_EXTRA.exec(updated)?.[2]);
  if (Number.isInteger(firstExtra) && port >= firstExtra) {
    updated = updated.replace(FIRST_EXTRA, (_all, head) => `${head}${port + 1}`);
  }
  tree.write(SERVICE_PORTS_FILE, updated);
  return `${SERVICE_PORTS_FILE}: fixed local port ${port}`;
}
