import net from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findExecutable, startLocalRedis } from './bootstrap.mjs';
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
