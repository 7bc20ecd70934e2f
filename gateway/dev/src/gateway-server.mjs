import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { existsSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';
import Fastify from 'fastify';
import replyFrom from '@fastify/reply-from';
import { createBalancer, isConnectionRefused } from './balancer.mjs';
import { Agent } from 'undici';
import { loadKongConfig, pageServerFrontend, RATE_LIMIT_PERIODS, responseHeadersToAdd, scaleRateLimits } from './kong-config.mjs';
import { createRouteMatcher } from './route-matcher.mjs';
import { createRateLimiter } from './rate-limiter.mjs';
import { createStaticHandler, sendJson } from './static-files.mjs';

// The dev gateway stands in for Kong (gateway/kong.yml) on a developer's machine and in the test stacks.
// HTTP parsing (node's strict llhttp: no TE+CL, no obs-fold, no duplicate Content-Length, no bad chunk sizes)
// and the upstream side (undici through @fastify/reply-from: its own framing, Content-Length set from the
// buffered body) are kept libraries; this file only applies kong.yml's routes and plugins.

const SIZE_UNITS = { bytes: 1, kilobytes: 1024, megabytes: 1024 * 1024 };
// Kong's request-size-limiting defaults: 128 megabytes.
const DEFAULT_PAYLOAD_SIZE = 128;
// Without a request-size-limiting plugin Kong (nginx client_max_body_size in Kong's template) still buffers;
// the dev gateway buffers at most this much.
const UNLIMITED_BODY_BYTES = 128 * 1024 * 1024;

// How much of a body over the limit is still read (and dropped) so the connection survives its 413.
const OVERSIZE_DRAIN_BYTES = 8 * 1024 * 1024;
// The parsed body of a request whose streamed body went over the limit.
const TOO_LARGE = Symbol('too large');

const MESSAGES = {
  noRoute: 'no Route matched with those values',
  rateLimited: 'API rate limit exceeded',
  tooLarge: 'Request size limit exceeded',
  unavailable: 'Service unavailable',
  timeout: 'The upstream server is timing out',
  badRequest: 'Bad request',
  unexpected: 'An unexpected error occurred',
};

// Kong's correlation-id plugin keeps whatever the client sent; Kong cannot check it, so each service checks it
// again (nest-kit's request context). Here an id is accepted only when it is short and plain (linear pattern,
// bounded length), else a fresh uuid replaces it, so a log line never carries a client's arbitrary text.
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

// Request headers that describe one hop (RFC 9110 §7.6.1) or that undici refuses to forward; never passed on.
const HOP_BY_HOP_REQUEST = [
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'expect',
];
// The same for answers; reply-from copies the upstream's headers as they are.
const HOP_BY_HOP_RESPONSE = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'trailer', 'upgrade']);
// Answers up to this size are read whole and sent in one write; larger ones stream.
const SMALL_ANSWER_BYTES = 64 * 1024;

/** The shell answers client-side routes: GET paths with no file extension outside /api/ and /remotes/. */
export function isClientSideRoute(pathname) {
  if (pathname.startsWith('/api/') || pathname === '/api' || pathname.startsWith('/remotes/')) return false;
  const lastSegment = pathname.slice(pathname.lastIndexOf('/') + 1);
  return extname(lastSegment) === '';
}

/** The names of this machine's loopback interface a browser may be pointed at: localhost, 127.x.x.x and [::1]. */
const isLoopbackName = (hostname) => hostname === 'localhost' || hostname === '[::1]' || /^127(?:\.\d{1,3}){3}$/.test(hostname);

