// No access log of the production stack can write a secret that travels in a URL. Secrets in a request line: the
// calendar feed's token is a path segment (calendar apps need a plain URL), as is that of unsubscribe links mailed
// before the token moved to the fragment; old invitation links carried ?token=, and sign-in's ?next= holds the page
// to return to. Every nginx log_format and access_log of the repository (the frontends' docker/nginx/*.conf and
// Kong's k8s/base/kong/*.conf) and every Kong log setting (its containers in k8s/ and docker-compose.yml) is found
// here, and each either logs nothing or uses a format that logs the path through the redacting map
// ($paycadence_log_path), never the raw request line, URI, query or Referer. The maps are run against every
// path-token route of libs/contracts/src/routes.ts.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { SERVICE_ROUTES } from '../../libs/contracts/src/routes.js';
import { loadKongConfig, repoRoot } from '../contract/kong-config.loader.js';
import { baseDir, containersOf, readYaml, workloads, type Container, type K8sObject, type Parsed } from './k8s-manifests.js';

// ---------------------------------------------------------------------------------------------------------------
// A small nginx configuration reader: directives with their arguments and blocks, comments dropped, quotes kept
// together (nginx joins a log_format's quoted pieces).
// ---------------------------------------------------------------------------------------------------------------

interface Directive {
  name: string;
  args: string[];
  block?: Directive[];
  line: number;
}

export function parseNginx(text: string): Directive[] {
  const root: Directive[] = [];
  const stack: Directive[][] = [root];
  let words: string[] = [];
  let word: string | null = null;
  let line = 1;
  let startLine = 1;
  const endWord = () => {
    if (word !== null) words.push(word);
    word = null;
  };
  for (let i = 0; i < text.length; i += 1) {
    const character = text[i]!;
    if (character === '\n') line += 1;
    if (character === '"' || character === "'") {
      let value = '';
      let j = i + 1;
      for (; j < text.length && text[j] !== character; j += 1) {
        if (text[j] === '\\' && j + 1 < text.length) j += 1;
        if (text[j] === '\n') line += 1;
        value += text[j];
      }
      if (words.length === 0 && word === null) startLine = line;
      word = (word ?? '') + value;
      i = j;
      continue;
    }
    // A comment starts where a word could (nginx reads `#` inside a word as part of it).
    if (character === '#' && word === null) {
      while (i + 1 < text.length && text[i + 1] !== '\n') i += 1;
      continue;
    }
    if (/\s/.test(character)) {
      endWord();
      continue;
    }
    if (character === ';' || character === '{' || character === '}') {
      endWord();
      const current = stack[stack.length - 1]!;
      if (character === '}') {
        if (words.length) throw new Error(`line ${line}: "${words.join(' ')}" has no ";"`);
        stack.pop();
        if (stack.length === 0) throw new Error(`line ${line}: unbalanced "}"`);
      } else {
        const [name, ...args] = words;
        if (!name) throw new Error(`line ${line}: "${character}" without a directive`);
        const directive: Directive = { name, args, line: startLine };
        current.push(directive);
        if (character === '{') {
          directive.block = [];
          stack.push(directive.block);
        }
      }
      words = [];
      continue;
    }
    if (words.length === 0 && word === null) startLine = line;
    word = (word ?? '') + character;
  }
  endWord();
  if (words.length || stack.length !== 1) throw new Error('the configuration ends inside a directive or block');
  return root;
}

