// Starts every built service that kong.yml knows, waits until each is ready, then the dev gateway in front.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { loadKongConfig, pageServerFrontend, startGateway } from '@paycadence/dev-gateway';
import { z } from 'zod';
import { KONG_FILE, REPO_ROOT } from './paths.mjs';
import { FIXED_SERVICE_PORTS, assignServicePorts, jwksUrlFor, serviceDatabaseUrlVariable } from './service-ports.mjs';
import { forEachLine, stopChild } from './processes.mjs';
import { findFreePort, isPortFree, waitForHttpOk } from './network.mjs';

const READY_TIMEOUT_MS = 60_000;

/**
 * PROFILE_DIR=<folder> (benchmarks, e.g. `PROFILE_DIR=/tmp/prof npm run bench`): every service, worker and the
 * gateway process writes a V8 CPU profile there when it stops (open it in Chrome DevTools' Performance panel).
 */
const profilingArgs = () => (process.env.PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PROFILE_DIR}`] : []);
const LOG_TAIL_LINES = 30;

/** Services that are both built (`services/<name>/dist/main.js`) and declared in kong.yml, sorted by name. */
export function discoverServices({ servicesDir = join(REPO_ROOT, 'services'), kongFile = KONG_FILE } = {}) {
  const declared = loadKongConfig(kongFile).services.map((service) => service.name);
  return declared.filter((name) => existsSync(join(servicesDir, name, 'dist/main.js'))).sort();
}

/**
 * Page servers: kong.yml declares them as `<frontend>-pages`, and a frontend's build makes one
 * at `frontends/<frontend>/dist-server/main.js` (public-site's renders /blog and posts with their data).
 */
export function discoverPageServers({ frontendsDir = join(REPO_ROOT, 'frontends'), kongFile = KONG_FILE } = {}) {
  const declared = loadKongConfig(kongFile).services.map((service) => service.name);
  return declared.filter((name) => pageServerFrontend(name) && existsSync(pageServerEntry(frontendsDir, name))).sort();
}

/** Every process startStack gives a fixed port: the services, then the page servers (for choosing a free port block). */
export function discoverPortedApps({ servicesDir, frontendsDir, kongFile } = {}) {
  return [...discoverServices({ servicesDir, kongFile }), ...discoverPageServers({ frontendsDir, kongFile })];
}

const pageServerEntry = (frontendsDir, name) => join(frontendsDir, pageServerFrontend(name), 'dist-server', 'main.js');

/** Built services that also have a worker entry (`services/<name>/dist/worker.js`), e.g. bank-sync's BullMQ worker. */
export function discoverWorkers(names, { servicesDir = join(REPO_ROOT, 'services') } = {}) {
  return names.filter((name) => existsSync(join(servicesDir, name, 'dist/worker.js')));
}

/** What a worker is called in REPLICAS and in the logs: `<service>-worker`. */
export const workerName = (service) => `${service}-worker`;

/** A REPLICAS value the launcher cannot follow; its message is the whole story (no stack trace needed). */
export class ReplicasError extends Error {
  name = 'ReplicasError';
}

/** More than this on one machine is a mistake, not a test of scale (each replica is a Node.js process). */
export const MAX_REPLICAS = 8;

const replicaEntrySchema = z
  .string()
  .trim()
  .regex(/^[a-z0-9-]+:[0-9]+$/, 'expected <name>:<count>, e.g. finance:2')
  .transform((entry) => {
    const [name, count] = entry.split(':');
    return { name, count: Number(count) };
  })
  .pipe(z.object({ name: z.string(), count: z.number().int().min(1).max(MAX_REPLICAS) }));

/**
 * REPLICAS=finance:2,bank-sync-worker:2: how many processes of a service (or of a service's worker,
 * `<service>-worker`) the launcher starts; one of each otherwise. `known` lists the names that may appear.
 * Throws a message naming the bad entry, and for an unknown name the known ones.
 */
export function parseReplicas(value, known) {
  const counts = {};
  if (value === undefined || value.trim() === '') return counts;
  for (const raw of value.split(',')) {
    const parsed = replicaEntrySchema.safeParse(raw);
    if (!parsed.success) throw new ReplicasError(`REPLICAS: "${raw.trim()}": ${parsed.error.issues.map((issue) => issue.message).join('; ')}`);
    const { name, count } = parsed.data;
    if (!known.includes(name)) throw new ReplicasError(`REPLICAS: unknown name "${name}"; known: ${known.join(', ')}`);
    if (name in counts) throw new ReplicasError(`REPLICAS: "${name}" is given twice`);
    counts[name] = count;
  }
  return counts;
}

/**
 * docs/development.md: with PLAID_CLIENT_ID and PLAID_SECRET the services talk to Plaid (PLAID_ENV); without them the
 * launcher starts the Plaid emulator (tools/plaid-emulator) and hands its URL and keys to the services.
 * Resolves to `{ env, stop() }`: the variables to add to every service's environment.
 */
export async function startPlaid({ env, appUrl, log, dataDir }) {
  const webhook = { PLAID_WEBHOOK_URL: env.PLAID_WEBHOOK_URL ?? `${appUrl}/api/plaid-production/webhook` };
  if (env.PLAID_CLIENT_ID && env.PLAID_SECRET) {
    log(
      `Plaid: using the keys from PLAID_CLIENT_ID / PLAID_SECRET (PLAID_ENV=${env.PLAID_ENV ?? 'sandbox'})`,
    );
    return { env: webhook, stop: async () => {} };
  }
  const { startPlaidEmulator, EMULATOR_CLIENT_ID, EMULATOR_SECRET } =
    await import('../plaid-emulator/plaid-emulator.mjs');
  const emulator = await startPlaidEmulator({
    port: Number(env.PLAID_EMULATOR_PORT ?? 0),
    seed: env.PLAID_EMULATOR_SEED ?? 'paycadence',
    // Linked banks survive a restart of `npm start` (their access tokens are in PostgreSQL); a test stack
    // has a throwaway database, so it keeps nothing.
    stateFile: dataDir && env.NODE_ENV !== 'test' ? join(dataDir, 'plaid-emulator', 'state.json') : undefined,
  });
  log(
    `Plaid: no PLAID_CLIENT_ID / PLAID_SECRET set, so the Plaid emulator answers at ${emulator.url} (sandbox sign-in: user_good / pass_good)`,
  );
  return {
    env: {
      ...webhook,
      PLAID_BASE_URL: emulator.url,
      PLAID_CLIENT_ID: EMULATOR_CLIENT_ID,
      PLAID_SECRET: EMULATOR_SECRET,
      PLAID_ENV: 'sandbox',
    },
    stop: () => emulator.close(),
  };
}

/**
 * The environment each service gets (PORT, HOST, DATABASE_URL, REDIS_URL, AUTH_JWKS_URL, DATA_DIR, APP_URL,
 * NODE_ENV). A DATABASE_URL_<SERVICE> that is set reaches its own service only (nest-kit's loadConfig then uses
 * it instead of DATABASE_URL): another service never holds the address, nor the password, of a database it must
 * not use.
 */
export function serviceEnv({ name, baseEnv, port, ports, portOffset = 0, databaseUrl, redisUrl, dataDir, appUrl }) {
  const own = name === undefined ? undefined : serviceDatabaseUrlVariable(name);
  const kept = Object.fromEntries(Object.entries(baseEnv).filter(([key]) => !key.startsWith('DATABASE_URL_') || key === own));
  return {
    ...kept,
    PORT: String(port),
    // Loopback only: on a developer's machine the services are reached through the gateway. They believe
    // X-Forwarded-For from loopback peers only (TRUSTED_PROXIES' default), which on one machine includes
    // the gateway; production names Kong's address range instead.
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    AUTH_JWKS_URL: jwksUrlFor(ports, portOffset),
    DATA_DIR: dataDir,
    APP_URL: appUrl,
    NODE_ENV: baseEnv.NODE_ENV ?? 'development',
  };
}

/**
 * Options: databaseUrl, redisUrl, dataDir, port (gateway; 0 = any free port), portOffset (added to every
 * service port), env (base environment for services; its DATABASE_URL_<SERVICE> and REPLICAS apply),
 * replicas (`{ finance: 2, 'bank-sync-worker': 2 }`, default parsed from env.REPLICAS: the first replica of a
 * service on its fixed port, the others on free ports, the gateway balancing round-robin across them),
 * log (launcher messages), onServiceLog(name, line)
 * (default: print with a `[name]` prefix), rateLimitFactor, kongFile, servicesDir, frontendsDir,
 * gatewayInProcess (false runs the gateway as its own process, as benchmarks need).
 * Resolves to `{ url, port, services: {name: {port, url, replicas: [{port, url}]}}, pageServers: {name: {port,
 * url}}, workers: {name: [{port}]}, stop() }`; rejects
 * (after stopping what it started) when a service does not become ready.
 */
export async function startStack({
  databaseUrl,
  redisUrl,
  dataDir,
  port = 8080,
  portOffset = 0,
  env = process.env,
  log = console.log,
  onServiceLog = (name, line) => console.log(`[${name}] ${line}`),
  rateLimitFactor = 1,
  kongFile = KONG_FILE,
  servicesDir = join(REPO_ROOT, 'services'),
  frontendsDir = join(REPO_ROOT, 'frontends'),
  gatewayInProcess = true,
  replicas,
}) {
  const serviceNames = discoverServices({ servicesDir, kongFile });
  const pageServers = discoverPageServers({ frontendsDir, kongFile });
  const names = [...serviceNames, ...pageServers];
  const workerServices = discoverWorkers(serviceNames, { servicesDir });
  replicas ??= parseReplicas(env.REPLICAS, [...serviceNames, ...workerServices.map(workerName)]);
  const countOf = (name) => replicas[name] ?? 1;
  const ports = assignServicePorts(names, portOffset);
  // The port is fixed before services start because they learn the public URL (APP_URL) from it.
  if (port === 0) port = await findFreePort();
  else if (!(await isPortFree(port))) throw new Error(`Port ${port} is in use: set PORT to another port`);
  for (const name of names) {
    if (!(await isPortFree(ports[name]))) {
      throw new Error(
        `Port ${ports[name]} for service ${name} is in use (another npm start?). Stop it or set SERVICE_PORT_OFFSET.`,
      );
    }
  }
  const appUrl = `http://localhost:${port}`;
  const plaid = await startPlaid({ env, appUrl, log, dataDir });
  env = { ...env, ...plaid.env };
  const services = {};
  const children = [];
  const killOnExit = () => children.forEach((child) => child.exitCode === null && child.kill('SIGKILL'));
  process.on('exit', killOnExit);

  let gateway = null;
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await gateway?.close();
    await Promise.all(children.map((child) => stopChild(child, 10_000)));
    await plaid.stop();
    process.off('exit', killOnExit);
  };

  const spawnEntry = (
    name,
    entry,
    logName,
    port,
    { script = join(servicesDir, name, 'dist', entry), cwd = join(servicesDir, name), childEnv = serviceEnv({ name, baseEnv: env, port, ports, portOffset, databaseUrl, redisUrl, dataDir, appUrl }) } = {},
  ) => {
    const tail = [];
    const child = spawn(process.execPath, [...profilingArgs(), script], {
      cwd,
      env: childEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
      // Own process group: Ctrl-C reaches only the launcher, which then stops services in order.
      detached: true,
    });
    const onLine = (line) => {
      tail.push(line);
      if (tail.length > LOG_TAIL_LINES) tail.shift();
      onServiceLog(logName, line);
    };
    forEachLine(child.stdout, onLine);
    forEachLine(child.stderr, onLine);
    children.push(child);
    return { child, tail };
  };

  for (const name of serviceNames) {
    const own = serviceDatabaseUrlVariable(name);
    if (env[own]?.trim()) log(`Service ${name}: its own database from ${own}`);
  }
  // A service's further replicas (REPLICAS) are started beside the first and waited for like it.
  const replicaNames = [];
  for (const name of serviceNames) {
    const { child, tail } = spawnEntry(name, 'main.js', name, ports[name]);
    services[name] = { port: ports[name], url: `http://127.0.0.1:${ports[name]}`, child, tail, replicas: [] };
    services[name].replicas.push(services[name]);
    for (let index = 2; index <= countOf(name); index += 1) {
      const replicaPort = await findFreePort();
      const label = `${name}#${index}`;
      const replica = spawnEntry(name, 'main.js', label, replicaPort);
      services[label] = { port: replicaPort, url: `http://127.0.0.1:${replicaPort}`, ...replica };
      services[name].replicas.push(services[label]);
      replicaNames.push(label);
    }
  }
  // A page server reads its posts from the blog service and fills the shell's prerendered copies, which the
  // gateway serves here (it asks for them per request, so it is started before the gateway listens).
  for (const name of pageServers) {
    const script = pageServerEntry(frontendsDir, name);
    // Only what it needs: it holds no database, Redis or key (the services' environment would hand it those).
    const childEnv = {
      PATH: env.PATH ?? '',
      NODE_ENV: env.NODE_ENV ?? 'development',
      PORT: String(ports[name]),
      HOST: '127.0.0.1',
      BLOG_URL: `http://127.0.0.1:${ports.blog ?? FIXED_SERVICE_PORTS.blog + portOffset}`,
      SHELL_URL: `http://127.0.0.1:${port}`,
    };
    const { child, tail } = spawnEntry(name, 'main.js', name, ports[name], { script, cwd: dirname(script), childEnv });
    services[name] = { port: ports[name], url: `http://127.0.0.1:${ports[name]}`, child, tail };
  }

  const failures = [];
  await Promise.all(
    [...names, ...replicaNames].map(async (name) => {
      const service = services[name];
      try {
        await waitForHttpOk(`${service.url}/health/ready`, {
          timeoutMs: READY_TIMEOUT_MS,
          expectPid: service.child.pid,
          shouldStop: () =>
            service.child.exitCode !== null || service.child.signalCode !== null
              ? `exited with ${service.child.exitCode ?? service.child.signalCode}`
              : null,
        });
        log(`Service ${name} is ready on port ${service.port}`);
      } catch (error) {
        failures.push(
          `Service ${name} did not start: ${error.message}\n--- last log lines of ${name} ---\n${service.tail.join('\n')}`,
        );
      }
    }),
  );
  if (failures.length > 0) {
    await stop();
    throw new Error(failures.join('\n'));
  }

  // Workers (same package, second entry point) start once their service has migrated the schema. They serve
  // only /health and /health/ready, on a free port of their own.
  const workers = {};
  for (const name of workerServices) {
    workers[workerName(name)] = [];
    for (let index = 1; index <= countOf(workerName(name)); index += 1) {
      const label = index === 1 ? workerName(name) : `${workerName(name)}#${index}`;
      workers[workerName(name)].push({ port: await startWorker(name, label) });
    }
  }

  async function startWorker(name, label) {
    const workerPort = await findFreePort();
    const worker = spawnEntry(name, 'worker.js', label, workerPort);
    try {
      await waitForHttpOk(`http://127.0.0.1:${workerPort}/health/ready`, {
        timeoutMs: READY_TIMEOUT_MS,
        shouldStop: () =>
          worker.child.exitCode !== null || worker.child.signalCode !== null
            ? `exited with ${worker.child.exitCode ?? worker.child.signalCode}`
            : null,
      });
    } catch (error) {
      await stop();
      throw new Error(
        `The ${label} did not start: ${error.message}\n--- last log lines ---\n${worker.tail.join('\n')}`,
      );
    }
    log(`Worker ${label} is ready (health on port ${workerPort})`);
    return workerPort;
  }

  const upstreams = Object.fromEntries(
    names.map((name) => [name, services[name].replicas && services[name].replicas.length > 1 ? services[name].replicas.map((replica) => replica.url) : services[name].url]),
  );
  try {
    gateway = gatewayInProcess
      ? await startGateway({ port, kongFile, frontendsDir, upstreams, rateLimitFactor, appUrl })
      : await startGatewayProcess({
          port,
          kongFile,
          frontendsDir,
          upstreams,
          rateLimitFactor,
          onLog: (line) => onServiceLog('gateway', line),
        });
  } catch (error) {
    await stop();
    throw new Error(`The gateway could not listen on port ${port}: ${error.message}`);
  }
  return {
    url: `http://localhost:${gateway.port}`,
    port: gateway.port,
    services: Object.fromEntries(
      serviceNames.map((name) => [
        name,
        { port: services[name].port, url: services[name].url, replicas: services[name].replicas.map(({ port, url }) => ({ port, url })) },
      ]),
    ),
    workers,
    pageServers: Object.fromEntries(
      pageServers.map((name) => [name, { port: services[name].port, url: services[name].url }]),
    ),
    stop,
  };
}

