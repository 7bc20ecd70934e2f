import 'reflect-metadata';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { Controller, Get, HttpCode, Module, Param, Post, Put, Query } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BAD_URL_MESSAGE, configureServiceHttp, LONG_PATH_SEGMENT_MESSAGE, serviceHttpAdapter } from './bootstrap.js';
import { charsetOf, UNSUPPORTED_CHARSET_MESSAGE } from './json-body.js';
import { JsonLogger } from './json-logger.js';
import { ZodBody } from './zod-body.js';

const ThingSchema = z.object({ name: z.string({ error: 'Name is required' }).min(1, 'Name is required') });

@Controller('api/things')
class ThingsController {
  @Get()
  list(@Query() query: Record<string, unknown>) {
    return { query };
  }

  @Post()
  create(@ZodBody(ThingSchema) body: z.infer<typeof ThingSchema>) {
    return { created: body.name };
  }

  @Put(':id')
  update(@Param('id') id: string, @ZodBody(ThingSchema) body: z.infer<typeof ThingSchema>, @Query() query: Record<string, unknown>) {
    return { id, name: body.name, query };
  }

  /** A route whose raw bytes a preParsing hook keeps first (as a signed webhook's are). */
  @Post('hook')
  @HttpCode(200)
  hook(@ZodBody(ThingSchema) body: z.infer<typeof ThingSchema>) {
    return { received: body.name };
  }

  /** A step that takes no body (clients still send a JSON content type). */
  @Post('sync')
  @HttpCode(202)
  sync() {
    return { started: true };
  }
}

@Module({ controllers: [ThingsController] })
class ThingsModule {}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: unknown;
  /** Whether the request went out on a connection an earlier request had used. */
  reusedSocket: boolean;
}

let app: NestFastifyApplication;
let port: number;

/** Builds the app as every service does (`serviceHttpAdapter` + `configureServiceHttp`), over one small module. */
beforeAll(async () => {
  const logger = new JsonLogger('malformed-request-spec', 'error');
  app = await NestFactory.create<NestFastifyApplication>(ThingsModule, serviceHttpAdapter(), { logger, bufferLogs: false });
  configureServiceHttp(app, logger);
  // Reads the body to its end with `for await`, which destroys the request stream once it has ended, and hands
  // the same bytes on to the JSON parser.
  app.getHttpAdapter().getInstance().addHook('preParsing', async (request, _reply, payload) => {
    if (!request.url.startsWith('/api/things/hook')) return payload;
    const chunks: Buffer[] = [];
    for await (const chunk of payload) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
    const raw = Buffer.concat(chunks);
    const replay = Readable.from([raw]) as Readable & { receivedEncodedLength?: number };
    replay.receivedEncodedLength = raw.length;
    return replay;
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.getHttpServer().address() as AddressInfo).port;
});

afterAll(async () => {
  await app?.close();
});

interface Request {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
  /** Sends the body chunked, with no Content-Length. */
  chunked?: boolean;
}

function exchange(agent: http.Agent, { method, path, headers = {}, body, chunked }: Request): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const bytes = body === undefined ? undefined : Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8');
    // Node frames an empty body with Content-Length: 0 unless told to chunk it.
    const framing = chunked ? { 'transfer-encoding': 'chunked' } : bytes ? { 'content-length': String(bytes.length) } : {};
    const request = http.request({ host: '127.0.0.1', port, method, path, agent, headers: { ...headers, ...framing } });
    request.setTimeout(5_000, () => request.destroy(new Error(`no answer to ${method} ${path}`)));
    request.on('error', reject);
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let parsed: unknown = text;
        try {
          parsed = JSON.parse(text);
        } catch {
          // left as text
        }
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: parsed, reusedSocket: request.reusedSocket });
      });
    });
    if (chunked && bytes && bytes.length > 0) request.write(bytes);
    request.end(chunked ? undefined : bytes);
  });
}

