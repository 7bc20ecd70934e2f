import http from 'node:http';
import net from 'node:net';
import { mkdtempSync, mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway } from '../src/gateway-server.mjs';
import { STATIC_CACHE_LIMITS, createLruCache } from '../src/static-files.mjs';

const realKongFile = resolve(fileURLToPath(import.meta.url), '../../../kong.yml');

// A kong.yml in the same shape as gateway/kong.yml, with small limits so the tests can reach them.
const TEST_KONG = `
_format_version: "3.0"
services:
  - name: echo
    url: http://echo:3000
    routes:
      - name: echo-api
        paths: [/api/echo]
        strip_path: false
      - name: echo-deep
        paths: [/api/echo/stripped]
        strip_path: true
  - name: limited
    url: http://limited:3000
    routes:
      - name: limited-api
        paths: [/api/limited]
        strip_path: false
    plugins:
      - name: rate-limiting
        config: { second: 3, policy: local, limit_by: ip }
  - name: down
    url: http://down:3000
    routes:
      - name: down-api
        paths: [/api/down]
  - name: public-site
    url: http://public-site:8080
    routes:
      - name: public-site-remote
        paths: [/remotes/public-site/]
        strip_path: true
  - name: public-site-pages
    url: http://public-site-pages:3000
    routes:
      - name: blog-pages
        paths: ['~/blog/[a-z0-9-]+$']
        strip_path: false
  - name: shell
    url: http://shell:8080
    routes:
      - name: shell-app
        paths: [/]
        strip_path: false
plugins:
  - name: correlation-id
    config: { header_name: X-Request-ID, generator: uuid, echo_downstream: true }
  - name: rate-limiting
    config: { second: 1000, minute: 5000, policy: local, limit_by: ip }
  - name: request-size-limiting
    config: { allowed_payload_size: 1, size_unit: kilobytes }
  - name: response-transformer
    config:
      add:
        headers:
          - "Content-Security-Policy:default-src 'self'; frame-ancestors 'none'"
          - "X-Content-Type-Options:nosniff"
          - "Referrer-Policy:strict-origin-when-cross-origin"
`;
const SECURITY = {
  'content-security-policy': "default-src 'self'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
};
const securityOf = (res) => Object.fromEntries(Object.keys(SECURITY).map((name) => [name, res.headers.get(name)]));

function startEchoServer() {
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      const body = JSON.stringify({
        method: req.method,
        url: req.url,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const own = req.url.includes('own-csp') ? { 'content-security-policy': "default-src 'none'" } : {};
      if (req.url.includes('cookies')) own['set-cookie'] = ['a=1; Path=/api/auth/refresh; HttpOnly; Secure; SameSite=Strict', 'b=2; Path=/'];
      if (req.url.includes('throttled')) own['retry-after'] = '86400';
      res.writeHead(req.url.includes('throttled') ? 429 : 200, { 'content-type': 'application/json', 'x-upstream': 'echo', ...own });
      res.end(body);
    });
  });
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done(server)));
}

// An upstream that resets every connection: the gateway must answer 502 (a port that merely refused could be
// taken by another process on a busy machine between the check and the test).
async function resettingUpstream() {
  const server = net.createServer((socket) => socket.resetAndDestroy());
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  return server;
}