/**
 * Where a page opened on another loopback name than APP_URL's is sent. The services know the product by APP_URL:
 * its origin is the one whose requests they accept (the session refresh refuses any other) and the one its
 * cookies belong to. A person who opens http://127.0.0.1:8080 when APP_URL says http://localhost:8080 would be
 * signed out at every reload, so the gateway sends the page to APP_URL's origin, path and query kept. Only on a
 * developer's machine, and only between loopback names: Kong in production redirects nothing.
 *
 * Only a page being opened: GET or HEAD, outside /api, and either a navigation or a client that sends no fetch
 * metadata (curl, an older browser). An API call is answered where it is asked: a browser would not follow a
 * redirect to another origin with its cookies, and scripts and tests call the API by address on purpose; nor
 * are a page's own fetches and subresources redirected (public-site's page server asks for the shell's copies at
 * 127.0.0.1). 307, not 308: a browser keeps a permanent redirect for good, which would still send it away after
 * APP_URL changed to this very name.
 *
 * Answers `(req) => location or null`; without an APP_URL (or one that is not a loopback name) nothing is sent.
 */
export function createAppOriginRedirect(appUrl) {
  const app = appUrl ? new URL(appUrl) : null;
  if (app === null || !isLoopbackName(app.hostname)) return () => null;
  return ({ method, url, headers }) => {
    if ((method !== 'GET' && method !== 'HEAD') || typeof url !== 'string' || !url.startsWith('/')) return null;
    const host = headers.host;
    // The common case first: asked on APP_URL's own host.
    if (host === app.host || typeof host !== 'string') return null;
    if (url === '/api' || url.startsWith('/api/') || url.startsWith('/api?')) return null;
    const mode = headers['sec-fetch-mode'];
    if (mode !== undefined && mode !== 'navigate') return null;
    let asked;
    try {
      asked = new URL(`http://${host}`);
    } catch {
      return null;
    }
    if (!isLoopbackName(asked.hostname) || asked.hostname === app.hostname) return null;
    return `${app.origin}${url}`;
  };
}

/**
 * Builds the fastify app for one kong.yml. Each kong service is either proxied (its name is a key of
 * `upstreams`, e.g. `{ waitlist: 'http://127.0.0.1:3101' }`, or a list of a service's replicas; or the targets of
 * its kong.yml upstream) or, when `frontendsDir/<name>` exists, served
 * from `frontendsDir/<name>/dist` by the gateway itself. Resolves to the ready (not listening) fastify app.
 */