function* walk(directives: Directive[], ancestors: Directive[] = []): Generator<{ directive: Directive; ancestors: Directive[] }> {
  for (const directive of directives) {
    yield { directive, ancestors };
    if (directive.block) yield* walk(directive.block, [...ancestors, directive]);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Formats and the redacting map
// ---------------------------------------------------------------------------------------------------------------

/** The variable every access-log format must log the request's path through. */
const REDACTED_PATH = 'paycadence_log_path';

/**
 * Variables that hold a URL (or part of one) as the client sent it, the Referer (a page's address, query
 * included), or credentials. `$uri` and `$document_uri` are decoded and normalised but keep every path segment.
 */
const RAW_VARIABLES = new Set([
  'request',
  'request_uri',
  'uri',
  'document_uri',
  'args',
  'query_string',
  'is_args',
  'request_body',
  'request_body_file',
  'http_referer',
  'http_cookie',
  'http_authorization',
  'upstream_uri',
  'upstream_x_forwarded_path',
]);
const RAW_PREFIXES = ['arg_', 'cookie_'];

const variablesOf = (format: string) => [...format.matchAll(/\$\{?([A-Za-z0-9_]+)\}?/g)].map((match) => match[1]!);

/** Why a log format could write a secret; [] when it cannot. */
export function formatProblems(format: string): string[] {
  const variables = variablesOf(format);
  const problems = variables
    .filter((name) => RAW_VARIABLES.has(name) || RAW_PREFIXES.some((prefix) => name.startsWith(prefix)))
    .map((name) => `logs $${name} as sent`);
  if (!variables.includes(REDACTED_PATH)) problems.push(`logs no $${REDACTED_PATH}`);
  return problems;
}

/** `log_format name [escape=...] string...`: its name and the format nginx makes of the strings. */
function logFormat(directive: Directive): { name: string; format: string } {
  const [name, ...rest] = directive.args;
  return { name: name!, format: rest.filter((part) => !part.startsWith('escape=')).join('') };
}

interface NginxMap {
  source: string;
  target: string;
  entries: Array<{ pattern: RegExp | string; value: string }>;
  fallback: string;
}

function nginxMap(directive: Directive): NginxMap {
  const [source, target] = directive.args;
  const entries: NginxMap['entries'] = [];
  let fallback = '';
  for (const entry of directive.block ?? []) {
    const value = entry.args[0] ?? '';
    if (entry.name === 'default') fallback = value;
    else if (entry.name.startsWith('~*')) entries.push({ pattern: new RegExp(entry.name.slice(2), 'i'), value });
    else if (entry.name.startsWith('~')) entries.push({ pattern: new RegExp(entry.name.slice(1)), value });
    else entries.push({ pattern: entry.name.replace(/^\\/, ''), value });
  }
  return { source: source!, target: target!.replace(/^\$/, ''), entries, fallback };
}

/** What nginx sets the map's variable to for `input`: exact strings first, then the regexes in order. */
export function applyMap(map: NginxMap, input: string): string {
  const exact = map.entries.find((entry) => typeof entry.pattern === 'string' && entry.pattern === input);
  if (exact) return exact.value;
  for (const entry of map.entries) {
    if (typeof entry.pattern === 'string') continue;
    const match = entry.pattern.exec(input);
    if (!match) continue;
    return entry.value.replace(/\$\{?([A-Za-z0-9_]+)\}?/g, (_whole, name: string) =>
      /^\d+$/.test(name) ? (match[Number(name)] ?? '') : (match.groups?.[name] ?? ''),
    );
  }
  return map.fallback;
}

// ---------------------------------------------------------------------------------------------------------------
// The repository's configuration files
// ---------------------------------------------------------------------------------------------------------------

const SKIPPED_DIRS = new Set(['node_modules', '.git', 'dist', 'dist-server', '.data', '.nx', 'coverage', 'test-results', 'playwright-report']);
/** Files that can configure nginx or Kong: configurations, manifests, compose files, image recipes, scripts. */
const isConfigFile = (name: string) => /\.(conf|ya?ml|sh|template|toml|env)$/.test(name) || /(^|\.)Dockerfile$|^Dockerfile/.test(name);

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) ? [] : filesUnder(path.join(dir, entry.name));
    return isConfigFile(entry.name) ? [path.join(dir, entry.name)] : [];
  });
}

const configFiles = filesUnder(repoRoot).filter((file) => !file.startsWith(path.join(repoRoot, 'tests') + path.sep));
const nginxConfs = configFiles.filter((file) => file.endsWith('.conf'));
const relative = (file: string) => path.relative(repoRoot, file);
const parsedConfs = new Map(nginxConfs.map((file) => [file, parseNginx(fs.readFileSync(file, 'utf8'))]));

