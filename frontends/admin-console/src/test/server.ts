import { ADMIN_ENDPOINTS } from '@paycadence/contracts';
import { serveEndpoints, type StubGateway, type StubHandler } from '@paycadence/web-kit/testing';

export { fail, never, Reply, type StubRequest } from '@paycadence/web-kit/testing';

// The admin calls, answered by web-kit's stub gateway in specs.
export type EndpointName = keyof typeof ADMIN_ENDPOINTS;
export type StubServer = StubGateway<EndpointName>;

export const serveApi = (initial: Partial<Record<EndpointName, StubHandler>>): StubServer => serveEndpoints(ADMIN_ENDPOINTS, initial);
