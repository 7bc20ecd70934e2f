// A reference for POST /api/waitlist/join through the gateway: the least a Node.js proxy can do (node:http in
// front, undici's Pool behind, the body buffered and sent with its length, no routing, no plugins, no header
// rules). Not a gateway (it forwards any path and trusts every header); it only shows the floor a proxy written
// in Node.js reaches on this machine, against which the dev gateway's figures can be read.
// Usage: node tests/load/minimal-proxy.mjs <upstream origin> <port>
import http from 'node:http';
import { Pool } from 'undici';

const [upstream, port] = process.argv.slice(2);
const pool = new Pool(upstream, { connections: 128, pipelining: 1 });
const HOP_BY_HOP = ['connection', 'keep-alive', 'transfer-encoding'];

const server = http.createServer({ keepAliveTimeout: 65_000 }, (req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', async () => {
    try {
      const headers = { ...req.headers, 'x-forwarded-for': req.socket.remoteAddress };
      for (const name of HOP_BY_HOP) delete headers[name];
      const answer = await pool.request({ path: req.url, method: req.method, headers, body: Buffer.concat(chunks) });
      const body = Buffer.from(await answer.body.arrayBuffer());
      const answerHeaders = { ...answer.headers, 'content-length': body.length };
      for (const name of HOP_BY_HOP) delete answerHeaders[name];
      res.writeHead(answer.statusCode, answerHeaders);
      res.end(body);
    } catch {
      res.writeHead(502).end();
    }
  });
});
server.listen(Number(port), '127.0.0.1', () => console.log(`listening on ${port}`));
