import { BANK_SYNC_ENDPOINTS, FINANCE_ENDPOINTS } from '@paycadence/contracts';
import { serveEndpoints, type StubGateway, type StubHandler } from '@paycadence/web-kit/testing';

export { fail, never, Reply, type StubRequest } from '@paycadence/web-kit/testing';

// Finance's own `suggestions` would shadow bank-sync's: only the finance calls this screen makes.
const ENDPOINTS = {
  ...BANK_SYNC_ENDPOINTS,
  acceptBill: FINANCE_ENDPOINTS.acceptBill,
  acceptIncome: FINANCE_ENDPOINTS.acceptIncome,
  dismissSuggestion: FINANCE_ENDPOINTS.dismissSuggestion,
} as const;
export type EndpointName = keyof typeof ENDPOINTS;
export type StubServer = StubGateway<EndpointName>;

export const serveApi = (initial: Partial<Record<EndpointName, StubHandler>>): StubServer => serveEndpoints(ENDPOINTS, initial);
