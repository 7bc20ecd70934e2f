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
 * EPIPE). For a declared body up to OVERSIZE_DRAIN_BYTES the connection is kept: Node reads and drops the
 * rest of the body after the answer, so the client reads its 413 and can send its next request.
 */
export function keepConnectionAfterOversizeBody(fastify: FastifyInstance): void {
  fastify.addHook('onSend', (request, reply, payload, done) => {
    if (reply.statusCode === 413 && declaresAtMost(request.headers['content-length'], OVERSIZE_DRAIN_BYTES)) {
      reply.removeHeader('connection');
    }
    done(null, payload);
  });
}
