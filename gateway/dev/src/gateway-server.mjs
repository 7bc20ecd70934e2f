import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';
import { loadKongConfig, scaleRateLimits } from './kong-config.mjs';
import { createRouteMatcher } from './route-matcher.mjs';
import { createRateLimiter } from './rate-limiter.mjs';
import { createStaticHandler, sendJson } from './static-files.mjs';
import { createUpstreamAgent, proxyRequest } from './proxy.mjs';

const SIZE_UNITS = { bytes: 1, kilobytes: 1024, megabytes: 1024 * 1024 };
// Kong's request-size-limiting defaults: 128 megabytes.
const DEFAULT_PAYLOAD_SIZE = 128;

/** The shell answers client-side routes: GET paths with no file extension outside /api/ and /remotes/. */
export function isClientSideRoute(pathname) {
  if (pathname.startsWith('/api/') || pathname === '/api' || pathname.startsWith('/remotes/')) return false;
  const lastSegment = pathname.slice(pathname.lastIndexOf('/') + 1);
  return extname(lastSegment) === '';
}

/**
 * Builds the request handler for one kong.yml. Each kong service is either proxied (its name is a key of
 * `upstreams`, e.g. `{ waitlist: 'http://127.0.0.1:3101' }`) or, when `frontendsDir/<name>` exists,
 * served from `frontendsDir/<name>/dist` by the gateway itself.
 */
export function createGatewayHandler({ kongConfig, upstreams = {}, frontendsDir = null }) {
  const agent = createUpstreamAgent();
  const matchRoute = createRouteMatcher(kongConfig.services);
  const targets = new Map();
  for (const service of kongConfig.services) {
    targets.set(service.name, buildTarget(service, upstreams, frontendsDir));
  }

  async function handle(req, res) {
    const clientIp = req.socket.remoteAddress ?? 'unknown';
    const queryIndex = req.url.indexOf('?');
    const pathname = queryIndex === -1 ? req.url : req.url.slice(0, queryIndex);
    const query = queryIndex === -1 ? '' : req.url.slice(queryIndex);

    const match = matchRoute(pathname, req.method);
    if (!match) return sendJson(res, 404, { message: 'no Route matched with those values' });
    const target = targets.get(match.service.name);
    const responseHeaders = {};
    const upstreamHeaders = {};

    // Plugins run in Kong's priority order: correlation-id, rate-limiting, request-size-limiting.
    if (target.correlation) {
      const headerName = target.correlation.header.toLowerCase();
      const id = req.headers[headerName] || randomUUID();
      upstreamHeaders[headerName] = id;
      if (target.correlation.echo) responseHeaders[target.correlation.header] = id;
    }
    if (target.rateLimit) {
      const verdict = target.rateLimit(`${match.route.name}|${clientIp}`);
      Object.assign(responseHeaders, verdict.headers);
      if (!verdict.allowed) return drainThen(req, () => sendJson(res, 429, { message: 'API rate limit exceeded' }, responseHeaders));
    }
    let streamingLimit = null;
    if (target.sizeLimit != null) {
      const declared = req.headers['content-length'];
      if (declared !== undefined && Number(declared) > target.sizeLimit) {
        return drainThen(req, () =>
          sendJson(res, 413, { message: 'Request size limit exceeded' }, { ...responseHeaders, Connection: 'close' }),
        );
      }
      if (declared === undefined && req.headers['transfer-encoding']) streamingLimit = target.sizeLimit;
    }

    if (target.kind === 'static') {
      return target.serve(req, res, match.upstreamPath, responseHeaders);
    }
    if (target.kind === 'missing') {
      return drainThen(req, () => sendJson(res, 502, { message: 'Service unavailable' }, responseHeaders));
    }
    const forwardedFor = req.headers['x-forwarded-for'];
    upstreamHeaders['x-forwarded-for'] = forwardedFor ? `${forwardedFor}, ${clientIp}` : clientIp;
    upstreamHeaders['x-forwarded-proto'] = req.headers['x-forwarded-proto'] ?? 'http';
    upstreamHeaders['x-forwarded-host'] = req.headers['x-forwarded-host'] ?? req.headers.host ?? '';
    upstreamHeaders['x-forwarded-port'] = String(req.socket.localPort ?? '');
    upstreamHeaders['x-forwarded-prefix'] = match.route.stripPath ? match.prefix : '';
    upstreamHeaders['x-real-ip'] = clientIp;
    proxyRequest({
      req,
      res,
      upstream: target.url,
      path: match.upstreamPath + query,
      agent,
      extraRequestHeaders: upstreamHeaders,
      responseHeaders,
      bodyLimit: streamingLimit,
    });
  }

  function handleSafely(req, res) {
    handle(req, res).catch(() => {
      if (!res.headersSent) sendJson(res, 500, { message: 'An unexpected error occurred' });
      else res.destroy();
    });
  }

  return { handle: handleSafely, agent };
}

