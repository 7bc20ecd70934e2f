import { z } from 'zod';

/** Every error body is `{message}`; form validation adds `errors: {field: message}` (docs/security.md). */
export const ErrorResponseSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

/** Turns a zod error into the `{field: message}` map of an error response (first message per field). */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const unknown of issue.keys) out[[...issue.path, unknown].join('.')] ??= `Unknown field "${unknown}"`;
      continue;
    }
    const key = issue.path.length ? issue.path.join('.') : '_';
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}
