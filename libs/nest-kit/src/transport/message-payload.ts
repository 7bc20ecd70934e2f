import { Logger } from '@nestjs/common';
import { fieldErrors, transportInvalid, type TransportFailure } from '@paycadence/contracts';
import type { z } from 'zod';

/**
 * The body of a `@MessagePattern` handler, run only on a payload its schema accepts. A malformed message
 * touches nothing and is answered with the one refusal shape every client already parses (contracts'
 * `transportInvalid`: code VALIDATION, the bad fields, the first of them as the message).
 *
 * A reply contract without a refusal (a plain list, say) passes `otherwise`, its answer to a malformed one.
 */
export function withValidPayload<T extends z.ZodType, R>(
  schema: T,
  payload: unknown,
  handle: (message: z.output<T>) => R | Promise<R>,
): Promise<R | TransportFailure>;
export function withValidPayload<T extends z.ZodType, R, O>(
  schema: T,
  payload: unknown,
  handle: (message: z.output<T>) => R | Promise<R>,
  otherwise: (refusal: TransportFailure) => O,
): Promise<R | O>;
export async function withValidPayload<T extends z.ZodType, R, O>(
  schema: T,
  payload: unknown,
  handle: (message: z.output<T>) => R | Promise<R>,
  otherwise?: (refusal: TransportFailure) => O,
): Promise<R | O | TransportFailure> {
  const parsed = schema.safeParse(payload);
  if (parsed.success) return handle(parsed.data);
  const refusal = transportInvalid(parsed.error);
  return otherwise ? otherwise(refusal) : refusal;
}

const eventLogger = new Logger('TransportEvents');

/**
 * The body of an `@EventPattern` handler, run only on a payload its schema accepts. Nobody waits for an
 * answer to an event, so a malformed one is dropped with a warning naming the pattern and the bad fields
 * (never their values, which may be personal).
 */
export async function withValidEvent<T extends z.ZodType>(
  pattern: string,
  schema: T,
  payload: unknown,
  handle: (event: z.output<T>) => unknown,
): Promise<void> {
  const parsed = schema.safeParse(payload);
  if (!parsed.success) {
    const fields = Object.keys(fieldErrors(parsed.error)).join(', ');
    eventLogger.warn(`${pattern}: malformed event dropped (${fields})`);
    return;
  }
  await handle(parsed.data);
}
