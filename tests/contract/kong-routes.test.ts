// gateway/kong.yml held against the code that exists: every upstream is a real app on the
// right port, and every documented route of an existing service reaches that service.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVICE_ROUTES } from '../../libs/contracts/src/routes.js';
import {
  appKindOf,
  clusterUpstreams,
  containerPort,
  imageTargets,
  kongUpstreams,
  repoRoot,
  workspaceApps,
  type KongUpstream,
} from './kong-config.loader.js';

type Match = { upstream: KongUpstream; path: string };

/**
 * The route Kong would pick for a request. Plain paths are prefixes and the longest one wins;
 * paths starting with `~` are regexes and are tried first (Kong 3's traditional_compatible router).
 * A route with `methods` only matches those methods.
 */
function routeFor(method: string, requestPath: string): Match | undefined {
  let best: Match | undefined;
  for (const upstream of kongUpstreams()) {
    for (const route of upstream.routes) {
      if (route.methods && !route.methods.includes(method)) continue;
      for (const routePath of route.paths ?? []) {
        if (routePath.startsWith('~')) {
          if (new RegExp(`^${routePath.slice(1)}`).test(requestPath)) return { upstream, path: routePath };
          continue;
        }
        if (requestPath.startsWith(routePath) && (!best || routePath.length > best.path.length)) {
          best = { upstream, path: routePath };
        }
      }
    }
  }
  return best;
}

// `{id}` placeholders become a concrete segment, as a real request would carry.
const concretePath = (documented: string) =>
  documented.replace(/\{[^}]+\}/g, '3f6c2a1e-0000-4000-8000-000000000001');

const documentedRoutes = Object.entries(SERVICE_ROUTES).flatMap(([service, routes]) =>
  routes.map((route) => {
    const [method, routePath] = route.split(' ');
    return { service, method, routePath };
  }),
);
const routesOfExistingServices = documentedRoutes.filter((route) => appKindOf(route.service) === 'services');

describe('gateway/kong.yml', () => {
  it('names at least one upstream', () => {
    expect(clusterUpstreams().length).toBeGreaterThan(0);
  });

  it.each(clusterUpstreams().map((u) => [u.host, u]))(
    'upstream %s is an existing services/ or frontends/ folder on its container port (or a listed image target)',
    (_host, upstream) => {
      const target = imageTargets[upstream.host];
      if (target) {
        // another process of an existing app: its code's folder and the app whose image it is built from exist
        expect(fs.existsSync(path.join(repoRoot, target.code, 'package.json')), target.code).toBe(true);
        expect(appKindOf(target.app), target.app).toBe(target.kind);
        expect(upstream.port).toBe(target.port);
        return;
      }
      const kind = appKindOf(upstream.host);
      expect(
        kind,
        `no services/${upstream.host} or frontends/${upstream.host} with a package.json`,
      ).toBeDefined();
      expect(upstream.port).toBe(containerPort[kind!]);
    },
  );

  it('gives every service folder an upstream', () => {
    const hosts = clusterUpstreams().map((u) => u.host);
    for (const service of workspaceApps('services')) expect(hosts).toContain(service);
  });

  it('serves the shell at / and every other frontend at /remotes/<name>/ with the prefix stripped', () => {
    for (const frontend of workspaceApps('frontends')) {
      const upstream = clusterUpstreams().find((u) => u.host === frontend);
      expect(upstream, `frontends/${frontend} has no upstream`).toBeDefined();
      const paths = upstream!.routes.flatMap((route) => route.paths ?? []);
      if (frontend === 'shell') {
        expect(paths).toContain('/');
      } else {
        expect(paths).toContain(`/remotes/${frontend}/`);
        const route = upstream!.routes.find((r) => r.paths?.includes(`/remotes/${frontend}/`));
        // the remote's nginx serves its dist from the root, so Kong must strip the prefix
        expect(route?.strip_path).toBe(true);
      }
    }
  });

  it('has documented routes to check', () => {
    expect(routesOfExistingServices.length).toBeGreaterThan(0);
  });

  it.each(routesOfExistingServices.map((r) => [`${r.method} ${r.routePath}`, r.service, r]))(
    '%s reaches %s',
    (_label, service, route) => {
      const match = routeFor(route.method, concretePath(route.routePath));
      expect(match, 'no Kong route matches').toBeDefined();
      expect(match!.upstream.host).toBe(service);
    },
  );
});

describe('the route matcher used above', () => {
  it('picks the longest prefix, so /api paths never fall through to the shell', () => {
    expect(routeFor('GET', '/anything/else')?.upstream.host).toBe('shell');
    expect(routeFor('POST', '/api/waitlist/join')?.upstream.host).toBe('waitlist');
  });

  it("sends /blog and each post's page to public-site's page server, everything else under /blog to the shell", () => {
    expect(routeFor('GET', '/blog')?.upstream.host).toBe('public-site-pages');
    expect(routeFor('HEAD', '/blog/budgeting-101')?.upstream.host).toBe('public-site-pages');
    expect(routeFor('GET', '/blog/')?.upstream.host).toBe('shell');
    expect(routeFor('GET', '/blog/a/b')?.upstream.host).toBe('shell');
    expect(routeFor('POST', '/blog')?.upstream.host).toBe('shell');
  });
});