function buildTarget(service, upstreams, frontendsDir) {
  const target = { kind: 'missing', ...pluginsFor(service) };
  const upstream = upstreams[service.name];
  if (upstream) return { ...target, kind: 'proxy', url: new URL(upstream) };
  const frontendDir = frontendsDir ? join(frontendsDir, service.name) : null;
  if (frontendDir && existsSync(frontendDir) && statSync(frontendDir).isDirectory()) {
    const spaFallback = service.name === 'shell' ? isClientSideRoute : () => false;
    return { ...target, kind: 'static', serve: createStaticHandler(join(frontendDir, 'dist'), { spaFallback }) };
  }
  return target;
}

function pluginsFor(service) {
  const result = { correlation: null, rateLimit: null, sizeLimit: null };
  for (const plugin of service.plugins) {
    if (plugin.name === 'correlation-id') {
      result.correlation = {
        header: plugin.config.header_name ?? 'Kong-Request-ID',
        echo: plugin.config.echo_downstream ?? false,
      };
    } else if (plugin.name === 'rate-limiting') {
      result.rateLimit = createRateLimiter(plugin.config);
    } else if (plugin.name === 'request-size-limiting') {
      const unit = SIZE_UNITS[plugin.config.size_unit ?? 'megabytes'];
      result.sizeLimit = (plugin.config.allowed_payload_size ?? DEFAULT_PAYLOAD_SIZE) * unit;
    }
  }
  return result;
}

/** Answers only after the refused request body is read, so the client sees the answer, not a reset. */
function drainThen(req, respond) {
  if (req.readableEnded || (req.headers['content-length'] === undefined && !req.headers['transfer-encoding'])) {
    respond();
    return;
  }
  const declared = Number(req.headers['content-length'] ?? 0);
  // Very large bodies: answer at once and close the connection rather than read megabytes for nothing.
  if (declared > 64 * 1024) {
    respond();
    req.resume();
    return;
  }
  req.resume();
  req.once('end', respond);
  req.once('error', respond);
}

/**
 * Starts the dev gateway. Options: port (0 picks a free one), host (default: all interfaces), kongFile, upstreams
 * (`{ waitlist: 'http://127.0.0.1:3101', ... }`), frontendsDir, rateLimitFactor (benchmarks only).
 * Resolves to `{ port, url, server, close() }`.
 */
export async function startGateway({ port = 8080, host, kongFile, upstreams = {}, frontendsDir = null, rateLimitFactor = 1 }) {
  if (!kongFile) throw new Error('startGateway: kongFile is required');
  const kongConfig = scaleRateLimits(loadKongConfig(kongFile), rateLimitFactor);
  const { handle, agent } = createGatewayHandler({ kongConfig, upstreams, frontendsDir });
  const server = http.createServer({ keepAliveTimeout: 65_000, headersTimeout: 66_000 }, handle);
  const listen = (listenHost) =>
    new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, listenHost, () => {
        server.off('error', reject);
        resolve();
      });
    });
  if (host) {
    await listen(host);
  } else {
    // Dual-stack '::' so both 127.0.0.1 and ::1 (what "localhost" may resolve to) reach us; IPv4 when IPv6 is off.
    await listen('::').catch((error) => {
      if (error.code === 'EADDRINUSE') throw error;
      return listen('0.0.0.0');
    });
  }
  const actualPort = server.address().port;
  return {
    port: actualPort,
    url: `http://localhost:${actualPort}`,
    server,
    close: () =>
      new Promise((resolve) => {
        agent.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