/**
 * `request` on a fresh keep-alive connection, then a plain GET on the same agent (one socket at most): when the
 * first answer closed the connection, the agent has to open a new one and `second.reusedSocket` is false.
 */
async function withFollowUp(request: Request): Promise<{ first: Answer; second: Answer }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const first = await exchange(agent, request);
    await new Promise((resolve) => setImmediate(resolve));
    const second = await exchange(agent, { method: 'GET', path: '/api/things?after=1' });
    return { first, second };
  } finally {
    agent.destroy();
  }
}

function expectConnectionKept({ first, second }: { first: Answer; second: Answer }) {
  expect(first.headers.connection).not.toBe('close');
  expect(second.status).toBe(200);
  expect(second.body).toEqual({ query: { after: '1' } });
  expect(second.reusedSocket).toBe(true);
}

const json = { 'content-type': 'application/json' };

describe('a query string with a broken percent escape', () => {
  it.each(['%', 'a=%ZZ', '%=%', 'a=%E0%A4%A'])('answers GET ?%s below 500, reading the escape as plain text, on a connection that stays open', async (query) => {
    const exchanged = await withFollowUp({ method: 'GET', path: `/api/things?${query}` });
    expect(exchanged.first.status).toBe(200);
    expectConnectionKept(exchanged);
  });

  it('keeps the undecodable text as it came', async () => {
    const { first } = await withFollowUp({ method: 'GET', path: '/api/things?a=%ZZ' });
    expect(first.body).toEqual({ query: { a: '%ZZ' } });
  });

  it('answers a PUT with a body and ?a=%ZZ as the route would without the query', async () => {
    const exchanged = await withFollowUp({ method: 'PUT', path: '/api/things/7?a=%ZZ', headers: json, body: '{"name":"Rent"}' });
    expect(exchanged.first.status).toBe(200);
    expect(exchanged.first.body).toEqual({ id: '7', name: 'Rent', query: { a: '%ZZ' } });
    expectConnectionKept(exchanged);
  });
});

describe('a path with a broken percent escape', () => {
  it.each(['/api/things/%', '/api/things/%ZZ', '/api/things/7%E0%A4%A'])('answers %s with 400 {message}, never Fastify\'s own shape', async (path) => {
    const exchanged = await withFollowUp({ method: 'PUT', path, headers: json, body: '{"name":"Rent"}' });
    expect(exchanged.first.status).toBe(400);
    expect(exchanged.first.body).toEqual({ message: BAD_URL_MESSAGE });
  });
  it('answers a path segment over the router limit with 414 {message}, on a connection that stays open', async () => {
    const exchanged = await withFollowUp({ method: 'PUT', path: `/api/things/${'a'.repeat(5000)}`, headers: json, body: '{"name":"Rent"}' });
    expect(exchanged.first.status).toBe(414);
    expect(exchanged.first.body).toEqual({ message: LONG_PATH_SEGMENT_MESSAGE });
    expectConnectionKept(exchanged);
  });
});

describe('an empty body declared as JSON', () => {
  it.each([
    ['Content-Length: 0', false],
    ['chunked', true],
  ] as const)("is no body (%s): the route's validation answers 400 {message, errors}, and the connection stays open", async (_framing, chunked) => {
    const exchanged = await withFollowUp({ method: 'POST', path: '/api/things', headers: json, body: '', chunked });
    expect(exchanged.first.status).toBe(400);
    expect(exchanged.first.headers['content-type']).toMatch(/^application\/json/);
    expect(exchanged.first.body).toEqual({ message: 'Name is required', errors: { name: 'Name is required' } });
    expectConnectionKept(exchanged);
  });

  it.each([false, true])('is fine for a step that takes no body (chunked: %s)', async (chunked) => {
    const exchanged = await withFollowUp({ method: 'POST', path: '/api/things/sync', headers: json, body: '', chunked });
    expect(exchanged.first.status).toBe(202);
    expectConnectionKept(exchanged);
  });
});

