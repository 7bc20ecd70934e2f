import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

export interface PrivateRedis {
  url: string;
  stop(): Promise<void>;
}

/** A TCP port free on 127.0.0.1 right now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * A throwaway redis-server for transport tests. Redis pub/sub ignores database numbers and key prefixes, so
 * on the shared Redis any other instance of the service running on the machine (a developer's `npm start`, a
 * benchmark) would also answer the test's message patterns and race the test's app.
 */
export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  const child: ChildProcess = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`redis-server did not start:\n${output}`)), 10_000);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
