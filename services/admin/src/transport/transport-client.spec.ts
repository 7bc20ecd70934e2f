import { Logger } from '@nestjs/common';
import { ADMIN_MESSAGES, AUTH_ADMIN_PATTERNS, WAITLIST_ADMIN_PATTERNS } from '@paycadence/contracts';
import type { TransportClient } from '@paycadence/nest-kit';
import { NEVER, of, throwError, type Observable } from 'rxjs';
import { z } from 'zod';
import type { AdminConfig } from '../config.js';
import { AdminTransport } from './transport-client.js';

beforeAll(() => Logger.overrideLogger(false));

/** An AdminTransport whose Redis client is a double answering with the given observable. */
function clientAnswering(answer: () => Observable<unknown>, timeouts = { auth: 50, waitlist: 50 }) {
  const config = {
    REDIS_URL: 'redis://127.0.0.1:1',
    AUTH_TIMEOUT_MS: timeouts.auth,
    WAITLIST_TIMEOUT_MS: timeouts.waitlist,
  };
  const transport = new AdminTransport(config as AdminConfig);
  const send = jest.fn(answer);
  (transport as unknown as { transport: { client: unknown } }).transport.client = { send, close: jest.fn() };
  return { transport, send };
}
const schema = z.object({ ok: z.literal(true), n: z.number() });
const pattern = AUTH_ADMIN_PATTERNS.listUsers;

describe('AdminTransport.ask', () => {
  it('answers the parsed reply', async () => {
    const { transport, send } = clientAnswering(() => of({ ok: true, n: 1, extra: 'dropped' }));
    expect(await transport.ask(pattern, { a: 1 }, schema)).toEqual({ ok: true, n: 1 });
    expect(send).toHaveBeenCalledWith(pattern, { a: 1 });
  });

  it.each([
    ['no answer within the timeout', () => NEVER],
    ['an unreachable Redis', () => throwError(() => new Error('ECONNREFUSED'))],
    ['an RPC error', () => throwError(() => ({ status: 'error', message: 'boom' }))],
    ['a reply that breaks the contract', () => of({ ok: true, n: 'one' })],
  ])('%s → 503 with the dependency message', async (_label, answer) => {
    const { transport } = clientAnswering(answer);
    await expect(transport.ask(pattern, {}, schema)).rejects.toMatchObject({
      status: 503,
      message: ADMIN_MESSAGES.dependencyUnavailable,
    });
  });

  it.each([
    ...Object.values(AUTH_ADMIN_PATTERNS).map((p) => [p, 'auth'] as const),
    ...Object.values(WAITLIST_ADMIN_PATTERNS).map((p) => [p, 'waitlist'] as const),
  ])('%s waits on %s\'s timeout', async (asked, service) => {
    const { transport } = clientAnswering(() => NEVER, { auth: 111, waitlist: 222 });
    const inner = (transport as unknown as { transport: TransportClient }).transport;
    const ask = jest.spyOn(inner, 'ask').mockResolvedValue({ ok: true, n: 1 });
    await transport.ask(asked, {}, schema);
    expect(ask).toHaveBeenCalledWith(asked, {}, schema, { timeoutMs: service === 'auth' ? 111 : 222 });
  });

  it('refuses a pattern of neither service without asking (a mistake in admin, not a 503)', async () => {
    const { transport, send } = clientAnswering(() => of({ ok: true, n: 1 }));
    await expect(transport.ask('household.admin.list', {}, schema)).rejects.toThrow(/household\.admin\.list/);
    expect(send).not.toHaveBeenCalled();
  });
});