describe('a JSON body in a charset other than UTF-8', () => {
  const utf16 = Buffer.from('\ufeff{"name":"Rent"}', 'utf16le');

  it.each(['utf-16', 'UTF-16LE', 'latin1', '"utf-16"'])('is refused with 415 {message} (charset=%s), and the connection stays open', async (charset) => {
    const exchanged = await withFollowUp({ method: 'POST', path: '/api/things', headers: { 'content-type': `application/json; charset=${charset}` }, body: utf16 });
    expect(exchanged.first.status).toBe(415);
    expect(exchanged.first.headers['content-type']).toMatch(/^application\/json/);
    expect(exchanged.first.body).toEqual({ message: UNSUPPORTED_CHARSET_MESSAGE });
    expectConnectionKept(exchanged);
  });

  it('is refused on a PUT too, chunked or not', async () => {
    for (const chunked of [false, true]) {
      const exchanged = await withFollowUp({ method: 'PUT', path: '/api/things/7', headers: { 'content-type': 'application/json; charset=utf-16' }, body: utf16, chunked });
      expect(exchanged.first.status).toBe(415);
      expectConnectionKept(exchanged);
    }
  });

  it.each(['utf-8', 'UTF-8', '"utf-8"', 'utf8', 'us-ascii'])('reads charset=%s as usual', async (charset) => {
    const exchanged = await withFollowUp({ method: 'POST', path: '/api/things', headers: { 'content-type': `application/json; charset=${charset}` }, body: '{"name":"Rent"}' });
    expect(exchanged.first.status).toBe(201);
    expect(exchanged.first.body).toEqual({ created: 'Rent' });
    expectConnectionKept(exchanged);
  });
});

describe('a JSON body that does not parse', () => {
  it.each([
    ['truncated', '{"name":', false],
    ['whitespace only', '   ', false],
    ['truncated, chunked', '{"name":', true],
  ] as const)('is answered 400 {message} (%s), and the connection stays open', async (_label, body, chunked) => {
    const exchanged = await withFollowUp({ method: 'POST', path: '/api/things', headers: json, body, chunked });
    expect(exchanged.first.status).toBe(400);
    expect(exchanged.first.body).toEqual({ message: 'Request body must be valid JSON' });
    expectConnectionKept(exchanged);
  });

  it('still refuses a prototype key', async () => {
    const { first } = await withFollowUp({ method: 'POST', path: '/api/things', headers: json, body: '{"name":"x","__proto__":{"admin":true}}' });
    expect(first.status).toBe(400);
  });
});

describe('a refused body on a route that reads its raw bytes first', () => {
  it.each([
    ['UTF-16 JSON', { 'content-type': 'application/json; charset=utf-16' }, Buffer.from('\ufeff{"name":"Rent"}', 'utf16le'), 415],
    ['invalid JSON', json, Buffer.from('{"name":'), 400],
  ] as const)('answers %s on a connection that stays open', async (_label, headers, body, status) => {
    const exchanged = await withFollowUp({ method: 'POST', path: '/api/things/hook', headers, body });
    expect(exchanged.first.status).toBe(status);
    expectConnectionKept(exchanged);
  });

  it('still takes a good body', async () => {
    const { first } = await withFollowUp({ method: 'POST', path: '/api/things/hook', headers: json, body: '{"name":"Rent"}' });
    expect(first).toMatchObject({ status: 200, body: { received: 'Rent' } });
  });
});

describe('charsetOf', () => {
  it('reads the charset parameter, lower-cased and unquoted', () => {
    expect(charsetOf('application/json; charset=UTF-16')).toBe('utf-16');
    expect(charsetOf('application/json;charset="utf-8"')).toBe('utf-8');
    expect(charsetOf('application/json; foo=bar; Charset = latin1')).toBe('latin1');
  });

  it('is undefined without one', () => {
    expect(charsetOf('application/json')).toBeUndefined();
    expect(charsetOf(undefined)).toBeUndefined();
    expect(charsetOf('application/json; charsets=utf-16')).toBeUndefined();
  });
});
