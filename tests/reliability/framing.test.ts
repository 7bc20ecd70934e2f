// Smuggling and framing, through the real stack's gateway on raw sockets (node:net): the request shapes of
// finding 2 (TE+CL, Transfer-Encoding on bodiless methods, obs-fold, duplicate Content-Length, bad chunk sizes) are
// each answered once and correctly (a 400 and a closed connection, or the proper answer with the body framed), a
// request hidden in a body never reaches a service, and the early-refusal bodies of finding 8 (over a service's
// limit, under the gateway's) come back 413 with the connection still answering the next request.
import net from 'node:net';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseUrl, gatewayUrl } from './support/stack';

interface Exchange {
  /** Status codes of the answers, in order (answers follow each other directly; no JSON body holds the text). */
  statuses: number[];
  text: string;
  /** 'closed' when the gateway closed the connection, 'open' when it went quiet with the connection open. */
  ending: string;
}

function gatewayAddress(): { host: string; port: number } {
  const url = new URL(gatewayUrl());
  return { host: url.hostname === 'localhost' ? '127.0.0.1' : url.hostname, port: Number(url.port || 80) };
}

/** Writes `bytes` on a fresh connection and reads until the gateway closes it or sends nothing for `quietMs`. */
function exchange(bytes: string, { quietMs = 500 } = {}): Promise<Exchange> {
  const { host, port } = gatewayAddress();
  return new Promise((resolve) => {
    const socket = net.connect(port, host);
    let text = '';
    let timer: NodeJS.Timeout;
    const finish = (ending: string) => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ statuses: [...text.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((found) => Number(found[1])), text, ending });
    };
    const quiet = () => {
      clearTimeout(timer);
      timer = setTimeout(() => finish('open'), quietMs);
    };
    socket.on('data', (chunk) => {
      text += chunk.toString('latin1');
      quiet();
    });
    socket.on('end', () => finish('closed'));
    socket.on('error', (error: NodeJS.ErrnoException) => finish(`error ${error.code}`));
    socket.write(bytes);
    timer = setTimeout(() => finish('open'), quietMs * 4);
  });
}

const HOST = 'Host: localhost\r\n';
const hex = (text: string) => Buffer.byteLength(text).toString(16);
/** A request that proves the connection still answers: the public blog list (200). */
const follow = `GET /api/blog/posts HTTP/1.1\r\n${HOST}\r\n`;

let db: pg.Client;
const run = randomBytes(4).toString('hex');
let sequence = 0;
/** A waitlist join for an address no one else uses, as raw bytes, and the address (to look for it afterwards). */
function hiddenJoin(): { bytes: string; email: string } {
  const email = `smuggled-${run}-${(sequence += 1)}@example.com`;
  const body = JSON.stringify({ email, source: 'homepage' });
  return { email, bytes: `POST /api/waitlist/join HTTP/1.1\r\n${HOST}Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}` };
}
async function joined(email: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM waitlist.waitlist_entries WHERE email = $1', [email]);
  return rows.length > 0;
}

beforeAll(async () => {
  db = new pg.Client({ connectionString: databaseUrl() });
  await db.connect();
});
afterAll(async () => {
  await db?.end();
});

