import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BankSyncConfig } from '../config.js';
import { PlaidGateway } from './plaid-gateway.js';

/** A local HTTP server; `answer` decides each response, `seen` keeps every request's headers. */
async function server(answer: (req: http.IncomingMessage, res: http.ServerResponse) => void) {
  const seen: http.IncomingHttpHeaders[] = [];
  const instance = http.createServer((req, res) => {
    seen.push(req.headers);
    req.resume();
    answer(req, res);
  });
  await new Promise<void>((resolve) => instance.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(instance.address() as AddressInfo).port}`;
  return { url, seen, close: () => new Promise<void>((resolve) => instance.close(() => resolve())) };
}

describe('PlaidGateway', () => {
  it('never follows a redirect, so the client id and secret never reach another host', async () => {
    const elsewhere = await server((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"link_token":"x","expiration":"y"}'));
    const plaid = await server((req, res) => res.writeHead(307, { location: `${elsewhere.url}${req.url}` }).end());
    try {
      const gateway = new PlaidGateway({ PLAID_BASE_URL: plaid.url, PLAID_CLIENT_ID: 'client-id', PLAID_SECRET: 'top-secret', PLAID_ENV: 'sandbox' } as BankSyncConfig);
      await expect(gateway.createLinkToken('3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b')).rejects.toThrow();
      expect(plaid.seen).toHaveLength(1);
      expect(plaid.seen[0]!['plaid-secret']).toBe('top-secret');
      expect(elsewhere.seen).toEqual([]);
    } finally {
      await plaid.close();
      await elsewhere.close();
    }
  });
});
