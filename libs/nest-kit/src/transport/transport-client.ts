import { Logger, type OnModuleDestroy } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import { firstValueFrom, timeout, TimeoutError } from 'rxjs';
import type { z } from 'zod';
import { createRedisClient } from './redis-transport.js';

/** Why a question over the transport got no usable answer. */
export type TransportFailureReason = 'timeout' | 'unreachable' | 'refused' | 'bad-shape';

/**
 * A question over the Redis transport that got no usable answer. Each caller turns it into its own domain error
 * (a 503 of its own code); the pattern and reason are for the log, never for the client.
 */
export class TransportError extends Error {
  constructor(
    readonly pattern: string,
    readonly reason: TransportFailureReason,
    readonly detail: string,
  ) {
    super(`${pattern} failed (${reason}): ${detail}`);
    this.name = 'TransportError';
  }
}

/** RPC failures from the other side arrive as plain `{status, message}` objects, not Errors. */
const describe = (error: unknown) =>
  typeof error === 'object' && error !== null && 'message' in error ? String((error as { message: unknown }).message) : String(error);

function classify(error: unknown): TransportFailureReason {
  if (error instanceof TimeoutError) return 'timeout';
  // An Error is ours (the connection); a plain object is the handler on the other side throwing.
  if (error instanceof Error) return 'unreachable';
  return 'refused';
}

export interface AskOptions {
  /** How long to wait on the service being asked. */
  timeoutMs: number;
}

/**
 * One typed client over the Redis transport. Connected on first use, so a service starts (and serves what
 * needs no answer from others) while Redis or the service it asks is down; closed on module destroy.
 * `ask` waits at most `timeoutMs`, parses the reply with the given schema and otherwise throws a
 * TransportError; `emit` announces an event and waits on no one.
 */
export class TransportClient implements OnModuleDestroy {
  private readonly logger = new Logger(TransportClient.name);
  private client: ClientProxy | null = null;

  constructor(private readonly redisUrl: string) {}

  async ask<T extends z.ZodType>(pattern: string, payload: unknown, replySchema: T, { timeoutMs }: AskOptions): Promise<z.output<T>> {
    this.client ??= createRedisClient(this.redisUrl);
    let reply: unknown;
    try {
      reply = await firstValueFrom(this.client.send(pattern, payload).pipe(timeout(timeoutMs)));
    } catch (error) {
      const failure = new TransportError(pattern, classify(error), describe(error));
      this.logger.warn(failure.message);
      throw failure;
    }
    const parsed = replySchema.safeParse(reply);
    if (!parsed.success) {
      const failure = new TransportError(pattern, 'bad-shape', 'the reply breaks the contract');
      this.logger.warn(failure.message);
      throw failure;
    }
    return parsed.data;
  }

  /**
   * Announces an event, fire and forget. Nobody answers an event, so there is nothing to wait for and no
   * timeout: the caller need not await the promise, which settles once Redis took the event or sending failed
   * (logged here, never thrown). An event can be lost (Redis or the listener down), so a listener must stay
   * correct without it.
   */
  emit(pattern: string, payload: unknown): Promise<void> {
    this.client ??= createRedisClient(this.redisUrl);
    const events = this.client.emit(pattern, payload);
    return new Promise((settled) => {
      events.subscribe({
        complete: () => settled(),
        error: (error: unknown) => {
          this.logger.warn(new TransportError(pattern, classify(error), describe(error)).message);
          settled();
        },
      });
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.client?.close();
    this.client = null;
  }
}
