// Reads gateway/kong.yml, the one list of routes, into the shapes the contract and deploy
// tests compare against: upstreams (host, port) and routes (paths, methods, strip_path).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const kongConfigPath = path.join(repoRoot, 'gateway/kong.yml');

export type KongRoute = {
  name?: string;
  paths?: string[];
  methods?: string[];
  strip_path?: boolean;
};

export type KongService = {
  name: string;
  url?: string;
  protocol?: string;
  host?: string;
  port?: number;
  routes?: KongRoute[];
};

export type KongUpstream = {
  service: string;
  host: string;
  port: number;
  routes: KongRoute[];
};

export function loadKongConfig(): { services: KongService[]; plugins?: unknown[] } {
  return parse(fs.readFileSync(kongConfigPath, 'utf8'));
}

const defaultPorts: Record<string, number> = { http: 80, https: 443 };

/** Each Kong service with its upstream host and port, from `url` or from `protocol`/`host`/`port`. */
export function kongUpstreams(): KongUpstream[] {
  return loadKongConfig().services.map((service) => {
    if (service.url) {
      const url = new URL(service.url);
      const protocol = url.protocol.replace(':', '');
      return {
        service: service.name,
        host: url.hostname,
        port: url.port ? Number(url.port) : defaultPorts[protocol],
        routes: service.routes ?? [],
      };
    }
    return {
      service: service.name,
      host: service.host ?? '',
      port: service.port ?? defaultPorts[service.protocol ?? 'http'],
      routes: service.routes ?? [],
    };
  });
}

/** Hosts without a dot are in-cluster names (compose service, Kubernetes Service), not external hosts. */
export function clusterUpstreams(): KongUpstream[] {
  return kongUpstreams().filter((upstream) => !upstream.host.includes('.'));
}

/** Workspace folders of one kind (`services`, `frontends`) that hold a package.json. */
export function workspaceApps(kind: 'services' | 'frontends'): string[] {
  const dir = path.join(repoRoot, kind);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(dir, entry.name, 'package.json')))
    .map((entry) => entry.name)
    .sort();
}

/** The port every container of that kind listens on (brief: services 3000, nginx frontends 8080). */
export const containerPort = { services: 3000, frontends: 8080 } as const;

/** One Dockerfile per kind of app, and the build arg that names the app's folder (docker-compose.yml sets it). */
export const imageBuild = {
  services: { dockerfile: 'docker/service.Dockerfile', appArg: 'SERVICE' },
  frontends: { dockerfile: 'docker/frontend.Dockerfile', appArg: 'APP' },
} as const;

export type ImageTarget = {
  /** The workspace folder whose code the process runs. */
  code: string;
  /** The app whose image build it shares (its compose build args), and that app's kind. */
  app: string;
  kind: 'services' | 'frontends';
  /** The stage of that kind's Dockerfile it is built to (`docker build --target`). */
  target: string;
  port: number;
};

/**
 * Kong upstreams that are no app folder of their own but another target of an app's image: a second process
 * built from the same Dockerfile and build args, to a stage before the default one.
 */
export const imageTargets: Record<string, ImageTarget> = {
  // public-site's page server (frontends/public-site/server): Node on 3000, built from
  // public-site's own build args to the Node stage; it reads the shell's prerendered copies from the shell at run
  // time (SHELL_URL) and fills them with the blog's posts (BLOG_URL).
  'public-site-pages': {
    code: 'frontends/public-site',
    app: 'public-site',
    kind: 'frontends',
    target: 'pages',
    port: 3000,
  },
};

/** Which kind of app an upstream host is, judged by the folder that exists for it. */
export function appKindOf(host: string): 'services' | 'frontends' | undefined {
  if (fs.existsSync(path.join(repoRoot, 'services', host, 'package.json'))) return 'services';
  if (fs.existsSync(path.join(repoRoot, 'frontends', host, 'package.json'))) return 'frontends';
  return undefined;
}