export async function createGatewayApp({ kongConfig, upstreams = {}, frontendsDir = null, upstreamAgent, appUrl = null }) {
  const matchRoute = createRouteMatcher(kongConfig.services);
  // Kong keeps one counter per client for a global rate limit, shared by every route; a limit set on a
  // service counts that service's requests only.
  const globalRateLimit = (() => {
    const plugin = kongConfig.globalPlugins.find((candidate) => candidate.name === 'rate-limiting');
    return plugin ? createRateLimiter(plugin.config) : null;
  })();
  const targets = new Map();
  for (const service of kongConfig.services) {
    targets.set(service.name, buildTarget(service, upstreams, frontendsDir, globalRateLimit));
  }
  // Headers the global response-transformer adds to every answer, also those the gateway makes itself.
  const globalAdded = responseHeadersToAdd(kongConfig.globalPlugins.find((plugin) => plugin.name === 'response-transformer'));

  // One connection pool for every upstream: keep-alive, no pipelining (an answer can never be handed to the
  // wrong request), a bounded number of sockets per origin.
  const agent =
    upstreamAgent ??
    new Agent({ pipelining: 1, connections: 128, keepAliveTimeout: 60_000, keepAliveMaxTimeout: 600_000, headersTimeout: 60_000, bodyTimeout: 60_000 });

  const app = Fastify({
    // Static files skip fastify's routing (see serveStaticFast); everything else, proxying included, is fastify's.
    serverFactory: (fastifyHandler, options) => {
      const server = http.createServer(options.http, (req, res) => {
        if (redirectToAppOrigin(req, res)) return;
        if (!serveStaticFast(req, res)) fastifyHandler(req, res);
      });
      server.keepAliveTimeout = options.keepAliveTimeout;
      server.requestTimeout = options.requestTimeout;
      server.setTimeout(options.connectionTimeout);
      return server;
    },
    logger: false,
    requestIdHeader: false,
    exposeHeadRoutes: false,
    return503OnClosing: false,
    forceCloseConnections: true,
    keepAliveTimeout: 65_000,
    // Node's own strict parser; never insecureHTTPParser. A request must arrive whole within 2 minutes (a body
    // trickled in byte by byte does not hold a connection for ever).
    http: { headersTimeout: 66_000 },
    requestTimeout: 120_000,
    routerOptions: { ignoreDuplicateSlashes: false, maxParamLength: 2048 },
    clientErrorHandler: (error, socket) => answerClientError(error, socket, globalAdded),
  });
  const appOriginFor = createAppOriginRedirect(appUrl);
  /** A page opened on another loopback name than APP_URL's goes to APP_URL's origin (createAppOriginRedirect). */
  function redirectToAppOrigin(req, res) {
    const location = appOriginFor(req);
    if (location === null) return false;
    const headers = ['Location', location, 'Cache-Control', 'no-store', 'Content-Length', '0'];
    for (const [name, value] of globalAdded) headers.push(name, value);
    res.writeHead(307, headers);
    res.end();
    return true;
  }

  /**
   * The pages' fast path: a bodiless GET or HEAD of a static frontend is answered on the raw response with
   * prebuilt header lists, as Kong's plugins would (response-transformer's headers, correlation-id), without a
   * trip through fastify's hooks. Node's parser has already framed the request. Anything else answers false.
   */
  function serveStaticFast(req, res) {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined) return false;
    const url = req.url;
    const queryIndex = url.indexOf('?');
    const match = matchRoute(queryIndex === -1 ? url : url.slice(0, queryIndex), req.method);
    const target = match === null ? null : targets.get(match.service.name);
    if (target == null || target.kind !== 'static' || target.rateLimit !== null) return false;
    const headers = [];
    for (let i = 0; i < target.addHeaders.length; i += 1) headers.push(target.addHeaders[i][0], target.addHeaders[i][1]);
    if (target.correlation !== null && target.correlation.echo) {
      const sent = req.headers[target.correlation.headerKey];
      headers.push(target.correlation.header, typeof sent === 'string' && REQUEST_ID_PATTERN.test(sent) ? sent : randomUUID());
    }
    const pending = target.serve(req, res, match.upstreamPath, headers);
    if (pending !== undefined && typeof pending.then === 'function') {
      pending.then(undefined, () => {
        if (!res.headersSent) sendJson(res, 500, { message: MESSAGES.unexpected }, headers);
        else res.destroy();
      });
    }
    return true;
  }

  await app.register(replyFrom, { undici: agent, disableRequestLogging: true, disableCache: false, cacheURLs: 1000 });

  // Kong plugins, in Kong's priority order (correlation-id, rate-limiting, request-size-limiting), before the
  // body is read, as Kong's access phase runs them.
  app.addHook('onRequest', (request, reply, done) => {
    const req = request.raw;
    const url = req.url;
    const queryIndex = url.indexOf('?');
    const pathname = queryIndex === -1 ? url : url.slice(0, queryIndex);
    const match = matchRoute(pathname, req.method);
    const state = { match, target: null, upstream: null, tried: null, proxyOptions: null, requestId: null, sizeLimit: UNLIMITED_BODY_BYTES, bodyLength: 0, queryIndex, added: globalAdded };
    request.gateway = state;
    if (match === null) {
      addHeaders(reply, globalAdded);
      return void reply.code(404).send({ message: MESSAGES.noRoute });
    }
    const target = targets.get(match.service.name);
    state.target = target;
    state.added = target.addHeaders;
    // response-transformer's add: set now; an upstream answer's own header of the same name replaces it when
    // reply-from copies the answer's headers, so the service's value wins, as with Kong's add (only when absent).
    addHeaders(reply, target.addHeaders);

    if (target.correlation !== null) {
      const sent = req.headers[target.correlation.headerKey];
      state.requestId = typeof sent === 'string' && REQUEST_ID_PATTERN.test(sent) ? sent : randomUUID();
      if (target.correlation.echo) reply.header(target.correlation.header, state.requestId);
    }
    if (target.rateLimit !== null) {
      const pairs = [];
      const allowed = target.rateLimit.into(req.socket.remoteAddress ?? 'unknown', pairs);
      for (let i = 0; i < pairs.length; i += 2) reply.header(pairs[i], pairs[i + 1]);
      if (!allowed) return void reply.code(429).send({ message: MESSAGES.rateLimited });
    }
    if (target.sizeLimit !== null) {
      state.sizeLimit = target.sizeLimit;
      const declared = req.headers['content-length'];
      // Refused before a byte of the body is read; node then reads and drops the rest, so the connection
      // stays in step and the next request on it is answered (finding 8).
      if (declared !== undefined && Number(declared) > target.sizeLimit) return void reply.code(413).send({ message: MESSAGES.tooLarge });
    }
    if (target.kind === 'missing') return void reply.code(502).send({ message: MESSAGES.unavailable });
    done();
  });

  // Kong buffers request bodies (nginx request buffering) before proxying; so does the gateway. The upstream
  // then gets one body with an exact Content-Length whatever framing the client used (chunked included), and a
  // chunked body over the route's limit is refused with 413 as Kong's request-size-limiting does.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (request, payload, done) => {
    const limit = request.gateway.sizeLimit;
    const chunks = [];
    let received = 0;
    let finished = false;
    const finish = (error, body) => {
      if (finished) return;
      finished = true;
      payload.removeListener('data', onData);
      payload.removeListener('end', onEnd);
      payload.removeListener('error', onError);
      done(error, body);
    };
    const onData = (chunk) => {
      received += chunk.length;
      if (received <= limit) return void chunks.push(chunk);
      // Over the limit: keep reading and dropping (as nginx's lingering close does) so the 413 is read by the
      // client and the connection stays usable; past the drain allowance fastify answers 413 and closes.
      chunks.length = 0;
      if (received > limit + OVERSIZE_DRAIN_BYTES) finish(statusError(413, MESSAGES.tooLarge));
    };
    const onEnd = () => {
      if (received > limit) return finish(null, TOO_LARGE);
      // No bytes is no body: reply-from would otherwise send the empty Buffer on itself, JSON-encoded for a JSON
      // content type, against the Content-Length: 0 set upstream, which undici refuses (a 502 for the client).
      if (received === 0) return finish(null, undefined);
      finish(null, chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, received));
    };
    const onError = (error) => finish(statusError(400, MESSAGES.badRequest, error));
    payload.on('data', onData);
    payload.on('end', onEnd);
    payload.on('error', onError);
  });

  // Answers fastify makes before the onRequest hook ran (none expected) still get the headers.
  const addMissing = (request, reply) => {
    const added = request.gateway?.added ?? globalAdded;
    for (let i = 0; i < added.length; i += 1) {
      if (!reply.hasHeader(added[i][0])) reply.header(added[i][0], added[i][1]);
    }
  };

  app.setErrorHandler((error, request, reply) => {
    addMissing(request, reply);
    const status = error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    const message = status === 413 ? MESSAGES.tooLarge : status === 500 ? MESSAGES.unexpected : MESSAGES.badRequest;
    reply.code(status).send({ message });
  });
  app.setNotFoundHandler((request, reply) => {
    addMissing(request, reply);
    reply.code(404).send({ message: MESSAGES.noRoute });
  });

  app.all('*', (request, reply) => {
    const state = request.gateway;
    const { target, match } = state;
    const req = request.raw;
    if (request.body === TOO_LARGE) return reply.code(413).send({ message: MESSAGES.tooLarge });
    if (target.kind === 'static') {
      // Static files are answered on the raw response with prebuilt header lists (the fast path for pages).
      reply.hijack();
      const headers = reply.getHeaders();
      const flat = [];
      for (const name of Object.keys(headers)) flat.push(name, headers[name]);
      const pending = target.serve(req, reply.raw, match.upstreamPath, flat);
      if (pending !== undefined && typeof pending.then === 'function') {
        pending.then(undefined, () => {
          if (!reply.raw.headersSent) sendJson(reply.raw, 500, { message: MESSAGES.unexpected }, flat);
          else reply.raw.destroy();
        });
      }
      return;
    }
    // The query goes separately (PROXY_OPTIONS.queryString): reply-from percent-decodes the path it is given to
    // look for `..`, which throws on a query's broken escape (`?%`), and the client got a 500.
    const upstream = target.balancer.pick();
    state.upstream = upstream;
    state.tried = [upstream];
    const body = request.body;
    const hasBody = body !== undefined && body !== null && body.length > 0 && req.method !== 'GET' && req.method !== 'HEAD';
    // A body goes as one Buffer; `contentType` keeps reply-from from re-encoding it (the client's own header,
    // or none, is restored in upstreamHeaders). Without one, the options are the same object for every request.
    state.bodyLength = hasBody ? body.length : 0;
    const options = hasBody ? { ...PROXY_OPTIONS, body, contentType: req.headers['content-type'] || 'application/octet-stream' } : PROXY_OPTIONS;
    state.proxyOptions = options;
    return reply.from(upstream.basePath + match.upstreamPath, options);
  });

  // How much each static frontend's file cache holds (tests and diagnostics: it must stay bounded).
  app.decorate('staticCacheStats', () => {
    const stats = {};
    for (const [name, target] of targets) if (target.kind === 'static') stats[name] = target.serve.cacheStats();
    return stats;
  });

  await app.ready();
  return app;
}

