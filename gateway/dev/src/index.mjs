export { startGateway, createGatewayHandler, isClientSideRoute } from './gateway-server.mjs';
export { loadKongConfig, parseKongConfig, scaleRateLimits } from './kong-config.mjs';
export { createRouteMatcher, stripPrefix } from './route-matcher.mjs';
export { createRateLimiter } from './rate-limiter.mjs';
export { createStaticHandler, cacheControlFor, CONTENT_TYPES, sendJson } from './static-files.mjs';
