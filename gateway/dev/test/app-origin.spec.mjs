// A page opened on another loopback name than APP_URL's (http://127.0.0.1:8080 when `npm start` says
// http://localhost:8080) is sent to APP_URL's origin, where the session refresh accepts it; API calls and a
// page's own requests are answered where they are asked.
import http from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppOriginRedirect, startGateway } from '../src/gateway-server.mjs';

const page = (host, url = '/', headers = {}) => ({ method: 'GET', url, headers: { host, ...headers } });

describe('createAppOriginRedirect', () => {
  const toLocalhost = createAppOriginRedirect('http://localhost:8080');

  it('sends a page opened on 127.0.0.1 or [::1] to APP_URL, path and query kept', () => {
    expect(toLocalhost(page('127.0.0.1:8080', '/blog/why-we-built-it?ref=mail#x'))).toBe('http://localhost:8080/blog/why-we-built-it?ref=mail#x');
    expect(toLocalhost(page('[::1]:8080'))).toBe('http://localhost:8080/');
    expect(toLocalhost(page('127.0.1.1:8080', '/about'))).toBe('http://localhost:8080/about');
    expect(toLocalhost({ ...page('127.0.0.1:8080', '/login'), method: 'HEAD' })).toBe('http://localhost:8080/login');
    // A browser's navigation says so; a client without fetch metadata (curl) is taken for one.
    expect(toLocalhost(page('127.0.0.1:8080', '/', { 'sec-fetch-mode': 'navigate' }))).toBe('http://localhost:8080/');
  });

  it('sends localhost to 127.0.0.1 when APP_URL names that', () => {
    expect(createAppOriginRedirect('http://127.0.0.1:8080')(page('localhost:8080', '/about'))).toBe('http://127.0.0.1:8080/about');
  });

  it("answers a page on APP_URL's own name where it is, whatever the port or the letters' case", () => {
    expect(toLocalhost(page('localhost:8080'))).toBeNull();
    expect(toLocalhost(page('LOCALHOST:8080'))).toBeNull();
    expect(toLocalhost(page('localhost'))).toBeNull();
  });

  it('leaves API calls, other methods and a page\'s own fetches and subresources alone', () => {
    for (const url of ['/api', '/api/auth/refresh', '/api?x=1']) expect(toLocalhost(page('127.0.0.1:8080', url)), url).toBeNull();
    expect(toLocalhost({ ...page('127.0.0.1:8080', '/login'), method: 'POST' })).toBeNull();
    for (const mode of ['cors', 'no-cors', 'same-origin']) expect(toLocalhost(page('127.0.0.1:8080', '/prerendered/blog.html', { 'sec-fetch-mode': mode })), mode).toBeNull();
  });

  it('never sends anyone off this machine, nor answers a request it cannot read', () => {
    expect(toLocalhost(page('192.0.2.10:8080'))).toBeNull();
    expect(toLocalhost(page('paycadence.example'))).toBeNull();
    expect(toLocalhost(page('127.0.0.1:8080@evil.example'))).toBeNull();
    expect(toLocalhost({ method: 'GET', url: '/', headers: {} })).toBeNull();
    expect(toLocalhost(page('127.0.0.1:8080', 'http://evil.example/'))).toBeNull();
    // Without APP_URL, or with one that is not this machine (a tunnel's), nothing is redirected.
    expect(createAppOriginRedirect(null)(page('127.0.0.1:8080'))).toBeNull();
    expect(createAppOriginRedirect('https://paycadence.example')(page('127.0.0.1:8080'))).toBeNull();
  });
});

describe('the dev gateway with an APP_URL', () => {
  let dir;
  let api;
  let gateway;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'gateway-origin-'));
    const kongFile = join(dir, 'kong.yml');
    writeFileSync(
      kongFile,
      `_format_version: "3.0"
services:
  - name: echo
    url: http://echo:3000
    routes: [{ name: echo-api, paths: [/api/echo], strip_path: false }]
  - name: shell
    url: http://shell:8080
    routes: [{ name: shell-app, paths: [/], strip_path: false }]
plugins:
  - name: response-transformer
    config: { add: { headers: ["X-Content-Type-Options:nosniff"] } }
`,
    );
    mkdirSync(join(dir, 'frontends/shell/dist'), { recursive: true });
    writeFileSync(join(dir, 'frontends/shell/dist/index.html'), '<!doctype html><title>shell</title>');
    api = http.createServer((req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ url: req.url })));
    await new Promise((done) => api.listen(0, '127.0.0.1', done));
    gateway = await startGateway({
      port: 0,
      host: '127.0.0.1',
      kongFile,
      frontendsDir: join(dir, 'frontends'),
      upstreams: { echo: `http://127.0.0.1:${api.address().port}` },
      // The port does not matter here: the redirect names APP_URL's origin as it is.
      appUrl: 'http://localhost:18080',
    });
  });

  afterAll(async () => {
    await gateway?.close();
    await new Promise((done) => api.close(done));
    rmSync(dir, { recursive: true, force: true });
  });

  /** A GET as curl sends it (no fetch metadata), with the Host header it would send. */
  const get = (path, headers = {}) =>
    new Promise((done, fail) => {
      http
        .get({ host: '127.0.0.1', port: gateway.port, path, headers }, (res) => {
          let body = '';
          res.on('data', (chunk) => (body += chunk));
          res.on('end', () => done({ status: res.statusCode, headers: res.headers, body }));
        })
        .on('error', fail);
    });

  it('answers a page opened on 127.0.0.1 with a temporary redirect to APP_URL, not to be cached', async () => {
    const res = await get('/blog/some-post?ref=mail');
    expect(res.status).toBe(307);
    expect(res.headers.location).toBe('http://localhost:18080/blog/some-post?ref=mail');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.body).toBe('');
  });

  it("serves the page on APP_URL's own name", async () => {
    const res = await get('/about', { host: 'localhost:18080' });
    expect(res.status).toBe(200);
    expect(res.body).toContain('<title>shell</title>');
  });

  it('answers API calls and fetches on 127.0.0.1 where they are', async () => {
    const call = await get('/api/echo/x?y=1');
    expect(call.status).toBe(200);
    expect(JSON.parse(call.body)).toEqual({ url: '/api/echo/x?y=1' });
    // fetch() says it is no navigation (Sec-Fetch-Mode: cors).
    const fetched = await fetch(`http://127.0.0.1:${gateway.port}/about`, { redirect: 'manual' });
    expect(fetched.status).toBe(200);
  });
});
