export { startGateway, createGatewayApp, isClientSideRoute, REQUEST_ID_PATTERN } from './gateway-server.mjs';
export { loadKongConfig, pageServerFrontend, parseKongConfig, scaleRateLimits, responseHeadersToAdd } from './kong-config.mjs';
export { createRouteMatcher, stripPrefix } from './route-matcher.mjs';
export { createRateLimiter } from './rate-limiter.mjs';
export { createStaticHandler, createLruCache, STATIC_CACHE_LIMITS, cacheControlFor, CONTENT_TYPES, sendJson } from './static-files.mjs';