// reply.from's options, made once: each callback finds the request's own state on `request.gateway`.
const PROXY_OPTIONS = Object.freeze({
  getUpstream: (request) => request.gateway.upstream.origin,
  // The client's query as it came, undecoded, as Kong passes it on.
  queryString: (_search, url, request) => (request.gateway.queryIndex === -1 ? '' : url.slice(request.gateway.queryIndex + 1)),
  rewriteRequestHeaders: (request, headers) => upstreamHeaders(headers, request.raw, request.gateway),
  rewriteHeaders: (headers, request) => downstreamHeaders(headers, request.gateway.target.ownHeaderNames),
  onResponse: sendUpstreamAnswer,
  onError: (failedReply, { error }) => {
    // A replica that refused the connection got nothing of the request (its body is buffered here), so the
    // next replica is asked, as Kong's balancer retries a refused connection on the upstream's next target.
    const state = failedReply.request.gateway;
    if (isConnectionRefused(error)) {
      state.target.balancer.markDown(state.upstream);
      const next = state.target.balancer.pick(state.tried);
      if (next !== null) {
        state.upstream = next;
        state.tried.push(next);
        return void failedReply.from(next.basePath + state.match.upstreamPath, state.proxyOptions);
      }
    }
    const timedOut = error?.statusCode === 504;
    failedReply.code(timedOut ? 504 : 502).send({ message: timedOut ? MESSAGES.timeout : MESSAGES.unavailable });
  },
});