describe('dev gateway', () => {
  let dir;
  let echo;
  let down;
  let gateway;
  let base;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'gateway-spec-'));
    const kongFile = join(dir, 'kong.yml');
    writeFileSync(kongFile, TEST_KONG);
    mkdirSync(join(dir, 'frontends/shell/dist/assets'), { recursive: true });
    mkdirSync(join(dir, 'frontends/public-site/dist/assets'), { recursive: true });
    writeFileSync(join(dir, 'frontends/shell/dist/index.html'), '<!doctype html><title>shell</title>');
    writeFileSync(join(dir, 'frontends/shell/dist/assets/index-Bq3x9Zk1.js'), 'console.log("shell")');
    writeFileSync(join(dir, 'frontends/shell/dist/remotes-manifest.json'), '{"public-site":"/remotes/public-site/remoteEntry.js"}');
    mkdirSync(join(dir, 'frontends/shell/dist/prerendered'));
    writeFileSync(join(dir, 'frontends/shell/dist/prerendered/index.html'), '<!doctype html><title>landing copy</title>');
    writeFileSync(join(dir, 'frontends/shell/dist/prerendered/privacy.html'), '<!doctype html><title>privacy copy</title>');
    writeFileSync(join(dir, 'frontends/shell/dist/prerendered/blog-post.html'), '<!doctype html><title>post copy</title>');
    writeFileSync(join(dir, 'frontends/public-site/dist/remoteEntry.js'), 'export const remote = true;'.repeat(100));
    echo = await startEchoServer();
    gateway = await startGateway({
      port: 0,
      host: '127.0.0.1',
      kongFile,
      frontendsDir: join(dir, 'frontends'),
      upstreams: {
        echo: `http://127.0.0.1:${echo.address().port}`,
        limited: `http://127.0.0.1:${echo.address().port}`,
        down: `http://127.0.0.1:${(down = await resettingUpstream()).address().port}`,
      },
    });
    base = `http://127.0.0.1:${gateway.port}`;
  });

  afterAll(async () => {
    await gateway?.close();
    await new Promise((done) => echo.close(done));
    await new Promise((done) => down.close(done));
    rmSync(dir, { recursive: true, force: true });
  });

  it('proxies a route without stripping its path and forwards the query string', async () => {
    const res = await fetch(`${base}/api/echo/items?x=1`, { method: 'POST', body: '{"a":1}', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-upstream')).toBe('echo');
    const seen = await res.json();
    expect(seen).toMatchObject({ method: 'POST', url: '/api/echo/items?x=1', body: '{"a":1}' });
    expect(seen.headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(seen.headers['x-forwarded-proto']).toBe('http');
    expect(seen.headers['x-forwarded-host']).toBe(`127.0.0.1:${gateway.port}`);
    expect(seen.headers.host).toBe(`127.0.0.1:${echo.address().port}`);
  });

  it('picks the longest matching prefix and strips it when strip_path is true', async () => {
    const seen = await (await fetch(`${base}/api/echo/stripped/inner`)).json();
    expect(seen.url).toBe('/inner');
  });

  it('generates a uuid X-Request-ID, passes it upstream and echoes it', async () => {
    const res = await fetch(`${base}/api/echo/id`);
    const id = res.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect((await res.json()).headers['x-request-id']).toBe(id);
  });

  it('keeps a request id the client sent', async () => {
    const res = await fetch(`${base}/api/echo/id`, { headers: { 'X-Request-ID': 'client-chosen-id' } });
    expect(res.headers.get('x-request-id')).toBe('client-chosen-id');
    expect((await res.json()).headers['x-request-id']).toBe('client-chosen-id');
  });

  it('applies the service rate limit instead of the global one and answers 429 with RateLimit headers', async () => {
    // Align to the start of a second so all four requests share one window.
    await new Promise((done) => setTimeout(done, 1000 - (Date.now() % 1000) + 5));
    const statuses = [];
    let last;
    for (let i = 0; i < 4; i += 1) {
      last = await fetch(`${base}/api/limited/x`);
      statuses.push(last.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(await last.json()).toEqual({ message: 'API rate limit exceeded' });
    expect(last.headers.get('ratelimit-limit')).toBe('3');
    expect(last.headers.get('ratelimit-remaining')).toBe('0');
    expect(last.headers.get('x-ratelimit-limit-second')).toBe('3');
    expect(last.headers.get('x-ratelimit-limit-minute')).toBeNull();
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThanOrEqual(0);
  });

  it("passes a service's own 429 on with its Retry-After, under the global and a service's rate limit", async () => {
    // A fresh second: the test before spent /api/limited's three requests.
    await new Promise((done) => setTimeout(done, 1000 - (Date.now() % 1000) + 5));
    for (const path of ['/api/echo/throttled', '/api/limited/throttled']) {
      const res = await fetch(`${base}${path}`);
      expect(res.status).toBe(429);
      expect(res.headers.get('retry-after')).toBe('86400');
      expect(res.headers.get('ratelimit-limit')).not.toBeNull();
    }
  });

  it('refuses a body over the configured size with 413', async () => {
    const res = await fetch(`${base}/api/echo/big`, { method: 'POST', body: 'x'.repeat(1025) });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: 'Request size limit exceeded' });
  });

  it('refuses a chunked body that grows over the limit with 413', async () => {
    const status = await new Promise((done, fail) => {
      const req = http.request(`${base}/api/echo/chunked`, { method: 'POST', headers: { 'transfer-encoding': 'chunked' } }, (res) => {
        res.resume();
        done(res.statusCode);
      });
      req.on('error', fail);
      req.write('x'.repeat(800));
      req.end('y'.repeat(800));
    });
    expect(status).toBe(413);
  });

  it('lets a body at the limit through', async () => {
    const res = await fetch(`${base}/api/echo/ok`, { method: 'POST', body: 'x'.repeat(1024) });
    expect(res.status).toBe(200);
  });

  it('answers 502 Service unavailable when the upstream is down', async () => {
    const res = await fetch(`${base}/api/down/anything`);
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({ message: 'Service unavailable' });
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('serves the shell page with no-cache', async () => {
    const res = await fetch(`${base}/index.html`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toContain('<title>shell</title>');
  });

  it("serves a public page's prerendered copy where the build made one, the shell page elsewhere", async () => {
    const landing = await fetch(`${base}/`);
    expect(landing.headers.get('cache-control')).toBe('no-cache');
    expect(await landing.text()).toContain('<title>landing copy</title>');
    expect(await (await fetch(`${base}/privacy`)).text()).toContain('<title>privacy copy</title>');
    // No copy, a nested path, or a path that is not a plain page name: the shell's own page.
    for (const path of ['/terms', '/privacy/x', '/Privacy']) {
      const res = await fetch(`${base}${path}`);
      expect(res.status, path).toBe(200);
      expect(await res.text(), path).toContain('<title>shell</title>');
    }
    expect(await (await fetch(`${base}/..%2Fprivacy`)).text()).not.toContain('privacy copy');
  });

  it("serves every blog post's path the posts' shared copy, and anything else under /blog the shell page", async () => {
    // /blog/<slug> is routed to public-site's page server, which this gateway was given no upstream for: the
    // shell's pages answer in its place, as before the page server.
    for (const path of ['/blog/some-post', '/blog/2024-pay-gap']) expect(await (await fetch(`${base}${path}`)).text(), path).toContain('<title>post copy</title>');
    for (const path of ['/blog/Some_Post', '/blog/a/b', '/blog/', '/blog/some-post.js', '/blog/..%2Fprivacy']) {
      const res = await fetch(`${base}${path}`);
      expect(await res.text(), path).not.toContain('post copy');
    }
  });

  it("answers a copy the build did not make with the shell page, as nginx does, so a page server filling it never fails", async () => {
    for (const path of ['/prerendered/blog.html', '/prerendered/blog-post.html']) {
      const res = await fetch(`${base}${path}`);
      expect(res.status, path).toBe(200);
      expect(await res.text(), path).toContain(path.endsWith('blog-post.html') ? '<title>post copy</title>' : '<title>shell</title>');
    }
    // Only a copy's own name: any other missing file is still a 404.
    expect((await fetch(`${base}/prerendered/blog.js`)).status).toBe(404);
    expect((await fetch(`${base}/prerendered/../secret.html`)).status).toBe(404);
  });

  it('answers client-side routes with the shell page', async () => {
    for (const path of ['/about', '/dashboard/bills', '/settings/']) {
      const res = await fetch(`${base}${path}`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('<title>shell</title>');
    }
  });

  it('does not fall back for missing files, unknown /api paths or remotes', async () => {
    const missingAsset = await fetch(`${base}/assets/missing-AAAAAAAA.js`);
    expect(missingAsset.status).toBe(404);
    const unknownApi = await fetch(`${base}/api/nothing-here`);
    expect(unknownApi.status).toBe(404);
    expect(unknownApi.headers.get('content-type')).toContain('application/json');
    expect(await unknownApi.json()).toEqual({ message: 'Not Found' });
    const missingRemoteFile = await fetch(`${base}/remotes/public-site/nope`);
    expect(missingRemoteFile.status).toBe(404);
  });

  it('caches hashed assets forever and revalidates unhashed files', async () => {
    const asset = await fetch(`${base}/assets/index-Bq3x9Zk1.js`);
    expect(asset.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const manifest = await fetch(`${base}/remotes-manifest.json`);
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    expect(await manifest.json()).toEqual({ 'public-site': '/remotes/public-site/remoteEntry.js' });
  });

  it('serves a remote under /remotes/<name>/ from its dist, gzipped when asked', async () => {
    const res = await fetch(`${base}/remotes/public-site/remoteEntry.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(await res.text()).toContain('export const remote = true;');
  });

  it('prefers brotli once its copy is ready, when the browser accepts it (undici decodes it back)', async () => {
    const get = () => fetch(`${base}/remotes/public-site/remoteEntry.js`, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    await (await get()).text();
    await new Promise((settle) => setTimeout(settle, 200));
    const res = await get();
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(await res.text()).toContain('export const remote = true;');
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await fetch(`${base}/`);
    const etag = first.headers.get('etag');
    const second = await fetch(`${base}/`, { headers: { 'if-none-match': etag } });
    expect(second.status).toBe(304);
  });

  it('adds the response-transformer headers to every kind of answer', async () => {
    const answers = {
      proxied: await fetch(`${base}/api/echo/x`),
      page: await fetch(`${base}/`),
      clientRoute: await fetch(`${base}/settings`),
      asset: await fetch(`${base}/assets/index-Bq3x9Zk1.js`),
      missingFile: await fetch(`${base}/remotes/public-site/nope.js`),
      noRoute: await fetch(`${base}/api/nothing-here`),
      tooLarge: await fetch(`${base}/api/echo/big`, { method: 'POST', body: 'x'.repeat(2048) }),
      upstreamDown: await fetch(`${base}/api/down/x`),
      methodNotAllowed: await fetch(`${base}/`, { method: 'DELETE' }),
    };
    const statuses = {};
    for (const [name, res] of Object.entries(answers)) {
      statuses[name] = res.status;
      expect(securityOf(res), name).toEqual(SECURITY);
      await res.arrayBuffer();
    }
    expect(statuses).toEqual({ proxied: 200, page: 200, clientRoute: 200, asset: 200, missingFile: 404, noRoute: 404, tooLarge: 413, upstreamDown: 502, methodNotAllowed: 405 });
    const notModified = await fetch(`${base}/`, { headers: { 'if-none-match': answers.page.headers.get('etag') } });
    expect(notModified.status).toBe(304);
    expect(securityOf(notModified)).toEqual(SECURITY);
  });

  it("keeps a service's own Content-Security-Policy (Kong's add: only when absent)", async () => {
    const res = await fetch(`${base}/api/echo/own-csp`);
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('passes several Set-Cookie headers of an answer on as they are (the refresh cookie)', async () => {
    const res = await fetch(`${base}/api/echo/cookies`);
    expect(res.headers.getSetCookie()).toEqual(['a=1; Path=/api/auth/refresh; HttpOnly; Secure; SameSite=Strict', 'b=2; Path=/']);
  });

  it('replaces a request id that is not short and plain with a uuid', async () => {
    const res = await fetch(`${base}/api/echo/id`, { headers: { 'X-Request-ID': 'x'.repeat(200) } });
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('keeps the static file cache bounded however many random paths miss (finding 9)', async () => {
    // Its own gateway without the global rate limit (3,000 requests).
    const kongFile = join(dir, 'kong-unlimited.yml');
    writeFileSync(kongFile, TEST_KONG.replace('  - name: rate-limiting\n    config: { second: 1000, minute: 5000, policy: local, limit_by: ip }\n', ''));
    const unlimited = await startGateway({ port: 0, host: '127.0.0.1', kongFile, frontendsDir: join(dir, 'frontends') });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
    const get = (path) =>
      new Promise((done, fail) => {
        http.get({ host: '127.0.0.1', port: unlimited.port, path, agent }, (res) => {
          res.resume();
          res.on('end', () => done(res.statusCode));
        }).on('error', fail);
      });
    const statuses = new Set();
    for (let batch = 0; batch < 60; batch += 1) {
      const paths = [];
      for (let i = 0; i < 50; i += 1) {
        const random = Math.random().toString(36).slice(2);
        paths.push(i % 2 === 0 ? `/remotes/public-site/${random}.js` : `/${random}/${random}`);
      }
      for (const status of await Promise.all(paths.map(get))) statuses.add(status);
    }
    agent.destroy();
    const stats = unlimited.app.staticCacheStats();
    await unlimited.close();
    expect([...statuses].sort()).toEqual([200, 404]);
    for (const [name, { entries, bytes }] of Object.entries(stats)) {
      expect(entries, name).toBeLessThanOrEqual(STATIC_CACHE_LIMITS.maxEntries);
      expect(bytes, name).toBeLessThanOrEqual(STATIC_CACHE_LIMITS.maxBytes);
    }
    expect(stats.shell.entries + stats['public-site'].entries).toBeGreaterThan(STATIC_CACHE_LIMITS.maxEntries);
  });

  it('rejects path traversal out of the dist folder', async () => {
    const status = await new Promise((done) => {
      http.get({ host: '127.0.0.1', port: gateway.port, path: '/remotes/public-site/..%2f..%2fshell/dist/index.html' }, (res) => {
        res.resume();
        done(res.statusCode);
      });
    });
    expect(status).toBe(404);
  });
});

describe('dev gateway with the real kong.yml', () => {
  it('routes /api/waitlist to the waitlist upstream without stripping the path', async () => {
    const echo = await startEchoServer();
    const gateway = await startGateway({
      port: 0,
      host: '127.0.0.1',
      kongFile: realKongFile,
      upstreams: { waitlist: `http://127.0.0.1:${echo.address().port}` },
    });
    try {
      const res = await fetch(`http://127.0.0.1:${gateway.port}/api/waitlist/join`, { method: 'POST', body: '{}' });
      expect(res.status).toBe(200);
      expect((await res.json()).url).toBe('/api/waitlist/join');
      // spec'd in kong.yml: the waitlist's own limit (30/minute) replaces the global one.
      expect(res.headers.get('x-ratelimit-limit-minute')).toBe('30');
      expect(res.headers.get('x-ratelimit-limit-second')).toBeNull();
      const unmapped = await fetch(`http://127.0.0.1:${gateway.port}/api/financial/bills`);
      expect(unmapped.status).toBe(502);
    } finally {
      await gateway.close();
      await new Promise((done) => echo.close(done));
    }
  });
});

describe('global rate limit', () => {
  it('counts one client across every route, as Kong does for a global plugin', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gw-global-'));
    const kongFile = join(dir, 'kong.yml');
    writeFileSync(
      kongFile,
      `_format_version: "3.0"
services:
  - name: alpha
    url: http://alpha:3000
    routes: [{ name: alpha-api, paths: [/api/alpha], strip_path: false }]
  - name: beta
    url: http://beta:3000
    routes: [{ name: beta-api, paths: [/api/beta], strip_path: false }]
plugins:
  - name: rate-limiting
    config: { minute: 3, policy: local, limit_by: ip }
`,
    );
    // No upstreams: both services answer 502, after the rate limit has counted the request.
    const gateway = await startGateway({ port: 0, host: '127.0.0.1', kongFile });
    try {
      const statuses = [];
      for (const path of ['/api/alpha', '/api/beta', '/api/alpha', '/api/beta']) {
        statuses.push((await fetch(`http://127.0.0.1:${gateway.port}${path}`)).status);
      }
      expect(statuses).toEqual([502, 502, 502, 429]);
    } finally {
      await gateway.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the LRU behind the static cache', () => {
  it('evicts the least recently used entries past its entry and byte limits', () => {
    const cache = createLruCache({ maxEntries: 3, maxBytes: 10_000, sizeOf: (value) => value.length });
    cache.set('a', 'x');
    cache.set('b', 'x');
    cache.set('c', 'x');
    cache.get('a');
    cache.set('d', 'x');
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('x');
    cache.set('big', 'y'.repeat(9_000));
    expect(cache.bytes).toBeLessThanOrEqual(10_000);
    expect(cache.get('big')).toBe('y'.repeat(9_000));
    expect(cache.size).toBeLessThanOrEqual(3);
  });
});
