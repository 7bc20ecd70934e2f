import net from 'node:net';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureRedis, findExecutable, localInfra, startLocalRedis } from './bootstrap.mjs';
import { findFreePort, isListening, pingRedis } from './network.mjs';

function redisCommand(port, line) {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1' }, () => socket.write(`${line}\r\n`));
    socket.once('data', (chunk) => {
      resolve(chunk.toString('utf8'));
      socket.destroy();
    });
    socket.once('error', reject);
  });
}

describe('local redis-server', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'redis-spec-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('starts, answers PING, keeps data across a restart and stops', async () => {
    const port = await findFreePort();
    const first = await startLocalRedis({ port, dataDir, log: () => {} });
    expect(await pingRedis(first.url)).toBe(true);
    expect(await redisCommand(port, 'SET launcher-spec kept')).toBe('+OK\r\n');
    await first.stop();
    expect(await isListening(port)).toBe(false);

    const second = await startLocalRedis({ port, dataDir, log: () => {} });
    try {
      expect(await redisCommand(port, 'GET launcher-spec')).toBe('$4\r\nkept\r\n');
    } finally {
      await second.stop();
    }
  });
});

describe('localInfra: npm test beside npm start', () => {
  it("gives npm start the data folder and fixed ports it always had, or the ones the environment sets", async () => {
    expect(await localInfra({ env: { DATA_DIR: '/srv/pc' } })).toEqual({ dataDir: '/srv/pc', postgresPort: 5433, redisPort: 6380, isolated: false });
    const custom = await localInfra({ env: { DATA_DIR: '/srv/pc', PGPORT_EMBEDDED: '6543', REDIS_PORT_EMBEDDED: '6390' } });
    expect(custom).toMatchObject({ postgresPort: 6543, redisPort: 6390 });
  });

  it("gives npm test its own folder inside npm start's and ports free right now", async () => {
    const infra = await localInfra({ env: { DATA_DIR: '/srv/pc', PGPORT_EMBEDDED: '5433' }, isolated: true });
    expect(infra.dataDir).toBe(join('/srv/pc', 'test'));
    expect([5433, 6380]).not.toContain(infra.postgresPort);
    expect([5433, 6380]).not.toContain(infra.redisPort);
    expect(await isListening(infra.postgresPort)).toBe(false);
    expect(await isListening(infra.redisPort)).toBe(false);
  });

  it.runIf(findExecutable('redis-server'))('starts a throwaway Redis of its own even when the machine has one', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'redis-isolated-'));
    const infra = { ...(await localInfra({ env: { DATA_DIR: dataDir }, isolated: true })), dataDir };
    const redis = await ensureRedis({ env: {}, infra, log: () => {} });
    try {
      expect(redis.url).toBe(`redis://127.0.0.1:${infra.redisPort}`);
      expect(await pingRedis(redis.url)).toBe(true);
    } finally {
      await redis.stop();
    }
    expect(await isListening(infra.redisPort)).toBe(false);
    // Nothing kept on disk: no append-only folder and no snapshot.
    expect(existsSync(join(dataDir, 'redis')) ? readdirSync(join(dataDir, 'redis')) : []).toEqual([]);
    rmSync(dataDir, { recursive: true, force: true });
  });
});

describe('pingRedis', () => {
  it('is false when nothing listens', async () => {
    const port = await findFreePort();
    expect(await pingRedis(`redis://127.0.0.1:${port}`)).toBe(false);
  });
});

describe('findExecutable', () => {
  it('finds node on the PATH and nothing for a made-up name', () => {
    expect(findExecutable('node', process.env.PATH)).toMatch(/\/node$/);
    expect(findExecutable('no-such-binary-paycadence')).toBeNull();
  });
});
