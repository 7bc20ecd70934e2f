import { Logger } from '@nestjs/common';
import { EMPTY, NEVER, of, throwError, type Observable } from 'rxjs';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { withValidEvent, withValidPayload } from './message-payload.js';
import { TransportClient } from './transport-client.js';

beforeAll(() => Logger.overrideLogger(false));

/** A TransportClient whose Redis client is a double answering (and publishing) with the given observable. */
function clientAnswering(answer: () => Observable<unknown>) {
  const transport = new TransportClient('redis://127.0.0.1:1');
  const send = vi.fn(answer);
  const emit = vi.fn(answer);
  const close = vi.fn(async () => undefined);
  (transport as unknown as { client: unknown }).client = { send, emit, close };
  return { transport, send, emit, close };
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

describe('TransportClient.emit', () => {
  it('publishes the event and settles once Redis took it', async () => {
    const { transport, emit } = clientAnswering(() => EMPTY);
    await expect(transport.emit('e', { id: 1 })).resolves.toBeUndefined();
    expect(emit).toHaveBeenCalledWith('e', { id: 1 });
  });

  it('never rejects: a failure to send is logged with the pattern and reason', async () => {
    const warn = vi.spyOn(Logger.prototype, 'warn');
    const { transport } = clientAnswering(() => throwError(() => new Error('ECONNREFUSED')));
    await expect(transport.emit('e', {})).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledWith('e failed (unreachable): ECONNREFUSED');
    warn.mockRestore();
  });

  it('does not wait: it returns at once while Redis has not answered, taking no timeout', () => {
    const { transport, emit } = clientAnswering(() => NEVER);
    expect(transport.emit('e', {})).toBeInstanceOf(Promise);
    expect(emit).toHaveBeenCalledTimes(1);
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

  it('answers `otherwise` instead, for a reply contract without a refusal', async () => {
    const handle = vi.fn();
    expect(await withValidPayload(message, {}, handle, () => ({ items: [] }))).toEqual({ items: [] });
    expect(handle).not.toHaveBeenCalled();
  });
});

describe('withValidEvent', () => {
  const event = z.object({ id: z.string().uuid() }).strict();

  it('runs the handler on an accepted event', async () => {
    const handle = vi.fn();
    const id = '3f2b6c1e-8a4d-4c2e-9b1a-0d5e7f6a8b9c';
    await withValidEvent('e', event, { id }, handle);
    expect(handle).toHaveBeenCalledWith({ id });
  });

  it('drops a malformed event, warning with the pattern and the bad fields, not their values', async () => {
    const warn = vi.spyOn(Logger.prototype, 'warn');
    const handle = vi.fn();
    await withValidEvent('e', event, { id: 'secret-value', extra: 1 }, handle);
    expect(handle).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledWith('e: malformed event dropped (id, extra)');
    expect(String(warn.mock.calls)).not.toContain('secret-value');
    warn.mockRestore();
  });
});