/** The files an nginx conf includes, as repository files: `resolve` maps a path inside the container. */
function withIncludes(file: string, resolve: (containerPath: string) => string | undefined, seen = new Set<string>()): string[] {
  if (seen.has(file)) return [];
  seen.add(file);
  const included = [...walk(parsedConfs.get(file) ?? parseNginx(fs.readFileSync(file, 'utf8')))]
    .filter(({ directive }) => directive.name === 'include')
    .map(({ directive }) => {
      const target = resolve(directive.args[0]!);
      expect(target, `${relative(file)}: include ${directive.args[0]} is no file of the repository mounted there`).toBeDefined();
      return target!;
    });
  return [file, ...included.flatMap((target) => withIncludes(target, resolve, seen))];
}

/** Everything one nginx instance defines across its files: formats by name and maps by variable. */
function definitions(files: string[]) {
  const formats = new Map<string, string>();
  const maps = new Map<string, NginxMap>();
  for (const file of files) {
    for (const { directive } of walk(parsedConfs.get(file) ?? parseNginx(fs.readFileSync(file, 'utf8')))) {
      if (directive.name === 'log_format') {
        const { name, format } = logFormat(directive);
        formats.set(name, format);
      }
      if (directive.name === 'map' && directive.block) {
        const map = nginxMap(directive);
        maps.set(map.target, map);
      }
    }
  }
  return { formats, maps };
}

/** An access_log's arguments: off, or a path with a format every variable of which is safe; null when fine. */
function accessLogProblem(args: string[], formats: Map<string, string>): string | null {
  if (args[0] === 'off') return null;
  const name = args[1];
  // Without a format nginx uses `combined`, which logs "$request" and the Referer.
  if (!name || name === 'combined' || !formats.has(name)) return `names format ${name ?? '(none: combined)'}, which is not one of ${[...formats.keys()].join(', ') || 'no format'} here`;
  const problems = formatProblems(formats.get(name)!);
  return problems.length ? `format ${name}: ${problems.join(', ')}` : null;
}

// ---------------------------------------------------------------------------------------------------------------
// Kong's containers: in the Kubernetes manifests and in docker-compose.yml
// ---------------------------------------------------------------------------------------------------------------

const kustomization = readYaml(path.join(baseDir, 'kustomization.yaml'));
const generatorFiles = (name: string): Record<string, string> => {
  const generator = (kustomization.configMapGenerator ?? []).find((candidate: { name: string }) => candidate.name === name);
  return Object.fromEntries(
    (generator?.files ?? []).map((entry: string) => {
      const [key, file] = entry.includes('=') ? entry.split('=') : [path.posix.basename(entry), entry];
      return [key, path.join(baseDir, file!)];
    }),
  );
};

interface KongContainer {
  label: string;
  env: Record<string, string>;
  /** The repository file the container reads at a path, if one is mounted there. */
  resolve: (containerPath: string) => string | undefined;
}

const isKongImage = (image: unknown) => typeof image === 'string' && /^(docker\.io\/)?(library\/)?kong(\/kong-gateway)?(:|@|$)/.test(image);

function k8sKongContainers(): KongContainer[] {
  return workloads.flatMap((workload: K8sObject) =>
    containersOf(workload)
      .filter((container: Container) => isKongImage(container.image))
      .map((container: Container) => {
        const volumes: Parsed[] = workload.spec?.template?.spec?.volumes ?? [];
        const mounts = (container.volumeMounts ?? []).map((mount: Parsed) => ({
          mountPath: mount.mountPath as string,
          files: ((): Record<string, string> => {
            const volume = volumes.find((candidate) => candidate.name === mount.name);
            return volume?.configMap ? generatorFiles(volume.configMap.name) : {};
          })(),
        }));
        return {
          label: `k8s ${workload.metadata.name}/${container.name}`,
          env: Object.fromEntries((container.env ?? []).map((entry: { name: string; value?: string }) => [entry.name, String(entry.value ?? '')])),
          resolve: (containerPath: string) => {
            const mount = mounts.find((candidate: { mountPath: string }) => containerPath.startsWith(`${candidate.mountPath}/`));
            return mount?.files[containerPath.slice(mount.mountPath.length + 1)];
          },
        };
      }),
  );
}

