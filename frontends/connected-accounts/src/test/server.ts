import { BANK_SYNC_ENDPOINTS, FINANCE_ENDPOINTS, STATEMENT_UPLOAD_PATH } from '@paycadence/contracts';
import { Reply, serveEndpoints, type StubGateway, type StubHandler } from '@paycadence/web-kit/testing';
import { vi } from 'vitest';

export { fail, never, Reply, type StubRequest } from '@paycadence/web-kit/testing';

// Finance's own `suggestions` would shadow bank-sync's: only the finance calls this screen makes.
const ENDPOINTS = {
  ...BANK_SYNC_ENDPOINTS,
  acceptBill: FINANCE_ENDPOINTS.acceptBill,
  acceptIncome: FINANCE_ENDPOINTS.acceptIncome,
  dismissSuggestion: FINANCE_ENDPOINTS.dismissSuggestion,
  listBills: FINANCE_ENDPOINTS.listBills,
  updateBill: FINANCE_ENDPOINTS.updateBill,
} as const;
export type EndpointName = keyof typeof ENDPOINTS;
export type StubServer = StubGateway<EndpointName>;

export const serveApi = (initial: Partial<Record<EndpointName, StubHandler>>): StubServer => serveEndpoints(ENDPOINTS, initial);

/** A statement upload as the server receives it: the raw bytes and the request's headers. */
export interface StatementUpload {
  body: Blob;
  headers: Headers;
}
export interface StatementUploads {
  /** Uploads received, in order. */
  list: () => StatementUpload[];
  /** Replaces the answer (a preview, or a Reply to fail). */
  answer: (handler: (upload: StatementUpload) => unknown) => void;
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * The statement upload carries raw bytes, which the JSON stub gateway cannot read: this answers it in front of the
 * gateway (call it after serveApi) and hands every other request on.
 */
export function serveStatementUploads(handler: (upload: StatementUpload) => unknown): StatementUploads {
  let current = handler;
  const received: StatementUpload[] = [];
  const gateway = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://gateway');
    if (url.pathname !== STATEMENT_UPLOAD_PATH || init.method !== 'POST') return gateway(input, init);
    const upload = { body: init.body as Blob, headers: new Headers(init.headers) };
    received.push(upload);
    const answer = await current(upload);
    return answer instanceof Reply ? json(answer.status, answer.body) : json(200, answer);
  });
  return {
    list: () => received,
    answer: (next) => {
      current = next;
    },
  };
}
