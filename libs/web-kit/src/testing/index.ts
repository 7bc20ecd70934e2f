// @paycadence/web-kit/testing: helpers for the remotes' unit tests (vitest + Testing Library). A separate entry
// point so no production bundle ever pulls Testing Library in; never import it from src code outside specs.
export { renderWithProviders, testSession, TEST_ACCESS_TOKEN, TEST_USER } from './render.js';
export type { RenderWithProvidersOptions } from './render.js';
export { fail, never, Reply, serveEndpoints } from './stub-gateway.js';
export type { StubGateway, StubHandler, StubRequest } from './stub-gateway.js';
// The page's own session store (what a provider without initial props uses): tests that sign in through it reset it.
export { resetBrowserSession } from '../auth/session-storage.js';
export { resetToasts } from '../toast/toast-store.js';
