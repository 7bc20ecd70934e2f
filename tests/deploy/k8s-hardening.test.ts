// The production promises of docs/security.md held against k8s/: TLS at Kong with an HTTP redirect and
// HSTS, the client's address kept end to end, default-deny NetworkPolicies that still let every path DESIGN
// draws through (and no other), one PostgreSQL role per schema and one Redis ACL user per service, SMTP required.
// The manifests are read as files; when kubectl is on the machine, `kubectl kustomize` builds both trees too.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { BlockList, isIP } from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { clusterUpstreams, loadKongConfig, repoRoot } from '../contract/kong-config.loader.js';
import {
  baseDir,
  containersOf,
  deployments,
  modelFor,
  ofKind,
  overlayDir,
  readYaml,
  services,
  workloads,
  type Container,
  type K8sObject,
  type Parsed,
} from './k8s-manifests.js';
import { envName, serviceSchemas } from './service-schemas.js';

const kustomization = readYaml(path.join(baseDir, 'kustomization.yaml'));
const overlay = readYaml(path.join(overlayDir, 'kustomization.yaml'));

/** A workload's first container's env as name → entry. */
const envOf = (
  workload: K8sObject,
  container: Container = containersOf(workload)[0],
): Record<string, Parsed> =>
  Object.fromEntries((container.env ?? []).map((e: { name: string }) => [e.name, e]));
const byName = (name: string) => workloads.find((w) => w.metadata.name === name)!;
const labelsOf = (workload: K8sObject): Record<string, string> =>
  workload.spec?.template?.metadata?.labels ?? {};

/** The file of a ConfigMap generator entry (`files: [a/b.conf]` or `[key=a/b.conf]`) as key → path. */
function generatorFiles(name: string): Record<string, string> {
  const generator = (kustomization.configMapGenerator ?? []).find((g: { name: string }) => g.name === name);
  expect(generator, `configMapGenerator ${name}`).toBeDefined();
  return Object.fromEntries(
    (generator.files ?? []).map((entry: string) => {
      const [key, file] = entry.includes('=') ? entry.split('=') : [path.posix.basename(entry), entry];
      return [key, path.join(baseDir, file)];
    }),
  );
}

/** The repository file a container reads at `mountedPath`, through a volume made from a generated ConfigMap. */
function mountedFile(workload: K8sObject, container: Container, mountedPath: string): string | undefined {
  const mount = (container.volumeMounts ?? []).find((m: { mountPath: string }) =>
    mountedPath.startsWith(`${m.mountPath}/`),
  );
  if (!mount) return undefined;
  const volume = workload.spec!.template.spec.volumes.find((v: { name: string }) => v.name === mount.name);
  if (!volume?.configMap) return undefined;
  return generatorFiles(volume.configMap.name)[mountedPath.slice(mount.mountPath.length + 1)];
}

const schemas = serviceSchemas();
const serviceSchema = (service: string): string => schemas[service];

