import { Logger } from '@nestjs/common';
import { ADMIN_MESSAGES } from '@payday/contracts';
import { NEVER, of, throwError, type Observable } from 'rxjs';
import { z } from 'zod';
import type { AdminConfig } from '../config.js';
import { AdminTransport } from './transport-client.js';

beforeAll(() => Logger.overrideLogger(false));

/** An AdminTransport whose Redis client is a double answering with the given observable. */
function clientAnswering(answer: () => Observable<unknown>) {
  const transport = new AdminTransport({ REDIS_URL: 'redis://127.0.0.1:1', ADMIN_TRANSPORT_TIMEOUT_MS: 50 } as AdminConfig);
  const send = jest.fn(answer);
  (transport as unknown as { transport: { client: unknown } }).transport.client = { send, close: jest.fn() };
  return { transport, send };
}
const schema = z.object({ ok: z.literal(true), n: z.number() });

describe('AdminTransport.ask', () => {
  it('answers the parsed reply', async () => {
    const { transport, send } = clientAnswering(() => of({ ok: true, n: 1, extra: 'dropped' }));
    expect(await transport.ask('p', { a: 1 }, schema)).toEqual({ ok: true, n: 1 });
    expect(send).toHaveBeenCalledWith('p', { a: 1 });
  });

  it.each([
    ['no answer within the timeout', () => NEVER],
    ['an unreachable Redis', () => throwError(() => new Error('ECONNREFUSED'))],
    ['an RPC error', () => throwError(() => ({ status: 'error', message: 'boom' }))],
    ['a reply that breaks the contract', () => of({ ok: true, n: 'one' })],
  ])('%s → 503 with the dependency message', async (_label, answer) => {
    const { transport } = clientAnswering(answer);
    await expect(transport.ask('p', {}, schema)).rejects.toMatchObject({ status: 503, message: ADMIN_MESSAGES.dependencyUnavailable });
  });
});