/** The dev gateway's CLI as a child process; resolves to a handle shaped like startGateway's. */
async function startGatewayProcess({ port, kongFile, frontendsDir, upstreams, rateLimitFactor, onLog }) {
  const args = [
    join(REPO_ROOT, 'gateway/dev/src/main.mjs'),
    '--port',
    String(port),
    '--kong',
    kongFile,
    '--frontends',
    frontendsDir,
  ];
  args.push('--rate-limit-factor', String(rateLimitFactor));
  for (const [name, urls] of Object.entries(upstreams)) {
    for (const url of [urls].flat()) args.push('--upstream', `${name}=${url}`);
  }
  const child = spawn(process.execPath, [...profilingArgs(), ...args], { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  forEachLine(child.stdout, onLog);
  forEachLine(child.stderr, onLog);
  const killOnExit = () => child.exitCode === null && child.kill('SIGKILL');
  process.on('exit', killOnExit);
  // Any answer (even 404) means it listens; 502 from an unmapped route would also do.
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`gateway process exited with ${child.exitCode}`);
    const answered = await fetch(`http://127.0.0.1:${port}/health-of-gateway`).then(
      () => true,
      () => false,
    );
    if (answered) break;
    if (Date.now() > deadline) throw new Error('gateway process did not listen within 10 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    port,
    child,
    close: async () => {
      await stopChild(child, 5000);
      process.off('exit', killOnExit);
    },
  };
}
