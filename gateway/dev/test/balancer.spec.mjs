import http from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBalancer, isConnectionRefused } from '../src/balancer.mjs';
import { startGateway } from '../src/gateway-server.mjs';
import { parseKongConfig } from '../src/kong-config.mjs';
import { parseGatewayArgs } from '../src/main.mjs';

describe('createBalancer (Kong round-robin)', () => {
  const names = (balancer, count) => Array.from({ length: count }, () => balancer.pick().url);

  it('alternates between equal targets and follows the weights', () => {
    expect(names(createBalancer([{ url: 'a' }, { url: 'b' }]), 4)).toEqual(['a', 'b', 'a', 'b']);
    const weighted = names(
      createBalancer([
        { url: 'a', weight: 300 },
        { url: 'b', weight: 100 },
      ]),
      8,
    );
    expect(weighted.filter((name) => name === 'a')).toHaveLength(6);
    // Smooth: the heavier target is spread out, never four in a row.
    expect(weighted.join('')).not.toContain('aaaa');
    expect(names(createBalancer([{ url: 'a', weight: 0 }, { url: 'b' }]), 3)).toEqual(['b', 'b', 'b']);
    expect(() => createBalancer([{ url: 'a', weight: 0 }])).toThrow(/at least one target/);
  });

  it('passes over a target marked down until its time is up, and tries each target once per request', () => {
    let now = 1_000;
    const balancer = createBalancer([{ url: 'a' }, { url: 'b' }], { downForMs: 500, now: () => now });
    const [a] = balancer.targets;
    balancer.markDown(a);
    expect(names(balancer, 3)).toEqual(['b', 'b', 'b']);
    now += 501;
    expect(names(balancer, 4).sort()).toEqual(['a', 'a', 'b', 'b']);
    // Everything down: still tried (a restarted replica is found again), but never twice for one request.
    balancer.targets.forEach((target) => balancer.markDown(target));
    const first = balancer.pick();
    const second = balancer.pick([first]);
    expect(second).not.toBe(first);
    expect(balancer.pick([first, second])).toBeNull();
  });

  it('recognises a refused connection however deeply the proxy wrapped it', () => {
    expect(isConnectionRefused({ message: 'x', cause: { code: 'ECONNREFUSED' } })).toBe(true);
    expect(isConnectionRefused({ code: 'ECONNRESET' })).toBe(false);
    expect(isConnectionRefused(undefined)).toBe(false);
  });
});

describe('kong.yml upstreams', () => {
  it("reads an upstream's targets for the service whose host names it, as Kong resolves it", () => {
    const config = parseKongConfig(`
_format_version: "3.0"
upstreams:
  - name: finance.upstream
    algorithm: round-robin
    targets:
      - { target: "10.0.0.1:3103", weight: 100 }
      - { target: "10.0.0.2" }
services:
  - name: finance
    url: http://finance.upstream:3103/base
  - name: auth
    host: auth.upstream
  - name: blog
    url: http://blog:3106
`);
    const byName = Object.fromEntries(config.services.map((service) => [service.name, service.targets]));
    expect(byName.finance).toEqual([
      { url: 'http://10.0.0.1:3103/base', weight: 100 },
      { url: 'http://10.0.0.2:8000/base', weight: 100 },
    ]);
    expect(byName.auth).toBeNull();
    expect(byName.blog).toBeNull();
    expect(() => parseKongConfig('upstreams: [{ name: x, algorithm: consistent-hashing }]')).toThrow(
      /round-robin only/,
    );
  });
});

describe('parseGatewayArgs', () => {
  it('collects a repeated --upstream as the replicas of that service', () => {
    const options = parseGatewayArgs(
      [
        '--upstream',
        'finance=http://127.0.0.1:3103',
        '--upstream',
        'auth=http://127.0.0.1:3102',
        '--upstream',
        'finance=http://127.0.0.1:4000/x=y',
      ],
      {},
    );
    expect(options.upstreams).toEqual({
      finance: ['http://127.0.0.1:3103', 'http://127.0.0.1:4000/x=y'],
      auth: 'http://127.0.0.1:3102',
    });
    expect(() => parseGatewayArgs(['--upstream', 'finance'], {})).toThrow(/expected <service>=<url>/);
  });
});

/** A replica that says which one it is and what it got. */
function replica(id) {
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ id, url: req.url, body }));
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${server.address().port}` }),
    ),
  );
}

/** A port nothing listens on: bound, read, closed. */
async function refusedUrl() {
  const { server, url } = await replica('gone');
  await new Promise((resolve) => server.close(resolve));
  return url;
}

describe('the gateway balances a service across its replicas', () => {
  let dir;
  let kongFile;
  const servers = [];
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'gateway-balance-'));
    kongFile = join(dir, 'kong.yml');
    writeFileSync(
      kongFile,
      `_format_version: "3.0"
services:
  - name: finance
    url: http://finance:3103
    routes: [{ name: finance-api, paths: [/api/financial], strip_path: false }]
`,
    );
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
    rmSync(dir, { recursive: true, force: true });
  });

  const start = async (upstreamUrls) =>
    startGateway({ port: 0, host: '127.0.0.1', kongFile, upstreams: { finance: upstreamUrls } });
  const ask = async (gateway, init) =>
    (await fetch(`${gateway.url.replace('localhost', '127.0.0.1')}/api/financial/bills`, init)).json();

  it('round-robin over the replicas, and a refused one is skipped without the client noticing (a POST body too)', async () => {
    const [one, two] = await Promise.all([replica('one'), replica('two')]);
    servers.push(one.server, two.server);
    const gateway = await start([one.url, await refusedUrl(), two.url]);
    try {
      const seen = [];
      for (let i = 0; i < 6; i += 1) seen.push((await ask(gateway)).id);
      expect(seen.filter((id) => id === 'one')).toHaveLength(3);
      expect(seen.filter((id) => id === 'two')).toHaveLength(3);
      const posted = await ask(gateway, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"name":"Rent"}',
      });
      expect(posted).toMatchObject({ url: '/api/financial/bills', body: '{"name":"Rent"}' });
    } finally {
      await gateway.close();
    }
  });

  it('answers 502 when every replica refuses', async () => {
    const gateway = await start([await refusedUrl(), await refusedUrl()]);
    try {
      const res = await fetch(`http://127.0.0.1:${gateway.port}/api/financial/bills`);
      expect(res.status).toBe(502);
    } finally {
      await gateway.close();
    }
  });
});
