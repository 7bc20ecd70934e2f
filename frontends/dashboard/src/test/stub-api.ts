import { FINANCE_ENDPOINTS, HOUSEHOLD_ENDPOINTS, type Endpoint } from '@paycadence/contracts';
import type { ApiClient, CallOptions } from '@paycadence/web-kit';
import { vi } from 'vitest';

type FinanceEndpointName = keyof typeof FINANCE_ENDPOINTS;
/** The household call the dashboard makes (the share select's households). */
type HouseholdEndpointName = 'myHouseholds';
export type StubRequest = { params?: Record<string, string>; body?: unknown; query?: Record<string, unknown> };
type Handler = (request: StubRequest, options: CallOptions) => Promise<unknown>;

/**
 * The one API client as a component receives it, answering the named finance endpoints with these handlers
 * (each gets the request and call options the component passed); any other endpoint fails the test.
 */
export function stubFinanceApi(handlers: Partial<Record<FinanceEndpointName | HouseholdEndpointName, Handler>>): ApiClient {
  const names = Object.keys(FINANCE_ENDPOINTS) as FinanceEndpointName[];
  const call = async (endpoint: Endpoint, request: StubRequest = {}, options: CallOptions = {}) => {
    const name = endpoint === HOUSEHOLD_ENDPOINTS.myHouseholds ? 'myHouseholds' : names.find((n) => FINANCE_ENDPOINTS[n] === endpoint);
    const handler = name && handlers[name];
    if (!handler) throw new Error(`Unexpected call: ${endpoint.method} ${endpoint.path}`);
    return handler(request, options);
  };
  return { call: vi.fn(call) } as unknown as ApiClient;
}
