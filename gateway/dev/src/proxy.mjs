import http from 'node:http';
import { sendJson } from './static-files.mjs';

// Headers that describe one hop, never forwarded (RFC 9110 §7.6.1).
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

export function createUpstreamAgent() {
  return new http.Agent({ keepAlive: true, keepAliveMsecs: 1_000, maxSockets: 256, maxFreeSockets: 256, scheduling: 'lifo' });
}

/**
 * Streams the request to `upstream` (a URL) at `path` and streams the answer back. `bodyLimit`
 * (bytes or null) is the request-size-limiting check for bodies without Content-Length.
 */
export function proxyRequest({ req, res, upstream, path, agent, extraRequestHeaders, responseHeaders, bodyLimit }) {
  const headers = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (!HOP_BY_HOP.has(name)) headers[name] = value;
  }
  Object.assign(headers, extraRequestHeaders);
  // Kong's preserve_host defaults to false: the upstream sees its own host name.
  headers.host = upstream.host;

  const basePath = upstream.pathname === '/' ? '' : upstream.pathname.replace(/\/$/, '');
  const upstreamReq = http.request({
    agent,
    hostname: upstream.hostname,
    port: upstream.port || 80,
    method: req.method,
    path: basePath + path,
    headers,
  });

  let finished = false;
  const fail = (status, message) => {
    if (finished) return;
    finished = true;
    upstreamReq.destroy();
    if (res.headersSent) {
      res.destroy();
    } else {
      sendJson(res, status, { message }, { ...responseHeaders, Connection: 'close' });
    }
  };

  upstreamReq.on('response', (upstreamRes) => {
    const outHeaders = {};
    for (const [name, value] of Object.entries(upstreamRes.headers)) {
      if (!HOP_BY_HOP.has(name) && value !== undefined) outHeaders[name] = value;
    }
    // The gateway's own headers win; drop the upstream's copy so X-Request-ID is not sent twice.
    for (const [name, value] of Object.entries(responseHeaders)) {
      delete outHeaders[name.toLowerCase()];
      outHeaders[name] = value;
    }
    res.writeHead(upstreamRes.statusCode ?? 502, upstreamRes.statusMessage, outHeaders);
    upstreamRes.pipe(res);
    upstreamRes.on('end', () => {
      finished = true;
    });
    upstreamRes.on('error', () => res.destroy());
  });
  upstreamReq.on('error', () => fail(502, 'Service unavailable'));
  res.on('close', () => {
    if (!finished && !res.writableFinished) upstreamReq.destroy();
  });

  if (bodyLimit == null) {
    req.pipe(upstreamReq);
    return;
  }
  let received = 0;
  req.on('data', (chunk) => {
    received += chunk.length;
    if (received > bodyLimit) {
      req.unpipe(upstreamReq);
      req.resume();
      fail(413, 'Request size limit exceeded');
    }
  });
  req.pipe(upstreamReq);
}