/** The headers the upstream sees: the client's minus hop-by-hop ones, plus what Kong adds. */
function upstreamHeaders(headers, req, state) {
  const { match, bodyLength } = state;
  for (let i = 0; i < HOP_BY_HOP_REQUEST.length; i += 1) delete headers[HOP_BY_HOP_REQUEST[i]];
  if (bodyLength > 0) {
    headers['content-length'] = String(bodyLength);
    if (req.headers['content-type'] === undefined) delete headers['content-type'];
  } else {
    // No body is forwarded (none sent, or one on GET/HEAD, which has no meaning there): say so exactly.
    delete headers['content-length'];
    if (req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'DELETE' && req.method !== 'OPTIONS') headers['content-length'] = '0';
  }
  const clientIp = req.socket.remoteAddress ?? '';
  const forwardedFor = req.headers['x-forwarded-for'];
  // Kong appends the peer's address to what the client sent; services trust only the gateway hop, so the
  // address they use is always this last one.
  headers['x-forwarded-for'] = forwardedFor ? `${forwardedFor}, ${clientIp}` : clientIp;
  // Kong trusts the client's X-Forwarded-Proto/Host/Port only from trusted_ips; the dev gateway trusts none.
  headers['x-forwarded-proto'] = 'http';
  headers['x-forwarded-host'] = req.headers.host ?? '';
  headers['x-forwarded-port'] = String(req.socket.localPort ?? '');
  headers['x-forwarded-prefix'] = match.route.stripPath ? match.prefix : '';
  headers['x-real-ip'] = clientIp;
  if (state.requestId !== null) headers[state.target.correlation.headerKey] = state.requestId;
  return headers;
}

