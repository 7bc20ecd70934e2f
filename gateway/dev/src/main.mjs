#!/usr/bin/env node
// CLI: node gateway/dev/src/main.mjs [--port 8080] [--kong gateway/kong.yml] [--frontends frontends]
//      [--upstream waitlist=http://127.0.0.1:3101 ...] (a name repeated: its replicas);
//      GATEWAY_UPSTREAMS='{"waitlist":"http://...","finance":["http://...","http://..."]}' also works.
import { fileURLToPath } from 'node:url';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startGateway } from './gateway-server.mjs';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

export function parseGatewayArgs(argv, env) {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      kong: { type: 'string' },
      frontends: { type: 'string' },
      upstream: { type: 'string', multiple: true },
      'rate-limit-factor': { type: 'string' },
    },
  });
  const upstreams = env.GATEWAY_UPSTREAMS ? JSON.parse(env.GATEWAY_UPSTREAMS) : {};
  // A name given more than once lists that service's replicas (balanced round-robin).
  const given = {};
  for (const pair of values.upstream ?? []) {
    const at = pair.indexOf('=');
    if (at <= 0) throw new Error(`--upstream ${pair}: expected <service>=<url>`);
    (given[pair.slice(0, at)] ??= []).push(pair.slice(at + 1));
  }
  for (const [name, urls] of Object.entries(given)) upstreams[name] = urls.length === 1 ? urls[0] : urls;
  return {
    port: Number(values.port ?? env.PORT ?? 8080),
    host: values.host,
    kongFile: resolve(values.kong ?? resolve(repoRoot, 'gateway/kong.yml')),
    frontendsDir: resolve(values.frontends ?? resolve(repoRoot, 'frontends')),
    upstreams,
    rateLimitFactor: Number(values['rate-limit-factor'] ?? 1),
  };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const options = parseGatewayArgs(process.argv.slice(2), process.env);
  const gateway = await startGateway(options);
  console.log(`dev gateway listening on ${gateway.url} (routes from ${options.kongFile})`);
  const stop = async () => {
    await gateway.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