function composeKongContainers(): KongContainer[] {
  return configFiles
    .filter((file) => /(^|[\\/])(docker-)?compose[^\\/]*\.ya?ml$/.test(file))
    .flatMap((file) => {
      const compose = parse(fs.readFileSync(file, 'utf8'), { merge: true }) as { services?: Record<string, Parsed> };
      return Object.entries(compose.services ?? {})
        .filter(([, service]) => isKongImage(service.image))
        .map(([name, service]) => {
          const env: Record<string, string> = Array.isArray(service.environment)
            ? Object.fromEntries(service.environment.map((entry: string) => entry.split(/=(.*)/s).slice(0, 2)))
            : Object.fromEntries(Object.entries(service.environment ?? {}).map(([key, value]) => [key, String(value)]));
          const volumes = (service.volumes ?? [])
            .filter((volume: unknown): volume is string => typeof volume === 'string')
            .map((volume: string) => volume.split(':'));
          return {
            label: `${relative(file)} ${name}`,
            env,
            resolve: (containerPath: string) => {
              const source = volumes.find(([, target]: string[]) => target === containerPath)?.[0];
              return source ? path.resolve(path.dirname(file), source) : undefined;
            },
          };
        });
    });
}

const kongContainers = [...k8sKongContainers(), ...composeKongContainers()];

// ---------------------------------------------------------------------------------------------------------------
// Samples for the maps
// ---------------------------------------------------------------------------------------------------------------

const SECRET = 'Sx9_k2-Lq7PzR4mW8vTn1bYc6dHf3gJa5eUo0iKs_Q-';
const UUID = '3f6c2a1e-0000-4000-8000-000000000001';
const isSecretParam = (name: string) => /token|secret/i.test(name);
const routePaths = Object.values(SERVICE_ROUTES)
  .flat()
  .map((route) => route.split(' ')[1]!);
const concrete = (routePath: string) => routePath.replace(/\{([^}]+)\}/g, (_whole, name: string) => (isSecretParam(name) ? SECRET : UUID));
const secretRoutes = routePaths.filter((routePath) => [...routePath.matchAll(/\{([^}]+)\}/g)].some((match) => isSecretParam(match[1]!)));
const plainRoutes = routePaths.filter((routePath) => !secretRoutes.includes(routePath));