function addHeaders(reply, pairs) {
  for (let i = 0; i < pairs.length; i += 1) reply.header(pairs[i][0], pairs[i][1]);
}

/** The upstream's answer headers minus hop-by-hop ones and those the gateway sets itself (X-Request-ID...). */
function downstreamHeaders(headers, ownHeaderNames) {
  const kept = {};
  for (const name in headers) {
    if (!HOP_BY_HOP_RESPONSE.has(name) && !ownHeaderNames.has(name)) kept[name] = headers[name];
  }
  return kept;
}

/**
 * Sends the upstream's answer. A small one with a declared length (the usual JSON) is read whole and sent as
 * one Buffer, so head and body leave in one write; anything else streams.
 */
function sendUpstreamAnswer(request, reply, upstream) {
  const declared = upstream.headers['content-length'];
  if (declared === undefined || Number(declared) > SMALL_ANSWER_BYTES) return void reply.send(upstream.stream);
  const chunks = [];
  let size = 0;
  const body = upstream.stream;
  body.on('data', (chunk) => {
    chunks.push(chunk);
    size += chunk.length;
  });
  body.on('end', () => reply.send(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size)));
  // The upstream went away mid-answer: the head is not sent yet, so the client gets a clean 502.
  body.on('error', () => {
    if (reply.sent) return;
    // Drop the upstream's headers (its Content-Type and Content-Length describe the lost body).
    for (const name of Object.keys(upstream.headers)) reply.removeHeader(name);
    addHeaders(reply, request.gateway.added);
    reply.code(502).send({ message: MESSAGES.unavailable });
  });
}

function statusError(statusCode, message, cause) {
  const error = new Error(message, cause ? { cause } : undefined);
  error.statusCode = statusCode;
  return error;
}

/**
 * A request node's parser refused (smuggling shapes: TE with CL, obs-fold, duplicate Content-Length, bad chunk
 * sizes...): one 400 (431 for huge headers, 408 for a timeout) with the security headers, then the connection
 * is closed, since the bytes after the error cannot be framed.
 */
function answerClientError(error, socket, added) {
  if (!socket.writable || socket.destroyed) return void socket.destroy();
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const reason = status === 431 ? 'Request Header Fields Too Large' : status === 408 ? 'Request Timeout' : 'Bad Request';
  const body = JSON.stringify({ message: status === 400 ? MESSAGES.badRequest : reason });
  let head = `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n`;
  for (const [name, value] of added) head += `${name}: ${value}\r\n`;
  socket.end(`${head}\r\n${body}`);
  // Half-closed until the client closes; a client that never does is cut off shortly after.
  setTimeout(() => socket.destroy(), 2_000).unref();
}

/**
 * A service's replicas: the caller's `upstreams[name]` (one URL or a list, the launcher's local processes),
 * else the targets of the kong.yml upstream its host names; each with its origin and base path.
 */
function proxyTargets(service, upstreams) {
  const given = upstreams[service.name];
  const listed = given === undefined || given === null || given === '' ? service.targets ?? [] : (Array.isArray(given) ? given : [given]).map((url) => ({ url }));
  return listed.map(({ url, weight }) => {
    const parsed = new URL(url);
    return { origin: parsed.origin, basePath: parsed.pathname === '/' ? '' : parsed.pathname.replace(/\/$/, ''), weight };
  });
}

