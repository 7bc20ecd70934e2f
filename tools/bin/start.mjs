#!/usr/bin/env node
// `npm start`: bootstrap (dependencies, PostgreSQL, Redis) → build through Nx → services + gateway.
// Env: PORT (gateway, default 8080), DATABASE_URL, REDIS_URL, DATA_DIR, PGPORT_EMBEDDED (5433),
// REDIS_PORT_EMBEDDED (6380), SERVICE_PORT_OFFSET (0), PAYCADENCE_SKIP_INSTALL=1, PAYCADENCE_SKIP_BUILD=1,
// DATABASE_URL_<SERVICE> (that service's own PostgreSQL, e.g. DATABASE_URL_BANK_SYNC), REPLICAS (processes per
// service or worker, e.g. finance:2,bank-sync-worker:2; the gateway balances a service's replicas round-robin).
import { BootstrapExit, bootstrap } from '../lib/bootstrap.mjs';

const cleanups = [];
let stopping = false;

async function shutdown(exitCode) {
  if (stopping) return;
  stopping = true;
  console.log('Stopping PayCadence…');
  for (const cleanup of cleanups.reverse()) {
    await cleanup().catch((error) => console.error(`while stopping: ${error.message}`));
  }
  process.exit(exitCode);
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    // A second Ctrl-C while stopping ends at once (children are killed by the stack's exit handler).
    if (stopping) process.exit(130);
    void shutdown(0);
  });
}

try {
  const port = Number(process.env.PORT ?? 8080);
  const services = await bootstrap();
  cleanups.push(services.stop);
  if (process.env.PAYCADENCE_SKIP_BUILD !== '1') {
    const { runTargets } = await import('../lib/nx.mjs');
    console.log('Build: nx run-many -t build (from the cache when nothing changed)');
    const build = await runTargets(['build']);
    // A failed build does not block the start: Nx still builds every project whose dependencies built, a
    // service without dist/main.js is simply not started (the gateway answers 502 for it), and a frontend
    // that failed keeps its last build or shows the shell's error view for that remote.
    if (!build.ok) console.warn(`Warning: the build ${describeFailure(build.summary.failed)}; starting what has a build`);
  }
  const { startStack } = await import('../lib/stack.mjs');
  const { portOffsetFrom } = await import('../lib/service-ports.mjs');
  const stack = await startStack({
    databaseUrl: services.databaseUrl,
    redisUrl: services.redisUrl,
    dataDir: services.dataDir,
    port,
    portOffset: portOffsetFrom(),
  });
  cleanups.push(stack.stop);
  if (!stopping) console.log(`PayCadence is running at ${stack.url}`);
} catch (error) {
  console.error(error instanceof BootstrapExit || error?.name === 'ReplicasError' ? error.message : (error.stack ?? error.message));
  await shutdown(error.exitCode ?? 1);
}

function describeFailure(failedTasks) {
  return failedTasks.length > 0 ? `failed for ${failedTasks.join(', ')}` : 'failed';
}
