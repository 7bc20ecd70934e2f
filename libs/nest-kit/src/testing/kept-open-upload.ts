// A raw upload that never finishes sending: proves a service answered (a refusal) without reading the body.
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';

export interface EarlyAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: unknown;
  /** Whether the upload's body was still unfinished (only its first chunk sent) when the answer came. */
  answeredWhileSending: boolean;
  /** Whether the service closed the connection after answering. */
  closed: Promise<void>;
}

export interface KeptOpenUpload {
  path: string;
  contentType: string;
  /** What the body starts with (the rest of the first chunk is zeros). */
  firstChunk: Buffer;
  token: string | null;
  declaredLength?: number;
  giveUpMs?: number;
}

/**
 * Starts an upload of `declaredLength` bytes, sends only its first chunk and keeps the body open: the answer
 * can only come before the body ends if the service decided without reading it. Gives up (rejects) after
 * `giveUpMs` without an answer. The request is destroyed afterwards.
 */
export function uploadThatKeepsSending(
  baseUrl: string,
  { path, contentType, firstChunk, token, declaredLength = 5 * 1024 * 1024, giveUpMs = 5_000 }: KeptOpenUpload,
): Promise<EarlyAnswer> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    let bodyEnded = false;
    const request = httpRequest({
      hostname,
      port,
      method: 'POST',
      path,
      headers: { 'content-type': contentType, 'content-length': declaredLength, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
    const giveUp = setTimeout(() => {
      request.destroy();
      reject(new Error(`no answer within ${giveUpMs} ms while the body was still being sent`));
    }, giveUpMs);
    const closed = new Promise<void>((closedResolve) => request.once('close', () => closedResolve()));
    request.on('error', () => undefined); // the service may close while we would still be sending
    request.on('finish', () => {
      bodyEnded = true;
    });
    request.on('response', (response) => {
      const answeredWhileSending = !bodyEnded;
      const parts: Buffer[] = [];
      response.on('data', (part: Buffer) => parts.push(part));
      response.on('end', () => {
        clearTimeout(giveUp);
        const text = Buffer.concat(parts).toString();
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text ? JSON.parse(text) : null, answeredWhileSending, closed });
        request.destroy();
      });
    });
    request.write(Buffer.concat([firstChunk, Buffer.alloc(64 * 1024)]));
  });
}