function buildTarget(service, upstreams, frontendsDir, globalRateLimit) {
  const target = { kind: 'missing', ...pluginsFor(service, globalRateLimit) };
  const replicas = proxyTargets(service, upstreams);
  if (replicas.length > 0) return { ...target, kind: 'proxy', balancer: createBalancer(replicas) };
  // A frontend's page server (`<frontend>-pages`, e.g. public-site's for /blog) that is not running here: its
  // paths get the shell's pages, as they would without it (the prerendered copies, unfilled).
  const servedBy = pageServerFrontend(service.name) ? 'shell' : service.name;
  const frontendDir = frontendsDir ? join(frontendsDir, servedBy) : null;
  if (frontendDir && existsSync(frontendDir) && statSync(frontendDir).isDirectory()) {
    const spaFallback = servedBy === 'shell' ? isClientSideRoute : () => false;
    const prerendered = servedBy === 'shell';
    return { ...target, kind: 'static', serve: createStaticHandler(join(frontendDir, 'dist'), { spaFallback, prerendered }) };
  }
  return target;
}

function pluginsFor(service, globalRateLimit) {
  const result = { correlation: null, rateLimit: null, sizeLimit: null, addHeaders: [], ownHeaderNames: null };
  for (const plugin of service.plugins) {
    if (plugin.name === 'correlation-id') {
      const header = plugin.config.header_name ?? 'Kong-Request-ID';
      result.correlation = { header, headerKey: header.toLowerCase(), echo: plugin.config.echo_downstream ?? false };
    } else if (plugin.name === 'rate-limiting') {
      result.rateLimit = plugin.scope === 'global' ? globalRateLimit : createRateLimiter(plugin.config);
    } else if (plugin.name === 'request-size-limiting') {
      const unit = SIZE_UNITS[plugin.config.size_unit ?? 'megabytes'];
      result.sizeLimit = (plugin.config.allowed_payload_size ?? DEFAULT_PAYLOAD_SIZE) * unit;
    } else if (plugin.name === 'response-transformer') {
      result.addHeaders = responseHeadersToAdd(plugin);
    }
  }
  // The gateway's own answer headers replace the upstream's copies (X-Request-ID is sent once). Not Retry-After:
  // the gateway sends one only with its own 429, and a service's (auth's throttles, household's invitation
  // allowance) must reach the client, as through Kong, whose rate limiting sets it only when it refuses.
  const own = [];
  if (result.correlation?.echo) own.push(result.correlation.headerKey);
  if (result.rateLimit !== null) {
    own.push('ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset');
    for (const period of RATE_LIMIT_PERIODS) own.push(`x-ratelimit-limit-${period}`, `x-ratelimit-remaining-${period}`);
  }
  result.ownHeaderNames = new Set(own);
  return result;
}

/**
 * Starts the dev gateway. Options: port (0 picks a free one), host (default: all interfaces), kongFile, upstreams
 * (`{ waitlist: 'http://127.0.0.1:3101', finance: ['http://127.0.0.1:3103', 'http://127.0.0.1:41234'] }`: a list
 * is a service's replicas, balanced round-robin), frontendsDir, rateLimitFactor (benchmarks only), appUrl (the
 * APP_URL the services were given: a page opened on another loopback name is sent there; none, nothing is).
 * Resolves to `{ port, url, server, app, close() }`.
 */
export async function startGateway({ port = 8080, host, kongFile, upstreams = {}, frontendsDir = null, rateLimitFactor = 1, appUrl = null }) {
  if (!kongFile) throw new Error('startGateway: kongFile is required');
  const kongConfig = scaleRateLimits(loadKongConfig(kongFile), rateLimitFactor);
  const app = await createGatewayApp({ kongConfig, upstreams, frontendsDir, appUrl });
  if (host) {
    await app.listen({ port, host });
  } else {
    // Dual-stack '::' so both 127.0.0.1 and ::1 (what "localhost" may resolve to) reach us; IPv4 when IPv6 is off.
    await app.listen({ port, host: '::' }).catch((error) => {
      if (error.code === 'EADDRINUSE') throw error;
      return app.listen({ port, host: '0.0.0.0' });
    });
  }
  const actualPort = app.server.address().port;
  return {
    port: actualPort,
    url: `http://localhost:${actualPort}`,
    server: app.server,
    app,
    close: () => app.close(),
  };
}