describe('smuggling shapes through the gateway', () => {
  // Node's strict parser refuses each of these: one 400, the connection closed (the bytes after the error cannot
  // be framed), and the join hidden after or inside the request is never stored.
  const refused: Record<string, (hidden: string) => string> = {
    'Transfer-Encoding and Content-Length together': (hidden) =>
      `POST /api/waitlist/join HTTP/1.1\r\n${HOST}Content-Type: application/json\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n${hidden}`,
    'a GET with Content-Length and Transfer-Encoding': (hidden) =>
      `GET /api/blog/posts HTTP/1.1\r\n${HOST}Content-Length: ${hidden.length}\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n${hidden}`,
    'obs-fold hiding Transfer-Encoding': (hidden) =>
      `POST /api/waitlist/join HTTP/1.1\r\n${HOST}Transfer-Encoding:\r\n chunked\r\nContent-Length: 5\r\n\r\n0\r\n\r\n${hidden}`,
    'an obs-folded header': (hidden) => `GET /api/blog/posts HTTP/1.1\r\n${HOST}X-Note: a\r\n folded\r\n\r\n${hidden}`,
    'two different Content-Length': (hidden) =>
      `POST /api/waitlist/join HTTP/1.1\r\n${HOST}Content-Type: application/json\r\nContent-Length: 2\r\nContent-Length: ${2 + hidden.length}\r\n\r\n{}${hidden}`,
    'two equal Content-Length': (hidden) =>
      `POST /api/waitlist/join HTTP/1.1\r\n${HOST}Content-Type: application/json\r\nContent-Length: 2\r\nContent-Length: 2\r\n\r\n{}${hidden}`,
    'a chunk size that is not hex': (hidden) =>
      `POST /api/waitlist/join HTTP/1.1\r\n${HOST}Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n2g\r\n{}\r\n0\r\n\r\n${hidden}`,
    'a chunk size past 64 bits': (hidden) =>
      `POST /api/waitlist/join HTTP/1.1\r\n${HOST}Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n10000000000000002\r\n{}\r\n0\r\n\r\n${hidden}`,
    'a transfer coding after chunked': (hidden) =>
      `POST /api/waitlist/join HTTP/1.1\r\n${HOST}Content-Type: application/json\r\nTransfer-Encoding: chunked, identity\r\n\r\n2\r\n{}\r\n0\r\n\r\n${hidden}`,
    'a space before the colon': (hidden) =>
      `POST /api/waitlist/join HTTP/1.1\r\n${HOST}Transfer-Encoding : chunked\r\nContent-Length: 5\r\n\r\n0\r\n\r\n${hidden}`,
  };
  it.each(Object.entries(refused))('%s: one 400, connection closed, the hidden join never stored', async (_shape, build) => {
    const hidden = hiddenJoin();
    const { statuses, ending, text } = await exchange(build(hidden.bytes));
    expect(statuses).toEqual([400]);
    expect(ending).toBe('closed');
    expect(text.toLowerCase()).toContain('x-content-type-options: nosniff');
    expect(await joined(hidden.email)).toBe(false);
  });

  // Framed by the parser, so the body is a body: GET and HEAD go on without it, DELETE and OPTIONS with it and an
  // exact Content-Length; in every case one answer per request and the join in the body never stored.
  it.each(['GET', 'HEAD', 'DELETE', 'OPTIONS'])(
    'Transfer-Encoding: chunked on %s carrying a request: one answer each, the connection answers the next request',
    async (method) => {
      const hidden = hiddenJoin();
      const path = method === 'GET' || method === 'HEAD' ? '/api/blog/posts' : '/api/waitlist/join';
      const { statuses, ending } = await exchange(
        `${method} ${path} HTTP/1.1\r\n${HOST}Transfer-Encoding: chunked\r\n\r\n${hex(hidden.bytes)}\r\n${hidden.bytes}\r\n0\r\n\r\n${follow}`,
      );
      expect(statuses).toHaveLength(2);
      expect(statuses[0]).toBeLessThan(500);
      if (method === 'GET' || method === 'HEAD') expect(statuses[0]).toBe(200);
      expect(statuses[1]).toBe(200);
      expect(ending).toBe('open');
      expect(await joined(hidden.email)).toBe(false);
    },
  );

  it('a forged X-Forwarded-For is kept only as the client sent it, with the real peer appended (services trust the gateway hop)', async () => {
    const { statuses } = await exchange(`GET /api/blog/posts HTTP/1.1\r\n${HOST}X-Forwarded-For: 203.0.113.7\r\n\r\n${follow}`);
    expect(statuses).toEqual([200, 200]);
  });
});

describe('bodies a service refuses early (finding 8)', () => {
  // Each service's own limit is far below the gateway's 1 MB (blog: 512 KB under its 6 MB); 900 KB is over both.
  const routes = [
    '/api/auth/login',
    '/api/auth/register',
    '/api/auth/forgot-password',
    '/api/waitlist/join',
    '/api/financial/bills',
    '/api/household',
    '/api/blog/admin/posts',
  ];
  // The finding's example gets 10 tries; the others 3 (waitlist allows 30 requests a minute per client).
  it.each(routes)('900 KB to %s: 413 from the service, then the same connection answers', async (path) => {
    const tries = path === '/api/auth/login' ? 10 : 3;
    const body = JSON.stringify({ email: 'someone@example.com', password: 'x'.repeat(900 * 1024) });
    const outcomes: string[] = [];
    for (let i = 0; i < tries; i += 1) {
      const { statuses, ending } = await exchange(
        `POST ${path} HTTP/1.1\r\n${HOST}Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}${follow}`,
      );
      outcomes.push(`${statuses.join(',')} ${ending}`);
    }
    expect(outcomes).toEqual(Array(tries).fill('413,200 open'));
  });

  it('a chunked body over the gateway limit: one 413, then the same connection answers', async () => {
    const chunk = 'x'.repeat(64 * 1024);
    let body = '';
    for (let i = 0; i < 17; i += 1) body += `${hex(chunk)}\r\n${chunk}\r\n`;
    const { statuses, ending } = await exchange(
      `POST /api/auth/login HTTP/1.1\r\n${HOST}Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n${body}0\r\n\r\n${follow}`,
    );
    expect(statuses).toEqual([413, 200]);
    expect(ending).toBe('open');
  });

  it('a declared body over the gateway limit: one 413, then the same connection answers', async () => {
    const body = 'x'.repeat(1024 * 1024 + 1);
    const { statuses, ending } = await exchange(
      `POST /api/auth/login HTTP/1.1\r\n${HOST}Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}${follow}`,
    );
    expect(statuses).toEqual([413, 200]);
    expect(ending).toBe('open');
  });

  it('the gateway and the services still answer normally afterwards', async () => {
    const response = await fetch(`${gatewayUrl()}/api/waitlist/join`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `after-${run}@example.com`, source: 'homepage' }),
    });
    expect(response.status).toBeLessThan(300);
    expect(await joined(`after-${run}@example.com`)).toBe(true);
  });
});
