import net from 'node:net';
import { WAITLIST_SUCCESS_MESSAGE } from '@paycadence/contracts';
import { OVERSIZE_DRAIN_BYTES } from '@paycadence/nest-kit';
import { startServiceHarness, type ServiceHarness } from '@paycadence/nest-kit/testing';
import type { WaitlistConfig } from '../src/config.js';
import { serviceDefinition } from '../src/service-definition.js';

// The real service on a fresh schema of the real PostgreSQL, and the real Redis (nest-kit's harness).
let h: ServiceHarness<WaitlistConfig>;

beforeAll(async () => {
  h = await startServiceHarness(serviceDefinition);
});
afterAll(async () => {
  await h?.close();
});
beforeEach(() => h.truncate());

const join = (body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${h.baseUrl}/api/waitlist/join`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

const rows = async () =>
  (await h.db.query(`SELECT email, referral_source, created_at FROM "${h.schema}".waitlist_entries ORDER BY created_at`)).rows;

/**
 * Declares `size` bytes and sends them in pieces with pauses (so the answer can come mid-upload), then asks for
 * /health on the same connection. Returns what came back, whether writing broke and whether the server closed.
 */
async function slowUpload(size: number, { sendAtMost = size } = {}) {
  const url = new URL(h.baseUrl);
  const socket = net.connect(Number(url.port), url.hostname);
  await new Promise((resolve) => socket.once('connect', resolve));
  let answers = '';
  let closed = false;
  let brokenPipe = false;
  socket.on('data', (chunk: Buffer) => (answers += chunk.toString('utf8')));
  socket.on('close', () => (closed = true));
  socket.on('error', () => (brokenPipe = true));
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  socket.write(`POST /api/waitlist/join HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nContent-Length: ${size}\r\n\r\n`);
  await pause(200);
  const piece = 64 * 1024;
  for (let sent = 0; sent < Math.min(size, sendAtMost) && !closed; sent += piece) {
    socket.write('x'.repeat(Math.min(piece, size - sent)));
    await pause(10);
  }
  if (!closed) socket.write('GET /health HTTP/1.1\r\nHost: test\r\n\r\n');
  await pause(500);
  socket.destroy();
  return { answers, closed, brokenPipe };
}

describe('POST /api/waitlist/join', () => {
  it('stores one entry with its source and time and answers success', async () => {
    const before = Date.now();
    const response = await join({ email: 'ann@example.com', source: 'homepage-hero' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, message: WAITLIST_SUCCESS_MESSAGE });
    const stored = await rows();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ email: 'ann@example.com', referral_source: 'homepage-hero' });
    expect(new Date(stored[0].created_at).getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('joining again with the same e-mail (other case, spaces) answers success and stores nothing new', async () => {
    await join({ email: 'ann@example.com', source: 'homepage-hero' });
    const again = await join({ email: '  ANN@Example.com ', source: 'homepage-cta' });
    expect(again.status).toBe(200);
    expect(((await again.json()) as { success: boolean }).success).toBe(true);
    const stored = await rows();
    expect(stored).toHaveLength(1);
    expect(stored[0].referral_source).toBe('homepage-hero');
  });

  it.each([
    ['a malformed e-mail', { email: 'ann@', source: 'homepage' }, 'email', 'Please enter a valid email address'],
    ['a missing e-mail', { source: 'homepage' }, 'email', 'Email is required'],
    ['a missing source', { email: 'bob@example.com' }, 'source', 'Source is required'],
    ['an unknown field', { email: 'bob@example.com', source: 'homepage', role: 'admin' }, 'role', 'Unknown field "role"'],
    ['an oversized source', { email: 'bob@example.com', source: 'x'.repeat(500) }, 'source', 'Source must be at most 64 characters'],
  ])('rejects %s with 400 and keeps what is stored', async (_label, body, field, message) => {
    await join({ email: 'ann@example.com', source: 'homepage' });
    const response = await join(body);
    expect(response.status).toBe(400);
    const payload = (await response.json()) as { message: string; errors: Record<string, string> };
    expect(payload.message).toBe(message);
    expect(payload.errors[field]).toBe(message);
    expect(await rows()).toHaveLength(1);
  });

  it('rejects a body that is not JSON with 400', async () => {
    const response = await join('{"email":');
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toMatch(/JSON/);
  });

  it('reads an empty body sent with a JSON content type as no body: the field rules answer, not a parse error', async () => {
    const response = await join('');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'Email is required', errors: { email: 'Email is required', source: 'Source is required' } });
  });

  it('rejects a body over the size limit with 413 and no internals', async () => {
    const response = await join({ email: 'bob@example.com', source: 'homepage', pad: 'x'.repeat(20_000) });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ message: 'Request body is too large' });
    expect(await rows()).toHaveLength(0);
  });

  it('answers a declared body over the limit with 413 while it is still being sent, and keeps the connection', async () => {
    const upload = await slowUpload(900 * 1024);
    expect(upload.answers).toMatch(/^HTTP\/1\.1 413 [^]*"message":"Request body is too large"/);
    expect(upload.brokenPipe).toBe(false);
    expect(upload.answers).toMatch(/HTTP\/1\.1 200 OK[^]*\{"status":"ok"\}$/);
    expect(await rows()).toHaveLength(0);
  });

  it('closes the connection after the 413 when the declared body is past what it drains', async () => {
    const upload = await slowUpload(OVERSIZE_DRAIN_BYTES + 1, { sendAtMost: 64 * 1024 });
    expect(upload.answers).toMatch(/^HTTP\/1\.1 413 [^]*connection: close/i);
    expect(upload.closed).toBe(true);
  });

  it('echoes the gateway request id', async () => {
    const response = await join({ email: 'cy@example.com', source: 'homepage' }, { 'x-request-id': 'req-123' });
    expect(response.headers.get('x-request-id')).toBe('req-123');
  });
});

describe('health', () => {
  it('answers liveness and readiness with the database and Redis reachable', async () => {
    expect((await fetch(`${h.baseUrl}/health`)).status).toBe(200);
    const ready = await fetch(`${h.baseUrl}/health/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ok', checks: { database: 'ok', redis: 'ok' }, pid: expect.any(Number) });
  });
});
