import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { waitForHttpOk } from './network.mjs';

describe('waitForHttpOk with expectPid', () => {
  let server;
  afterEach(() => new Promise((resolve) => (server ? server.close(resolve) : resolve())));

  async function readyServer(pid) {
    server = http.createServer((_req, res) => res.end(JSON.stringify({ status: 'ok', pid })));
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${server.address().port}/health/ready`;
  }

  it('accepts the readiness answer of the expected process', async () => {
    await expect(waitForHttpOk(await readyServer(4242), { expectPid: 4242, timeoutMs: 2_000 })).resolves.toBeUndefined();
  });

  it('does not take another process on the port for the one it started', async () => {
    const url = await readyServer(1111);
    await expect(waitForHttpOk(url, { expectPid: 4242, timeoutMs: 600, intervalMs: 100 })).rejects.toThrow(
      /another process \(pid 1111\)/,
    );
  });
});
