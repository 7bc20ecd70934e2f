import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError } from './errors.js';

/**
 * The charsets a JSON body may declare. JSON exchanged between systems is UTF-8 (RFC 8259 §8.1), and ASCII is
 * a subset of it; a body in any other encoding would be read as UTF-8 and come out garbled or unparsable.
 */
const READABLE_CHARSETS = new Set(['utf-8', 'utf8', 'us-ascii']);

export const UNSUPPORTED_CHARSET_MESSAGE = 'Unsupported charset; send the JSON body as UTF-8';

/** 415: a JSON body declared in a charset the services do not read. */
export class UnsupportedCharsetError extends DomainError {
  constructor() {
    super('UNSUPPORTED_CHARSET', 415, UNSUPPORTED_CHARSET_MESSAGE);
  }
}

/** The `charset` parameter of a Content-Type header, lower-cased and unquoted; undefined when there is none. */
export function charsetOf(contentType: string | undefined): string | undefined {
  const match = /;\s*charset\s*=\s*(?:"([^"]*)"|([^;\s]*))/i.exec(contentType ?? '');
  return match ? (match[1] ?? match[2] ?? '').toLowerCase() : undefined;
}

type ParserDone = (error: Error | null, body?: unknown) => void;

/**
 * The services' `application/json` body parser (the body arrives whole, within the body limit):
 * - a charset other than UTF-8 is refused with 415 instead of being parsed as if it were UTF-8;
 * - an empty body is no body, whatever its framing (Content-Length: 0 or an empty chunked body), so the route's
 *   own validation answers it, as for a request that sent none;
 * - anything else goes to Fastify's own JSON parser (prototype poisoning refused), whose errors the shared
 *   filter answers 400 `{message}`.
 */
export function jsonBodyParser(fastify: FastifyInstance): (request: FastifyRequest, body: Buffer, done: ParserDone) => void {
  const { onProtoPoisoning, onConstructorPoisoning } = fastify.initialConfig;
  const parseJson = fastify.getDefaultJsonParser(onProtoPoisoning ?? 'error', onConstructorPoisoning ?? 'error');
  return (request, body, done) => {
    const charset = charsetOf(request.headers['content-type']);
    if (charset !== undefined && !READABLE_CHARSETS.has(charset)) return done(new UnsupportedCharsetError());
    if (body.length === 0) return done(null, undefined);
    parseJson(request, body.toString('utf8'), done);
  };
}
