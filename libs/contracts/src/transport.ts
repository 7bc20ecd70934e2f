import { z } from 'zod';
import { fieldErrors } from './errors.js';

// ---------------------------------------------------------------------------------------------------------
// The Redis transport's one refusal shape. Every request/reply pattern answers `{ok: true, ...}` or a
// TransportFailure; a malformed message gets `transportInvalid` (nest-kit's withValidPayload answers it).
// ---------------------------------------------------------------------------------------------------------

export const TransportFailureSchema = z.object({
  ok: z.literal(false),
  code: z.enum(['EMAIL_TAKEN', 'NOT_FOUND', 'ADMIN_TARGET', 'SELF_TARGET', 'UNCHANGED', 'VALIDATION']),
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type TransportFailure = z.infer<typeof TransportFailureSchema>;

/** A refused transport message: its field errors, the first one as the message (a screen shows one line). */
export function transportInvalid(error: z.ZodError): TransportFailure {
  const errors = fieldErrors(error);
  return { ok: false, code: 'VALIDATION', message: Object.values(errors)[0] ?? 'Invalid message', errors };
}

/** A reply schema: `{ok: true, ...shape}` or a TransportFailure. */
export const transportReply = <Shape extends z.ZodRawShape>(shape: Shape) =>
  z.discriminatedUnion('ok', [z.object({ ok: z.literal(true), ...shape }), TransportFailureSchema]);
