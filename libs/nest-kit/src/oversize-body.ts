import type { FastifyInstance } from 'fastify';

/**
 * How much of a declared body over the limit a service reads and drops after its 413, as nginx's lingering
 * close does. Larger declared bodies still get the 413 on a connection that then closes.
 */
export const OVERSIZE_DRAIN_BYTES = 1024 * 1024;

/** True when the request declared a Content-Length of at most `bytes`. */
export function declaresAtMost(contentLength: string | string[] | undefined, bytes: number): boolean {
  if (typeof contentLength !== 'string' || !/^\d{1,16}$/.test(contentLength)) return false;
  return Number(contentLength) <= bytes;
}

/**
 * Fastify answers a body declared over the limit with 413 before reading it, then closes the connection while
 * the client is still sending: the client gets a broken pipe instead of the answer (the reliability fuzz saw
 * EPIPE). For a declared body up to OVERSIZE_DRAIN_BYTES the connection is kept and the rest of the body is
 * read and dropped after the answer, so the client reads its 413 and can send its next request. A body already
 * destroyed (bank-sync's webhook capture stops that way) keeps Fastify's close.
 */
export function keepConnectionAfterOversizeBody(fastify: FastifyInstance): void {
  fastify.addHook('onSend', (request, reply, payload, done) => {
    const body = request.raw;
    if (reply.statusCode === 413 && !body.destroyed && declaresAtMost(request.headers['content-length'], OVERSIZE_DRAIN_BYTES)) {
      reply.removeHeader('connection');
      // Node reads out a body nobody touched, but not one whose reading had begun (a preParsing hook, a parser
      // stopped at its limit): resume it here, or the next request on this connection waits behind it for ever
      // (the fuzz saw bank-sync requests hang until this was added).
      body.resume();
    }
    done(null, payload);
  });
}

/**
 * Fastify answers every body its parser refuses (invalid JSON, a charset we do not read) with `Connection:
 * close`, in case the client is still sending. When the request has already been read to its end, nothing of it
 * can follow: the connection is in step, so it is kept and the client's next request on it is answered (a client
 * on keep-alive, or the gateway's pool, otherwise finds its connection closed under it). A body cut short keeps
 * the close, and so does a shutting-down server's own `Connection: close`, set on the raw response. A request
 * stream destroyed after its end (bank-sync's webhook capture reads it with `for await`) leaves the socket open,
 * so only `complete` counts.
 */
export function keepConnectionAfterRefusedBody(fastify: FastifyInstance): void {
  fastify.addHook('onSend', (request, reply, payload, done) => {
    if (
      reply.statusCode >= 400 &&
      reply.statusCode < 500 &&
      reply.getHeader('connection') === 'close' &&
      !reply.raw.hasHeader('connection') &&
      request.raw.complete
    ) {
      reply.removeHeader('connection');
    }
    done(null, payload);
  });
}
