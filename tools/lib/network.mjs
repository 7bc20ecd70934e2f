import net from 'node:net';

/** Asks the OS for a free TCP port on 127.0.0.1. */
export function findFreePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export function isPortFree(port, host = '0.0.0.0') {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}

/** True when something accepts TCP connections on host:port. */
export function isListening(port, host = '127.0.0.1', timeoutMs = 1000) {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    const done = (value) => {
      socket.destroy();
      resolve(value);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** Sends a raw `PING` to a Redis URL; true when it answers `+PONG`. */
export function pingRedis(redisUrl, timeoutMs = 1000) {
  const url = new URL(redisUrl);
  return new Promise((resolve) => {
    const socket = net.connect({ host: url.hostname, port: Number(url.port || 6379) });
    let answer = '';
    const done = (value) => {
      socket.destroy();
      resolve(value);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => {
      const password = decodeURIComponent(url.password || '');
      if (password) socket.write(`AUTH ${password}\r\n`);
      socket.write('PING\r\n');
    });
    socket.on('data', (chunk) => {
      answer += chunk.toString('utf8');
      if (answer.includes('+PONG')) done(true);
      else if (answer.includes('-')) done(false);
    });
  });
}

/**
 * Finds `count` consecutive offsets from `basePorts` that are all free: returns the offset to add so that
 * every port in `basePorts` (plus the offset) is free. Used to run a test stack beside a running one.
 */
export async function findFreePortOffset(basePorts, { start = 100, step = 100, attempts = 50 } = {}) {
  for (let i = 0; i < attempts; i += 1) {
    const offset = start + i * step;
    const frees = await Promise.all(basePorts.map((port) => isPortFree(port + offset)));
    if (frees.every(Boolean)) return offset;
  }
  throw new Error('No free block of service ports found');
}

/** Polls `url` until it answers 2xx (from process `expectPid` when given); throws after `timeoutMs` or when `shouldStop()` turns true. */
export async function waitForHttpOk(url, { timeoutMs = 60_000, intervalMs = 250, shouldStop = () => null, expectPid } = {}) {
  const deadline = Date.now() + timeoutMs;
  let lastError = 'no answer';
  while (Date.now() < deadline) {
    const stopReason = shouldStop();
    if (stopReason) throw new Error(stopReason);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.ok && expectPid !== undefined) {
        // A readiness answer names its process: another stack's service on the same port is not ours.
        const { pid } = await res.json().catch(() => ({}));
        if (pid === expectPid) return;
        lastError = `port answered by another process (pid ${pid ?? 'unknown'})`;
      } else if (res.ok) {
        return;
      } else {
        lastError = `HTTP ${res.status}`;
      }
    } catch (error) {
      lastError = error.cause?.code ?? error.message;
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  throw new Error(`${url} not ready after ${timeoutMs / 1000} s (${lastError})`);
}
