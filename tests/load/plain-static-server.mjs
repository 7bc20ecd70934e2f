// The baseline for GET /: node:http answering with one file, headers and gzip as the dev gateway sends them.
// Usage: node tests/load/plain-static-server.mjs <file> <port>
import http from 'node:http';
import { readFileSync, statSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const [filePath, port] = process.argv.slice(2);
const body = readFileSync(filePath);
const gzipped = gzipSync(body);
const info = statSync(filePath);
const etag = `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
const lastModified = new Date(info.mtimeMs).toUTCString();

const server = http.createServer({ keepAliveTimeout: 65_000 }, (req, res) => {
  const useGzip = /\bgzip\b/.test(req.headers['accept-encoding'] ?? '') && body.length >= 1024;
  const payload = useGzip ? gzipped : body;
  // The file headers the gateway's static serving sends too (Last-Modified, Vary), so only the plugins differ.
  const headers = {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-cache',
    ETag: etag,
    'Last-Modified': lastModified,
    Vary: 'Accept-Encoding',
    'Content-Length': payload.length,
  };
  if (useGzip) headers['Content-Encoding'] = 'gzip';
  res.writeHead(200, headers);
  res.end(payload);
});
server.listen(Number(port), '127.0.0.1', () => console.log(`listening on ${port}`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
