import { transportInvalid, type TransportFailure } from '@payday/contracts';
import type { z } from 'zod';

/**
 * The body of a `@MessagePattern` handler, run only on a payload its schema accepts. A malformed message
 * touches nothing and is answered with the one refusal shape every client already parses (contracts'
 * `transportInvalid`: code VALIDATION, the bad fields, the first of them as the message).
 */
export async function withValidPayload<T extends z.ZodType, R>(
  schema: T,
  payload: unknown,
  handle: (message: z.output<T>) => R | Promise<R>,
): Promise<R | TransportFailure> {
  const parsed = schema.safeParse(payload);
  if (!parsed.success) return transportInvalid(parsed.error);
  return handle(parsed.data);
}