/** Request URIs that carry the secret, each with what a redacted log may show of it at most. */
const secretSamples: string[] = [
  ...secretRoutes.flatMap((routePath) => {
    const uri = concrete(routePath);
    return [
      uri,
      `${uri}?token=${SECRET}`,
      uri.replace(/^\/api\//, '/API/'),
      uri.toUpperCase().replace(SECRET.toUpperCase(), SECRET),
      // Other spellings the gateway still routes to the same place: a dot segment, an escaped letter, a double slash.
      uri.replace('/financial/', '/financial/./'),
      uri.replace('/financial/', '/%66inancial/'),
      uri.replace('/financial/', '/financial//'),
    ];
  }),
  // Links mailed with the token in the query, and sign-in's way back to a page with a fragment.
  `/household/accept?token=${SECRET}`,
  `/login?next=${encodeURIComponent(`/household/accept#token=${SECRET}`)}`,
  `/register?next=${encodeURIComponent(`/household/accept?token=${SECRET}`)}`,
  `/?${SECRET}`,
];

// ---------------------------------------------------------------------------------------------------------------

describe('the format check used below', () => {
  it("refuses nginx's combined format, the nginx image's main format and Kong's default format", () => {
    const combined = '$remote_addr - $remote_user [$time_local] "$request" $status $body_bytes_sent "$http_referer" "$http_user_agent"';
    const kongDefault = '$remote_addr - $remote_user [$time_local] "$request" $status $body_bytes_sent "$http_referer" "$http_user_agent" kong_request_id: "$kong_request_id"';
    for (const format of [combined, `${combined} "$http_x_forwarded_for"`, kongDefault]) {
      expect(formatProblems(format)).toEqual(expect.arrayContaining(['logs $request as sent', `logs no $${REDACTED_PATH}`]));
    }
    expect(formatProblems('"$request_method $request_uri"')).toContain('logs $request_uri as sent');
    expect(formatProblems('"$request_method $uri$is_args$args"')).toEqual(expect.arrayContaining(['logs $uri as sent', 'logs $args as sent']));
    expect(formatProblems(`"$request_method $${REDACTED_PATH}" "$http_referer"`)).toEqual(['logs $http_referer as sent']);
    expect(formatProblems(`"$request_method \${${REDACTED_PATH}} $arg_token"`)).toEqual(['logs $arg_token as sent']);
    expect(formatProblems(`$remote_addr "$request_method $${REDACTED_PATH} $server_protocol" $status`)).toEqual([]);
  });

  it('reads quoted format pieces, blocks and comments as nginx does', () => {
    const [map, format, server] = parseNginx(`
      map $request_uri $x { "~^/a/(?<rest>[^?]*)" "/b/$rest"; # a comment; with a ;
        default "-"; }
      log_format f '$remote_addr '
                   "\\"$x\\"";
      server { listen 8080; access_log /dev/stdout f; }`);
    expect(applyMap(nginxMap(map!), '/a/c/d?e')).toBe('/b/c/d');
    expect(applyMap(nginxMap(map!), '/z')).toBe('-');
    expect(logFormat(format!)).toEqual({ name: 'f', format: '$remote_addr "$x"' });
    expect(server!.block!.map((directive) => directive.name)).toEqual(['listen', 'access_log']);
  });
});

describe('access logs of the repository', () => {
  it('finds the nginx confs and the Kong containers to check', () => {
    expect(nginxConfs.map(relative)).toEqual(expect.arrayContaining(['docker/nginx/shell.conf', 'docker/nginx/remote.conf', 'k8s/base/kong/access-log.conf']));
    expect(kongContainers.map((container) => container.label)).toEqual(expect.arrayContaining(['k8s kong/kong', 'docker-compose.yml kong']));
  });

  it('leaves no log setting unchecked: every mention is an nginx conf directive or a Kong env entry read below', () => {
    const kongEnvNames = new Set(kongContainers.flatMap((container) => Object.keys(container.env)));
    const unchecked: string[] = [];
    for (const file of configFiles) {
      const lines = fs.readFileSync(file, 'utf8').split('\n');
      lines.forEach((text, index) => {
        const code = text.replace(/#.*$/, '');
        if (!/log_format|access_log/i.test(code)) return;
        if (file.endsWith('.conf')) return; // parsed and checked directive by directive below
        const envName = /\b(KONG_[A-Z_]*ACCESS_LOG)\b/.exec(code)?.[1];
        if (envName && kongEnvNames.has(envName)) return; // a Kong container's env, checked below
        unchecked.push(`${relative(file)}:${index + 1}: ${text.trim()}`);
      });
    }
    expect(unchecked).toEqual([]);
  });

  it.each(nginxConfs.map((file) => [relative(file), file]))('%s: every log_format logs the redacted path and nothing raw', (_label, file) => {
    for (const { directive } of walk(parsedConfs.get(file)!)) {
      if (directive.name !== 'log_format') continue;
      const { name, format } = logFormat(directive);
      expect(formatProblems(format), `log_format ${name} (line ${directive.line})`).toEqual([]);
    }
  });

  it.each(nginxConfs.map((file) => [relative(file), file]))('%s: every access_log is off or uses such a format, and every server names one', (_label, file) => {
    // Kong's includes name paths inside its container; the files sit beside this one in the repository.
    const { formats } = definitions(withIncludes(file, (containerPath) => {
      const beside = path.join(path.dirname(file), path.basename(containerPath));
      return fs.existsSync(beside) ? beside : undefined;
    }));
    for (const { directive, ancestors } of walk(parsedConfs.get(file)!)) {
      if (directive.name === 'access_log') {
        expect(accessLogProblem(directive.args, formats), `line ${directive.line}: access_log ${directive.args.join(' ')}`).toBeNull();
      }
      // A server without its own access_log inherits the http block's: the nginx image's logs "$request" whole.
      if (directive.name === 'server' && directive.block && ancestors.every((ancestor) => ancestor.name !== 'upstream')) {
        expect(directive.block.some((inner) => inner.name === 'access_log'), `line ${directive.line}: a server without access_log`).toBe(true);
      }
    }
  });

  it.each(nginxConfs.map((file) => [relative(file), file]))('%s: the map each format logs the path through takes $request_uri and redacts every secret', (_label, file) => {
    const { formats } = definitions([file]);
    const { maps } = definitions(withIncludes(file, (containerPath) => {
      const beside = path.join(path.dirname(file), path.basename(containerPath));
      return fs.existsSync(beside) ? beside : undefined;
    }));
    for (const [name, format] of formats) {
      for (const variable of variablesOf(format).filter((candidate) => candidate === REDACTED_PATH || maps.has(candidate))) {
        expect(maps.has(variable), `log_format ${name}: no map sets $${variable}`).toBe(true);
        const map = maps.get(variable)!;
        // $request_uri is what the client sent, whatever later rewrites or error pages do to $uri.
        expect(map.source, `map for $${variable}`).toBe('$request_uri');
        for (const sample of secretSamples) {
          const logged = applyMap(map, sample);
          expect(logged, `${sample} is logged as ${logged}`).not.toContain(SECRET);
          expect(logged.toLowerCase(), `${sample} is logged as ${logged}`).not.toContain(SECRET.toLowerCase());
          expect(logged).not.toContain('?');
        }
        // Redacting only secrets: every other route is logged as its path.
        for (const routePath of plainRoutes) {
          const uri = concrete(routePath);
          expect(applyMap(map, `${uri}?x=1`), routePath).toBe(uri);
        }
      }
    }
  });

  it.each(kongContainers.map((container) => [container.label, container]))(
    "%s: Kong's access logs are off or use a redacted format of the http include",
    (_label, container) => {
      // Kong's default proxy format logs "$request" whole: the proxy's log must be set, to off or to a format.
      expect(container.env.KONG_PROXY_ACCESS_LOG, 'KONG_PROXY_ACCESS_LOG').toBeDefined();
      const include = container.env.KONG_NGINX_HTTP_INCLUDE;
      const first = include ? container.resolve(include) : undefined;
      if (include) expect(first, `KONG_NGINX_HTTP_INCLUDE ${include} is a file of the repository mounted there`).toBeDefined();
      const files = first ? withIncludes(first, container.resolve) : [];
      const { formats, maps } = definitions(files);
      for (const [name, value] of Object.entries(container.env).filter(([name]) => /^KONG_.*ACCESS_LOG$/.test(name))) {
        const words = value.trim().split(/\s+/);
        expect(accessLogProblem(words, formats), `${name}=${value}`).toBeNull();
        if (words[0] !== 'off') expect(maps.has(REDACTED_PATH), `${name}: the include defines $${REDACTED_PATH}`).toBe(true);
      }
    },
  );

  it("kong.yml runs no logging plugin, which would record each request's URL", () => {
    const config = loadKongConfig() as {
      plugins?: Array<{ name: string }>;
      services: Array<{ plugins?: Array<{ name: string }>; routes?: Array<{ plugins?: Array<{ name: string }> }> }>;
    };
    const named = [
      ...(config.plugins ?? []),
      ...config.services.flatMap((service) => [...(service.plugins ?? []), ...(service.routes ?? []).flatMap((route) => route.plugins ?? [])]),
    ].map((plugin) => plugin.name);
    const logging = ['file-log', 'http-log', 'tcp-log', 'udp-log', 'syslog', 'loggly', 'kafka-log', 'confluent', 'opentelemetry', 'zipkin'];
    expect(named.filter((name) => logging.includes(name))).toEqual([]);
  });

  it('the dev gateway logs no request (its Fastify logger is off and nothing prints a request URL)', () => {
    const dir = path.join(repoRoot, 'gateway/dev/src');
    for (const name of fs.readdirSync(dir).filter((file) => /\.m?js$/.test(file))) {
      const source = fs.readFileSync(path.join(dir, name), 'utf8');
      for (const match of source.matchAll(/\blogger:\s*([^,\n}]+)/g)) expect(match[1]!.trim(), `${name}: logger`).toBe('false');
      for (const call of source.matchAll(/console\.\w+\(([^;]*)\)/g)) {
        expect(call[1], `${name}: ${call[0]}`).not.toMatch(/\b(req|request|raw)\.(url|originalUrl)|pathname|upstreamPath|\.search\b/);
      }
    }
  });
});
