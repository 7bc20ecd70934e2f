import { Logger } from '@nestjs/common';
import { NEVER, of, throwError, type Observable } from 'rxjs';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { withValidPayload } from './message-payload.js';
import { TransportClient } from './transport-client.js';

beforeAll(() => Logger.overrideLogger(false));

/** A TransportClient whose Redis client is a double answering with the given observable. */
function clientAnswering(answer: () => Observable<unknown>) {
  const transport = new TransportClient('redis://127.0.0.1:1');
  const send = vi.fn(answer);
  const close = vi.fn(async () => undefined);
  (transport as unknown as { client: unknown }).client = { send, close };
  return { transport, send, close };
}
const schema = z.object({ ok: z.literal(true), n: z.number() });

describe('TransportClient.ask', () => {
  it('answers the parsed reply', async () => {
    const { transport, send } = clientAnswering(() => of({ ok: true, n: 1, extra: 'dropped' }));
    expect(await transport.ask('p', { a: 1 }, schema, { timeoutMs: 50 })).toEqual({ ok: true, n: 1 });
    expect(send).toHaveBeenCalledWith('p', { a: 1 });
  });

  it.each([
    ['no answer within the timeout', () => NEVER, 'timeout'],
    ['the connection failing', () => throwError(() => new Error('ECONNREFUSED')), 'unreachable'],
    ['the handler throwing', () => throwError(() => ({ status: 'error', message: 'boom' })), 'refused'],
    ['a reply that breaks the contract', () => of({ ok: true, n: 'one' }), 'bad-shape'],
  ])('%s → a TransportError naming the pattern and reason', async (_label, answer, reason) => {
    const { transport } = clientAnswering(answer);
    await expect(transport.ask('p', {}, schema, { timeoutMs: 50 })).rejects.toMatchObject({ name: 'TransportError', pattern: 'p', reason });
  });

  it('closes its client on module destroy', async () => {
    const { transport, close } = clientAnswering(() => NEVER);
    await transport.onModuleDestroy();
    expect(close).toHaveBeenCalled();
  });
});

describe('withValidPayload', () => {
  const message = z.object({ id: z.string().uuid() });

  it('runs the handler on an accepted payload', async () => {
    const id = '3f2b6c1e-8a4d-4c2e-9b1a-0d5e7f6a8b9c';
    expect(await withValidPayload(message, { id }, (m) => ({ ok: true as const, id: m.id }))).toEqual({ ok: true, id });
  });

  it('answers the VALIDATION refusal without running the handler', async () => {
    const handle = vi.fn();
    expect(await withValidPayload(message, { id: 'x' }, handle)).toMatchObject({ ok: false, code: 'VALIDATION', errors: { id: expect.any(String) } });
    expect(handle).not.toHaveBeenCalled();
  });
});
