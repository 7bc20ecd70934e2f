import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { Inject, Injectable } from '@nestjs/common';
import { InjectServiceConfig } from '@paycadence/nest-kit';
import webpush from 'web-push';
import type { FinanceConfig } from '../config.js';
import { endpointRefusal, guardedLookup, type EndpointPolicy } from './push-endpoint-policy.js';
import { VAPID_KEYS, type VapidKeys } from './vapid-keys.js';

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushOptions {
  /** Seconds the push service keeps the message for a device that is offline; then it is dropped, never late. */
  ttlSeconds: number;
  urgency: 'normal' | 'high';
  /** At most 32 base64url characters: a message waiting with the same topic is replaced by this one. */
  topic: string;
}

/**
 * 'sent': the push service took the message. 'gone': it answered 404 or 410, the subscription will never work
 * again. 'refused': it refused this message (400, 403, 413...): sending it again would be refused again.
 */
export type PushOutcome = { kind: 'sent' } | { kind: 'gone' } | { kind: 'refused'; status: number };

/**
 * The push service is unavailable (429, 5xx, no answer, a refused address): worth another try later. The message
 * names the status only, never the endpoint (a secret) or the service's answer.
 */
export class PushSendError extends Error {
  constructor(readonly statusCode: number | null, detail?: string) {
    super(statusCode === null ? `The push service did not answer (${detail ?? 'no response'})` : `The push service answered ${statusCode}`);
    this.name = 'PushSendError';
  }
}

/** Push services answer with a short body; more than this is not read. */
const MAX_ANSWER_BYTES = 16 * 1024;

/**
 * The adapter around the `web-push` library (docs/conventions.md §6). The library encrypts the payload to the
 * device (aes128gcm, RFC 8291) and signs the request with our VAPID keys (RFC 8292); the request itself is sent
 * here, through guardedLookup, so it only ever reaches a public address (push-endpoint-policy.ts), and with http
 * to 127.0.0.1 when PUSH_ALLOW_LOCAL_ENDPOINTS allows the local test push service.
 */
@Injectable()
export class PushGateway {
  private readonly policy: EndpointPolicy;

  constructor(
    @Inject(VAPID_KEYS) private readonly keys: VapidKeys,
    @InjectServiceConfig() private readonly config: FinanceConfig,
  ) {
    this.policy = { allowLocal: config.PUSH_ALLOW_LOCAL_ENDPOINTS };
  }

  async send(target: PushTarget, payload: string, options: PushOptions): Promise<PushOutcome> {
    const refusal = endpointRefusal(target.endpoint, this.policy);
    // A stored endpoint the rules now refuse (they were tightened): it can never be used, like a 410.
    if (refusal !== null) return { kind: 'gone' };
    const details = webpush.generateRequestDetails({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, payload, {
      vapidDetails: this.keys,
      TTL: options.ttlSeconds,
      urgency: options.urgency,
      topic: options.topic,
      contentEncoding: 'aes128gcm',
    });
    const status = await this.post(target.endpoint, details.headers as Record<string, string | number>, details.body ?? Buffer.alloc(0));
    if (status >= 200 && status < 300) return { kind: 'sent' };
    if (status === 404 || status === 410) return { kind: 'gone' };
    if (status === 408 || status === 429 || status >= 500) throw new PushSendError(status);
    return { kind: 'refused', status };
  }

  /** The status of one POST to `endpoint`; the body is read (so the socket is freed) and dropped. */
  private post(endpoint: string, headers: Record<string, string | number>, body: Buffer): Promise<number> {
    const url = new URL(endpoint);
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise<number>((resolve, reject) => {
      const outgoing = send(
        url,
        { method: 'POST', headers, lookup: guardedLookup(this.policy) as never, timeout: this.config.PUSH_TIMEOUT_MS, agent: false },
        (answer: IncomingMessage) => {
          let read = 0;
          answer.on('data', (chunk: Buffer) => {
            read += chunk.length;
            if (read > MAX_ANSWER_BYTES) answer.destroy();
          });
          answer.on('close', () => resolve(answer.statusCode ?? 0));
          answer.on('error', () => resolve(answer.statusCode ?? 0));
        },
      );
      outgoing.on('timeout', () => outgoing.destroy(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })));
      // The library's and Node's errors name the URL: only their code goes on.
      outgoing.on('error', (error: NodeJS.ErrnoException) => reject(new PushSendError(null, error.code ?? 'network error')));
      outgoing.end(body);
    });
  }
}
