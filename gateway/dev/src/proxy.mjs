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

// Bodies up to this size are read whole and forwarded in one write; larger ones stream.
const SMALL_BODY_BYTES = 64 * 1024;

export function createUpstreamAgent() {
  return new http.Agent({ keepAlive: true, keepAliveMsecs: 1_000, maxSockets: 256, maxFreeSockets: 256, scheduling: 'lifo' });
}

/** What a request to one upstream URL needs, worked out once instead of per request. */
export function describeUpstream(url) {
  return {
    hostname: url.hostname,
    port: url.port || 80,
    host: url.host,
    basePath: url.pathname === '/' ? '' : url.pathname.replace(/\/$/, ''),
  };
}

/**
 * Streams the request to `upstream` (from describeUpstream, or a URL) at `path` and streams the answer back.
 * `extraRequestHeaders` and `responseHeaders` are flat `[name, value, ...]` arrays (objects work too): the
 * first replace the client's headers of the same name, the second the upstream's. `bodyLimit` (bytes or
 * null) is the request-size-limiting check for bodies without Content-Length.
 */
export function proxyRequest({ req, res, upstream, path, agent, extraRequestHeaders, responseHeaders, bodyLimit }) {
  if (upstream instanceof URL) upstream = describeUpstream(upstream);
  const extra = Array.isArray(extraRequestHeaders) ? extraRequestHeaders : toPairs(extraRequestHeaders ?? {});
  const own = Array.isArray(responseHeaders) ? responseHeaders : toPairs(responseHeaders ?? {});

  // A flat header array goes straight to the request line's serializer (no per-header setHeader).
  const headers = [];
  const incoming = req.headers;
  for (const name in incoming) {
    if (HOP_BY_HOP.has(name) || name === 'host' || hasPair(extra, name)) continue;
    headers.push(name, incoming[name]);
  }
  for (let i = 0; i < extra.length; i += 2) headers.push(extra[i], extra[i + 1]);
  // Kong's preserve_host defaults to false: the upstream sees its own host name.
  headers.push('host', upstream.host);

  const upstreamReq = http.request({
    agent,
    hostname: upstream.hostname,
    port: upstream.port,
    method: req.method,
    path: upstream.basePath + path,
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
      const headersOut = own.slice();
      headersOut.push('Connection', 'close');
      sendJson(res, status, { message }, headersOut);
    }
  };

  upstreamReq.on('response', (upstreamRes) => {
    const outHeaders = [];
    const raw = upstreamRes.rawHeaders;
    for (let i = 0; i < raw.length; i += 2) {
      const name = raw[i].toLowerCase();
      // The gateway's own headers win; drop the upstream's copy so X-Request-ID is not sent twice.
      if (HOP_BY_HOP.has(name) || hasPair(own, name)) continue;
      outHeaders.push(raw[i], raw[i + 1]);
    }
    for (let i = 0; i < own.length; i += 1) outHeaders.push(own[i]);
    res.writeHead(upstreamRes.statusCode ?? 502, upstreamRes.statusMessage, outHeaders);
    upstreamRes.on('error', () => res.destroy());
    const length = upstreamRes.headers['content-length'];
    if (length !== undefined && Number(length) <= SMALL_BODY_BYTES) {
      // A small answer (the usual JSON) is collected and sent with its header in one write; large or
      // open-ended ones stream.
      readSmallBody(upstreamRes, (body) => {
        finished = true;
        res.end(body, 'latin1');
      });
      return;
    }
    upstreamRes.pipe(res);
    upstreamRes.on('end', () => {
      finished = true;
    });
  });
  upstreamReq.on('error', () => fail(502, 'Service unavailable'));
  res.on('close', () => {
    if (!finished && !res.writableFinished) upstreamReq.destroy();
  });

  const declared = req.headers['content-length'];
  const small = declared !== undefined ? Number(declared) <= SMALL_BODY_BYTES : !req.headers['transfer-encoding'];
  if (bodyLimit == null && small) {
    // No body or the usual small JSON one: read it whole and send it with the request head in one write.
    readSmallBody(req, (body) => upstreamReq.end(body, 'latin1'));
    return;
  }
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

/**
 * Reads a stream whose declared length is small and calls `done` with it as latin1 text (byte for byte):
 * node:http writes a string body together with the head in one write, where a Buffer takes a writev.
 */
function readSmallBody(stream, done) {
  let text = '';
  stream.setEncoding('latin1');
  stream.on('data', (chunk) => {
    text += chunk;
  });
  stream.on('end', () => done(text));
}

/** Whether the flat `[name, value, ...]` list has `lowerName` (compared case-insensitively). */
function hasPair(pairs, lowerName) {
  for (let i = 0; i < pairs.length; i += 2) {
    const name = pairs[i];
    if (name === lowerName || (name.length === lowerName.length && name.toLowerCase() === lowerName)) return true;
  }
  return false;
}

function toPairs(headers) {
  const pairs = [];
  for (const name of Object.keys(headers)) pairs.push(name, headers[name]);
  return pairs;
}
