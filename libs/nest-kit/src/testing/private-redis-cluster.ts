import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './private-redis.js';

const run = promisify(execFile);

export interface PrivateRedisCluster {
  /** A `redis+cluster://` REDIS_URL naming every node (docs/redis-cluster.md). */
  url: string;
  ports: number[];
  stop(): Promise<void>;
}

export const REDIS_CLUSTER_MISSING =
  'A Redis Cluster test needs redis-server and redis-cli (Debian package redis-server; the test bootstrap installs it when root)';

async function startNode(port: number, dir: string): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--cluster-enabled', 'yes', '--cluster-config-file', `nodes-${port}.conf`,
      '--cluster-node-timeout', '5000', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`redis-server (cluster node ${port}) did not start:\n${output}`)), 10_000);
    child.once('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(error.code === 'ENOENT' ? new Error(REDIS_CLUSTER_MISSING) : error);
    });
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  return child;
}

function stopNode(child: ChildProcess): Promise<void> {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

async function clusterInfo(port: number): Promise<string> {
  const { stdout } = await run('redis-cli', ['-p', String(port), 'cluster', 'info']);
  return stdout;
}

/**
 * A throwaway Redis Cluster of `primaries` (at least 3) primaries and no replicas, from the machine's
 * redis-server, in a temporary folder that stop() deletes. Resolves once every node reports cluster_state:ok.
 * Missing binaries reject with REDIS_CLUSTER_MISSING, so a test using it fails rather than skips.
 */
export async function startPrivateRedisCluster(primaries = 3): Promise<PrivateRedisCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'paycadence-redis-cluster-'));
  const children: ChildProcess[] = [];
  const stop = async () => {
    await Promise.all(children.splice(0).map(stopNode));
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const ports: number[] = [];
    for (let i = 0; i < primaries; i++) {
      const port = await freePort();
      ports.push(port);
      children.push(await startNode(port, dir));
    }
    await run('redis-cli', ['--cluster', 'create', ...ports.map((port) => `127.0.0.1:${port}`), '--cluster-replicas', '0', '--cluster-yes']).catch(
      (error: NodeJS.ErrnoException & { stderr?: string; stdout?: string }) => {
        throw error.code === 'ENOENT' ? new Error(REDIS_CLUSTER_MISSING) : new Error(`redis-cli --cluster create failed: ${error.stdout ?? ''}${error.stderr ?? ''}`);
      },
    );
    const deadline = Date.now() + 20_000;
    for (;;) {
      const infos = await Promise.all(ports.map(clusterInfo));
      if (infos.every((info) => /cluster_state:ok/.test(info) && new RegExp(`cluster_known_nodes:${primaries}\\b`).test(info))) break;
      if (Date.now() > deadline) throw new Error(`the Redis Cluster did not reach cluster_state:ok:\n${infos.join('\n')}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const [seed, ...others] = ports;
    return { url: `redis+cluster://127.0.0.1:${seed}?nodes=${others.map((port) => `127.0.0.1:${port}`).join(',')}`, ports, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
