import { randomUUID } from 'node:crypto';
import { PlaidError, apiError, invalidBody, notFound } from './plaid-errors.mjs';

const DEFAULT_BODY_LIMIT = 1_000_000;

/** Reads the request body as JSON, refusing anything over `limit` bytes or not a JSON object. */
export function readJsonBody(request, limit = DEFAULT_BODY_LIMIT) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    request.on('data', (chunk) => {
      size += chunk.length;
      if (size > limit) {
        // Answer at once; the rest of the body is drained and dropped, the connection then closed.
        reject(invalidBody(`request body is larger than ${limit} bytes`));
        chunks.length = 0;
        return;
      }
      chunks.push(chunk);
    });
    request.on('error', reject);
    request.on('end', () => {
      if (size > limit) return;
      const text = Buffer.concat(chunks).toString('utf8');
      if (text.trim() === '') return resolve({});
      try {
        const body = JSON.parse(text);
        if (body === null || typeof body !== 'object' || Array.isArray(body)) {
          return reject(invalidBody('request body must be a JSON object'));
        }
        resolve(body);
      } catch {
        reject(invalidBody('request body is not valid JSON'));
      }
    });
  });
}

function sendJson(response, status, body) {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
  });
  response.end(text);
}

/**
 * A tiny POST-only JSON router, the way Plaid's API works: every endpoint is a POST of a JSON object.
 * Handlers receive `{ body, headers }` and return the response body; a thrown PlaidError becomes Plaid's
 * error object with its HTTP status. `before` runs ahead of every handler (auth, test hooks).
 */
export function createJsonRouter({
  routes,
  before = () => {},
  bodyLimit = DEFAULT_BODY_LIMIT,
  log = () => {},
}) {
  return async function handle(request, response) {
    const requestId = randomUUID().replace(/-/g, '').slice(0, 15);
    const path = new URL(request.url, 'http://emulator').pathname;
    try {
      const handler = routes[path];
      if (request.method !== 'POST' || !handler) throw notFound(path);
      const body = await readJsonBody(request, bodyLimit);
      const context = { path, body, headers: request.headers };
      await before(context);
      const result = await handler(context);
      sendJson(response, 200, { ...result, request_id: requestId });
    } catch (error) {
      const plaidError = error instanceof PlaidError ? error : apiError();
      if (!(error instanceof PlaidError)) log(`plaid-emulator: ${path} failed: ${error?.stack ?? error}`);
      if (plaidError.errorCode === 'INVALID_BODY') response.setHeader('connection', 'close');
      if (!response.headersSent) sendJson(response, plaidError.status, plaidError.toBody(requestId));
    }
  };
}