/** Workloads running a service's image (its HTTP entry and, for bank-sync, the worker) with that service. */
const serviceWorkloads = workloads
  .filter((w) => ['service', 'worker'].includes(labelsOf(w)['app.kubernetes.io/component']))
  .map((w) => ({ workload: w, service: containersOf(w)[0].image.replace(/^paycadence\//, '') as string }));
const serviceNames = [...new Set(serviceWorkloads.map((s) => s.service))].sort();

describe('TLS at Kong', () => {
  const kong = byName('kong');
  const container = containersOf(kong)[0];
  const env = envOf(kong);
  const value = (name: string) => env[name]?.value as string | undefined;
  const kongService = services.find((s) => s.metadata.name === 'kong')!;

  it('proxies on TLS only, with the certificate of the Secret paycadence-tls', () => {
    expect(
      value('KONG_PROXY_LISTEN')!
        .split(',')
        .map((l) => l.trim()),
    ).toEqual(['0.0.0.0:8443 http2 ssl']);
    const tlsVolume = kong.spec!.template.spec.volumes.find(
      (v: { secret?: { secretName: string } }) => v.secret?.secretName === 'paycadence-tls',
    );
    expect(tlsVolume).toBeDefined();
    const mount = container.volumeMounts.find((m: { name: string }) => m.name === tlsVolume.name);
    expect(value('KONG_SSL_CERT')).toBe(`${mount.mountPath}/tls.crt`);
    expect(value('KONG_SSL_CERT_KEY')).toBe(`${mount.mountPath}/tls.key`);
  });

  it('redirects every plain-HTTP request to HTTPS from a server that proxies nothing', () => {
    const file = mountedFile(kong, container, value('KONG_NGINX_HTTP_INCLUDE')!);
    expect(file, 'KONG_NGINX_HTTP_INCLUDE is a file of the kong-edge ConfigMap').toBeDefined();
    const conf = fs.readFileSync(file!, 'utf8');
    expect(conf).toMatch(/^\s*listen 8000\b/m);
    expect(conf).toMatch(/return 308 https:\/\/\$host\$request_uri;/);
    expect(conf).not.toMatch(/proxy_pass/);
    const http = container.ports.find((p: { containerPort: number }) => p.containerPort === 8000);
    const https = container.ports.find((p: { containerPort: number }) => p.containerPort === 8443);
    const servicePorts = Object.fromEntries(
      kongService.spec!.ports.map((p: { port: number; targetPort: string }) => [p.port, p.targetPort]),
    );
    expect(servicePorts).toEqual({ 80: http.name, 443: https.name });
  });

  it('sends HSTS for a year or more on every answer of the TLS proxy, and only there', () => {
    const file = mountedFile(kong, container, value('KONG_NGINX_PROXY_INCLUDE')!);
    expect(file, 'KONG_NGINX_PROXY_INCLUDE is a file of the kong-edge ConfigMap').toBeDefined();
    const conf = fs.readFileSync(file!, 'utf8');
    const hsts = /add_header Strict-Transport-Security "max-age=(\d+)[^"]*" always;/.exec(conf);
    expect(hsts).not.toBeNull();
    expect(Number(hsts![1])).toBeGreaterThanOrEqual(31_536_000);
    // kong.yml is also what the plain-HTTP dev gateway sends: HSTS has no place there
    expect(JSON.stringify(loadKongConfig())).not.toMatch(/strict-transport-security/i);
  });

  it("loads every plugin kong.yml names (the security headers' response-transformer included)", () => {
    // Kong 3's bundled plugins that kong.yml may use; anything else must be listed in KONG_PLUGINS by name
    const bundled = [
      'correlation-id',
      'rate-limiting',
      'request-size-limiting',
      'response-transformer',
      'cors',
      'ip-restriction',
      'bot-detection',
      'request-transformer',
    ];
    const loaded = (value('KONG_PLUGINS') ?? 'bundled').split(',').map((p) => p.trim());
    const config = loadKongConfig() as {
      plugins?: Array<{ name: string }>;
      services: Array<{ plugins?: Array<{ name: string }> }>;
    };
    const named = [...(config.plugins ?? []), ...config.services.flatMap((s) => s.plugins ?? [])].map(
      (p) => p.name,
    );
    for (const plugin of named) {
      expect(
        loaded.includes(plugin) || (loaded.includes('bundled') && bundled.includes(plugin)),
        plugin,
      ).toBe(true);
    }
  });
});

describe("the client's address, load balancer → Kong → services", () => {
  const kongEnv = envOf(byName('kong'));

  it('the production load balancer keeps client addresses (externalTrafficPolicy: Local)', () => {
    const patch = (overlay.patches ?? [])
      .filter((p: { path?: string }) => p.path !== undefined)
      .map((p: { path: string }) => readYaml(path.join(overlayDir, p.path)))
      .find((o: K8sObject) => o.kind === 'Service' && o.metadata.name === 'kong');
    expect(patch?.spec?.type).toBe('LoadBalancer');
    expect(patch?.spec?.externalTrafficPolicy).toBe('Local');
  });

  it('Kong takes the client from X-Forwarded-For only from trusted hops, never from anyone', () => {
    expect(kongEnv.KONG_REAL_IP_HEADER?.value).toBe('X-Forwarded-For');
    expect(kongEnv.KONG_REAL_IP_RECURSIVE?.value).toBe('on');
    const trusted = String(kongEnv.KONG_TRUSTED_IPS?.value ?? '');
    expect(trusted).not.toBe('');
    for (const entry of trusted.split(',').map((e) => e.trim())) {
      const [address, prefix] = entry.split('/');
      expect(isIP(address), entry).not.toBe(0);
      expect(Number(prefix ?? 32), `${entry} trusts the whole internet`).toBeGreaterThan(0);
    }
  });

  it.each(
    serviceWorkloads
      .filter((s) => labelsOf(s.workload)['app.kubernetes.io/component'] === 'service')
      .map((s) => [s.service, s.workload]),
  )(
    'service %s believes X-Forwarded-For only from the pod network (TRUSTED_PROXIES from paycadence-network)',
    (_name, workload) => {
      const ref = envOf(workload).TRUSTED_PROXIES?.valueFrom?.configMapKeyRef;
      expect(ref?.name).toBe('paycadence-network');
      const generator = kustomization.configMapGenerator.find((g: { name: string }) => g.name === ref.name);
      const literal = generator.literals.find((l: string) => l.startsWith(`${ref.key}=`));
      expect(literal, `${ref.key} in paycadence-network`).toBeDefined();
      for (const cidr of literal.slice(ref.key.length + 1).split(',')) {
        const [address, prefix] = cidr.trim().split('/');
        expect(isIP(address), cidr).toBe(4);
        expect(Number(prefix), `${cidr} is wider than a private range`).toBeGreaterThanOrEqual(8);
        expect(new BlockList().check(address), cidr).toBe(false);
        const privateRanges = new BlockList();
        for (const [net, bits] of [
          ['10.0.0.0', 8],
          ['172.16.0.0', 12],
          ['192.168.0.0', 16],
          ['100.64.0.0', 10],
        ] as const)
          privateRanges.addSubnet(net, bits, 'ipv4');
        expect(privateRanges.check(address, 'ipv4'), `${cidr} is a private range`).toBe(true);
      }
    },
  );
});

// A small evaluator of the NetworkPolicy semantics the manifests use (podSelector with matchLabels /
// matchExpressions In, namespaceSelector, ipBlock with except, TCP/UDP ports): traffic flows when the source's
// egress and the destination's ingress both allow it; a pod no policy of a direction selects is open that way.
type Endpoint = { labels?: Record<string, string>; namespace?: Record<string, string>; ip?: string };
const ownNamespace = { 'kubernetes.io/metadata.name': 'paycadence' };
const podOf = (name: string): Endpoint => ({ labels: labelsOf(byName(name)), namespace: ownNamespace });
const external = (ip: string): Endpoint => ({ ip });
const kubeDns: Endpoint = {
  labels: { 'k8s-app': 'kube-dns' },
  namespace: { 'kubernetes.io/metadata.name': 'kube-system' },
};

function selects(selector: Parsed, labels: Record<string, string> = {}): boolean {
  if (!selector) return false;
  const byLabel = Object.entries(selector.matchLabels ?? {}).every(([k, v]) => labels[k] === v);
  const byExpression = (selector.matchExpressions ?? []).every(
    (e: { key: string; operator: string; values?: string[] }) => {
      if (e.operator === 'In') return e.values!.includes(labels[e.key]);
      if (e.operator === 'NotIn') return !e.values!.includes(labels[e.key]);
      if (e.operator === 'Exists') return e.key in labels;
      return !(e.key in labels);
    },
  );
  return byLabel && byExpression;
}

function peerMatches(peer: Parsed, target: Endpoint): boolean {
  if (peer.ipBlock) {
    if (!target.ip) return false;
    const family = isIP(target.ip) === 6 ? 'ipv6' : 'ipv4';
    const [net, bits] = peer.ipBlock.cidr.split('/');
    if ((isIP(net) === 6 ? 'ipv6' : 'ipv4') !== family) return false;
    const inside = new BlockList();
    inside.addSubnet(net, Number(bits), family);
    const excluded = new BlockList();
    for (const cidr of peer.ipBlock.except ?? []) {
      const [n, b] = cidr.split('/');
      excluded.addSubnet(n, Number(b), family);
    }
    return inside.check(target.ip, family) && !excluded.check(target.ip, family);
  }
  if (target.ip) return false;
  const namespaceOk = peer.namespaceSelector
    ? selects(peer.namespaceSelector, target.namespace)
    : target.namespace === ownNamespace;
  return namespaceOk && (peer.podSelector ? selects(peer.podSelector, target.labels) : true);
}

const policies = ofKind('NetworkPolicy');
function allows(
  direction: 'Ingress' | 'Egress',
  pod: Endpoint,
  peer: Endpoint,
  port: number,
  protocol = 'TCP',
): boolean {
  const applying = policies.filter(
    (p) =>
      selects(p.spec!.podSelector, pod.labels) && (p.spec!.policyTypes ?? ['Ingress']).includes(direction),
  );
  if (applying.length === 0) return true;
  return applying.some((p) =>
    (p.spec![direction === 'Ingress' ? 'ingress' : 'egress'] ?? []).some((rule: Parsed) => {
      const peers = rule[direction === 'Ingress' ? 'from' : 'to'];
      const portOk =
        !rule.ports || rule.ports.some((r: Parsed) => r.port === port && (r.protocol ?? 'TCP') === protocol);
      return portOk && (!peers || peers.some((p2: Parsed) => peerMatches(p2, peer)));
    }),
  );
}
/** Whether `from` can open a connection to `to` on `port`. */
function connects(from: Endpoint, to: Endpoint, port: number, protocol = 'TCP'): boolean {
  const ours = (e: Endpoint) => Boolean(e.labels) && e.namespace === ownNamespace;
  const out = ours(from) ? allows('Egress', from, to, port, protocol) : true;
  const inbound = ours(to) ? allows('Ingress', to, from, port, protocol) : true;
  return out && inbound;
}

describe('NetworkPolicies: default deny, and exactly the paths DESIGN draws', () => {
  const deploymentBehind = (host: string) => {
    const service = services.find((s) => s.metadata.name === host)!;
    return deployments.find((d) => selects({ matchLabels: service.spec!.selector }, labelsOf(d)))!;
  };
  const usesAuthGuard = (service: string) =>
    fs
      .readdirSync(path.join(repoRoot, 'services', service, 'src'), { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.spec.ts'))
      .some((file) =>
        fs.readFileSync(path.join(repoRoot, 'services', service, 'src', file), 'utf8').includes('AuthGuard'),
      );
  const servicePods = serviceWorkloads.map((s) => s.workload.metadata.name);

  it('denies all traffic in and out of every pod unless a policy allows it', () => {
    const deny = policies.find(
      (p) => Object.keys(p.spec!.podSelector).length === 0 && !p.spec!.ingress && !p.spec!.egress,
    );
    expect(deny?.spec?.policyTypes).toEqual(expect.arrayContaining(['Ingress', 'Egress']));
  });

  it('the evaluator can fail: without the policies every path would be open', () => {
    expect(connects(podOf('shell'), podOf('postgres'), 5432)).toBe(false);
    expect(policies.length).toBeGreaterThan(1);
  });

  it.each(clusterUpstreams().map((u) => [u.host, u.port]))('Kong reaches %s on %i', (host, port) => {
    expect(connects(podOf('kong'), podOf(deploymentBehind(host).metadata.name), port)).toBe(true);
  });

  it('clients reach Kong on 8000 and 8443 from anywhere, and nothing else of the namespace', () => {
    for (const ip of ['203.0.113.7', '2001:db8::7']) {
      expect(connects(external(ip), podOf('kong'), 8443), ip).toBe(true);
      expect(connects(external(ip), podOf('kong'), 8000), ip).toBe(true);
    }
    for (const pod of workloads.map((w) => w.metadata.name).filter((n) => n !== 'kong')) {
      expect(allows('Ingress', podOf(pod), external('203.0.113.7'), 3000), pod).toBe(false);
    }
  });

  it.each(servicePods)('%s reaches PostgreSQL and Redis', (pod) => {
    expect(connects(podOf(pod), podOf('postgres'), 5432)).toBe(true);
    expect(connects(podOf(pod), podOf('redis'), 6379)).toBe(true);
  });

  it('the role Job reaches PostgreSQL; no frontend and not Kong reach PostgreSQL or Redis', () => {
    expect(connects(podOf('postgres-roles'), podOf('postgres'), 5432)).toBe(true);
    const others = workloads.filter((w) =>
      ['frontend', 'gateway'].includes(labelsOf(w)['app.kubernetes.io/component']),
    );
    expect(others.length).toBeGreaterThan(1);
    for (const w of others) {
      expect(connects(podOf(w.metadata.name), podOf('postgres'), 5432), w.metadata.name).toBe(false);
      expect(connects(podOf(w.metadata.name), podOf('redis'), 6379), w.metadata.name).toBe(false);
    }
  });

  it('a service reaches another only for the key set: auth, from the services whose AuthGuard needs it', () => {
    for (const from of serviceWorkloads) {
      for (const to of serviceWorkloads.filter(
        (t) => labelsOf(t.workload)['app.kubernetes.io/component'] === 'service',
      )) {
        if (from.workload === to.workload) continue;
        const expected =
          to.service === 'auth' &&
          from.service !== 'auth' &&
          labelsOf(from.workload)['app.kubernetes.io/component'] === 'service' &&
          usesAuthGuard(from.service);
        expect(
          connects(podOf(from.workload.metadata.name), podOf(to.workload.metadata.name), 3000),
          `${from.workload.metadata.name} → ${to.workload.metadata.name}`,
        ).toBe(expected);
      }
    }
  });

  it("public-site's page server reaches the blog at its BLOG_URL and the shell at its SHELL_URL, and nothing else but DNS", () => {
    const pages = byName('public-site-pages');
    const from = podOf('public-site-pages');
    const peers = [
      ['BLOG_URL', 'blog'],
      ['SHELL_URL', 'shell'],
    ].map(([name, expected]) => {
      const url = new URL(envOf(pages)[name]?.value);
      const workload = deploymentBehind(url.hostname);
      expect(workload?.metadata.name, name).toBe(expected);
      expect(connects(from, podOf(expected), Number(url.port)), name).toBe(true);
      return { workload, port: Number(url.port) };
    });
    // Every other port of those two, and every other workload of the namespace on its ports, is closed, by the
    // page server's own egress policies (not only by the other side's ingress).
    const ports = [3000, 8080, 8000, 8443, 5432, 6379];
    for (const { workload, port } of peers) {
      for (const other of ports.filter((p) => p !== port)) {
        const to = podOf(workload.metadata.name);
        expect(allows('Egress', from, to, other), `${workload.metadata.name}:${other}`).toBe(false);
      }
    }
    const reached = new Set(peers.map((p) => p.workload.metadata.name));
    for (const other of workloads.map((w) => w.metadata.name).filter((n) => !reached.has(n))) {
      for (const port of ports) {
        expect(allows('Egress', from, podOf(other), port), `${other}:${port}`).toBe(false);
      }
    }
    for (const [ip, port] of [
      ['203.0.113.50', 443],
      ['203.0.113.50', 80],
      ['10.1.2.3', 8080],
      ['169.254.169.254', 80],
    ] as const) {
      expect(allows('Egress', from, external(ip), port), `${ip}:${port}`).toBe(false);
    }
    // The blog's and the shell's ways in: Kong's and the page server's, no other pod's (by their own ingress).
    for (const { workload, port } of peers) {
      const to = podOf(workload.metadata.name);
      for (const other of workloads.map((w) => w.metadata.name)) {
        const expected = other === 'kong' || other === 'public-site-pages';
        expect(allows('Ingress', to, podOf(other), port), `${other} → ${workload.metadata.name}`).toBe(
          expected,
        );
      }
    }
  });

  it('bank sync reaches Plaid over HTTPS on the internet, never the metadata address or private ranges', () => {
    for (const pod of ['bank-sync', 'bank-sync-worker']) {
      expect(connects(podOf(pod), external('203.0.113.50'), 443), pod).toBe(true);
      expect(connects(podOf(pod), external('169.254.169.254'), 443), pod).toBe(false);
      expect(connects(podOf(pod), external('169.254.169.254'), 80), pod).toBe(false);
      expect(connects(podOf(pod), external('10.1.2.3'), 443), pod).toBe(false);
      expect(connects(podOf(pod), external('203.0.113.50'), 80), pod).toBe(false);
    }
    for (const pod of ['finance', 'admin', 'waitlist', 'kong', 'shell']) {
      expect(connects(podOf(pod), external('203.0.113.50'), 443), pod).toBe(false);
    }
  });

  it("finance's worker reaches push services over HTTPS on the internet, never the metadata address or private ranges", () => {
    expect(connects(podOf('finance-worker'), external('203.0.113.50'), 443)).toBe(true);
    expect(connects(podOf('finance-worker'), external('169.254.169.254'), 443)).toBe(false);
    expect(connects(podOf('finance-worker'), external('10.1.2.3'), 443)).toBe(false);
    expect(connects(podOf('finance-worker'), external('203.0.113.50'), 80)).toBe(false);
  });

  it('the services that send e-mail reach SMTP, and only they', () => {
    // finance itself too: the due-date planner e-mails a person their letter to a biller.
    for (const pod of ['auth', 'household', 'finance', 'finance-worker']) {
      for (const port of [25, 465, 587])
        expect(connects(podOf(pod), external('198.51.100.25'), port), `${pod}:${port}`).toBe(true);
      expect(connects(podOf(pod), external('169.254.169.254'), 587), pod).toBe(false);
    }
    for (const pod of ['bank-sync', 'waitlist', 'kong']) {
      expect(connects(podOf(pod), external('198.51.100.25'), 587), pod).toBe(false);
    }
  });

  it.each(workloads.map((w) => w.metadata.name))('%s resolves names through the cluster DNS', (pod) => {
    expect(connects(podOf(pod), kubeDns, 53, 'UDP')).toBe(true);
    expect(connects(podOf(pod), kubeDns, 53, 'TCP')).toBe(true);
  });
});

describe('PostgreSQL: one role per service schema', () => {
  const job = byName('postgres-roles');
  const jobContainer = containersOf(job)[0];
  const jobEnv = envOf(job);
  const script = mountedFile(job, jobContainer, `/scripts/service-roles.sh`);

  it('the Job runs postgres/service-roles.sh as the database owner', () => {
    expect(script).toBe(path.join(baseDir, 'postgres/service-roles.sh'));
    expect(jobContainer.command.join(' ')).toContain('/scripts/service-roles.sh');
    expect(jobEnv.PGPASSWORD.valueFrom.secretKeyRef.key).toBe('postgres-password');
    const postgres = byName('postgres');
    const owner = envOf(postgres).POSTGRES_USER.value;
    expect(jobEnv.PGUSER.value).toBe(owner);
    expect(jobEnv.POSTGRES_DB.value).toBe(envOf(postgres).POSTGRES_DB.value);
  });

  it('the script makes a role for every service schema by default', () => {
    const source = fs.readFileSync(script!, 'utf8');
    const defaults = /schemas="\$\{SERVICE_SCHEMAS:-([a-z_ ]+)\}"/.exec(source);
    expect(defaults).not.toBeNull();
    expect(defaults![1].split(' ').sort()).toEqual(serviceNames.map(serviceSchema).sort());
  });

  it.each(serviceWorkloads.map((s) => [s.workload.metadata.name, s.service, s.workload] as const))(
    '%s connects as the role of its own schema, with the password the Job sets',
    (_name, service, workload) => {
      const env = envOf(workload);
      const url = new URL(env.DATABASE_URL.value);
      const schema = serviceSchema(service);
      expect(url.username).toBe(`${schema}_service`);
      expect(url.username).not.toBe(envOf(byName('postgres')).POSTGRES_USER.value);
      expect(url.host).toBe('postgres:5432');
      expect(decodeURIComponent(url.password)).toBe('$(DB_PASSWORD)');
      const secret = env.DB_PASSWORD.valueFrom.secretKeyRef;
      expect(jobEnv[`DB_PASSWORD_${envName(schema)}`]?.valueFrom?.secretKeyRef).toEqual(secret);
    },
  );
});

describe('Redis: one ACL user per service, no default user', () => {
  const redis = byName('redis');
  const redisContainer = containersOf(redis)[0];
  const redisEnv = envOf(redis);
  const start = mountedFile(redis, redisContainer, redisContainer.command.at(-1));
  const users = Object.fromEntries(
    fs
      .readFileSync(path.join(baseDir, 'redis/users.acl'), 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('user '))
      .map((line) => line.split(' '))
      .map(([, name, ...rules]) => [name, rules]),
  );

  it('starts redis-server through start-redis.sh with the users.acl beside it', () => {
    expect(start).toBe(path.join(baseDir, 'redis/start-redis.sh'));
    expect(
      mountedFile(
        redis,
        redisContainer,
        path.posix.join(path.posix.dirname(redisContainer.command.at(-1)), 'users.acl'),
      ),
    ).toBe(path.join(baseDir, 'redis/users.acl'));
    // the generated file holds the passwords: in memory
    const aclDir = path.posix.dirname(redisEnv.REDIS_ACL_FILE.value);
    const mount = redisContainer.volumeMounts.find((m: { mountPath: string }) => m.mountPath === aclDir);
    const volume = redis.spec!.template.spec.volumes.find((v: { name: string }) => v.name === mount?.name);
    expect(volume?.emptyDir?.medium).toBe('Memory');
  });

  it('the default user is off, and no user can do everything', () => {
    expect(users.default).toEqual(expect.arrayContaining(['off', '-@all']));
    expect(users.default.some((r: string) => r.startsWith('>') || r === 'nopass')).toBe(false);
    for (const [name, rules] of Object.entries(users) as Array<[string, string[]]>) {
      expect(
        rules.some((r) =>
          ['~*', 'allkeys', '&*', 'allchannels', 'allcommands', '+@dangerous', '+@admin'].includes(r),
        ),
        name,
      ).toBe(false);
      if (rules.includes('+@all')) expect(rules, name).toContain('-@dangerous');
      if (rules.includes('nopass'))
        expect(
          rules.filter((r) => r.startsWith('+') || r.startsWith('~') || r.startsWith('&')),
          name,
        ).toEqual(['+ping']);
    }
  });

  it.each(serviceWorkloads.map((s) => [s.workload.metadata.name, s.service, s.workload] as const))(
    '%s connects as its own Redis user, whose password the Redis pod gets from the same Secret key',
    (_name, service, workload) => {
      const env = envOf(workload);
      const url = new URL(env.REDIS_URL.value);
      expect(url.username).toBe(service);
      expect(url.host).toBe('redis:6379');
      expect(decodeURIComponent(url.password)).toBe('$(REDIS_PASSWORD)');
      expect(users[service], `user ${service} in users.acl`).toBeDefined();
      expect(users[service]).toContain('on');
      expect(users[service]).not.toContain('nopass');
      expect(redisEnv[`REDIS_PASSWORD_${envName(service)}`]?.valueFrom?.secretKeyRef).toEqual(
        env.REDIS_PASSWORD.valueFrom.secretKeyRef,
      );
    },
  );

  it('the probes use the PING-only user', () => {
    expect(redisContainer.readinessProbe.exec.command.join(' ')).toContain('--user healthcheck');
    expect(users.healthcheck).toEqual(expect.arrayContaining(['-@all', '+ping']));
  });
});

describe('SMTP is required where e-mail is sent', () => {
  it.each(['auth', 'household'])('%s gets SMTP_URL from the Secret, not optional', (name) => {
    const ref = envOf(byName(name)).SMTP_URL?.valueFrom?.secretKeyRef;
    expect(ref?.key).toBe('smtp-url');
    expect(ref?.optional ?? false).toBe(false);
  });
});

describe('production overlay', () => {
  it("issues Kong's certificate with cert-manager into the Secret Kong mounts", () => {
    const file = (overlay.resources as string[])
      .filter((r) => r.endsWith('.yaml'))
      .find((r) => readYaml(path.join(overlayDir, r))?.kind === 'Certificate');
    expect(file).toBeDefined();
    const certificate = readYaml(path.join(overlayDir, file!));
    expect(() =>
      new (modelFor(certificate.apiVersion, certificate.kind))(certificate).validate(),
    ).not.toThrow();
    const kongSecret = byName('kong').spec!.template.spec.volumes.find((v: Parsed) => v.secret).secret
      .secretName;
    expect(certificate.spec.secretName).toBe(kongSecret);
    expect(['ClusterIssuer', 'Issuer']).toContain(certificate.spec.issuerRef.kind);
  });

  it('the namespace enforces the restricted Pod Security Standard', () => {
    const namespace = readYaml(path.join(overlayDir, 'namespace.yaml'));
    expect(namespace.metadata.labels['pod-security.kubernetes.io/enforce']).toBe('restricted');
  });
});

// kubectl (with its built-in kustomize) is not on every machine; where it is, the trees must build and every
// reference in the result must resolve.
const kubectl = spawnSync('kubectl', ['version', '--client'], { encoding: 'utf8' }).status === 0;
describe.skipIf(!kubectl)('kubectl kustomize (where kubectl is installed)', () => {
  it.each([['k8s/base'], ['k8s/overlays/production']])(
    '%s builds, and every ConfigMap and Secret reference resolves',
    (dir) => {
      const built = spawnSync('kubectl', ['kustomize', path.join(repoRoot, dir)], { encoding: 'utf8' });
      expect(built.stderr).toBe('');
      expect(built.status).toBe(0);
      const docs = built.stdout
        .split(/^---$/m)
        .map((d) => parse(d))
        .filter(Boolean);
      const configMaps = new Set(docs.filter((d) => d.kind === 'ConfigMap').map((d) => d.metadata.name));
      const referenced = JSON.stringify(docs.filter((d) => d.kind !== 'ConfigMap'));
      for (const match of referenced.matchAll(/"configMap(?:KeyRef)?":\{[^}]*?"name":"([^"]+)"/g)) {
        if (match[1] === 'paycadence-public') continue; // optional, made by the operator
        expect(configMaps.has(match[1]), `ConfigMap ${match[1]}`).toBe(true);
      }
      if (dir.includes('production')) {
        const kong = docs.find((d) => d.kind === 'Service' && d.metadata.name === 'kong');
        expect(kong.spec).toMatchObject({ type: 'LoadBalancer', externalTrafficPolicy: 'Local' });
        expect(
          docs.filter((d) => d.kind === 'NetworkPolicy').every((d) => d.metadata.namespace === 'paycadence'),
        ).toBe(true);
      }
    },
  );
});
