#!/usr/bin/env node
// CLI: node gateway/dev/src/main.mjs [--port 8080] [--kong gateway/kong.yml] [--frontends frontends]
//      [--upstream waitlist=http://127.0.0.1:3101 ...]; GATEWAY_UPSTREAMS='{"waitlist":"http://..."}' also works.
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
  for (const pair of values.upstream ?? []) {
    const [name, url] = pair.split('=');
    upstreams[name] = url;
  }
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
