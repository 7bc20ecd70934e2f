import { Body, Param, type ArgumentMetadata, type PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { UNSAFE_TEXT_MESSAGE, fieldErrors, findUnsafeText } from '@paycadence/contracts';
import { ValidationFailedError } from './errors.js';

/** Deepest nesting a body may have: real payloads stay under 8 levels (a blog post's list item is at 6). */
export const MAX_BODY_DEPTH = 32;
export const TOO_DEEP_MESSAGE = `Nested too deeply (at most ${MAX_BODY_DEPTH} levels)`;

/**
 * The path of the first value nested more than `limit` levels into `value`, or null. Iterative and stops at
 * the limit, so a body of 50,000 nested arrays costs 32 steps, and no later code (String() of an array, a
 * recursive schema) ever sees such a value and overflows the stack.
 */
export function pathDeeperThan(value: unknown, limit: number): string | null {
  const pending: Array<{ value: unknown; path: string; depth: number }> = [{ value, path: '', depth: 0 }];
  while (pending.length > 0) {
    const { value: current, path, depth } = pending.pop()!;
    if (typeof current !== 'object' || current === null) continue;
    if (depth >= limit) return path || '_';
    for (const [key, child] of Object.entries(current)) pending.push({ value: child, path: path ? `${path}.${key}` : key, depth: depth + 1 });
  }
  return null;
}

/**
 * Validates a value with a shared contracts schema; failures become 400 `{message, errors}`. Before the schema,
 * a value nested deeper than MAX_BODY_DEPTH is refused, and the whole value (every string and key) is checked
 * for text PostgreSQL cannot store (NUL, lone surrogates), so a free-form part of a body or
 * an unknown field can never reach a query.
 */
export class ZodValidationPipe<T extends z.ZodType> implements PipeTransform<unknown, z.infer<T>> {
  constructor(private readonly schema: T) {}

  transform(value: unknown, metadata?: ArgumentMetadata): z.infer<T> {
    const tooDeepAt = pathDeeperThan(value, MAX_BODY_DEPTH);
    if (tooDeepAt !== null) throw new ValidationFailedError({ [tooDeepAt]: TOO_DEEP_MESSAGE });
    const unsafeAt = findUnsafeText(value);
    if (unsafeAt !== null) {
      // A path parameter or a bare value is named by its parameter (`id`), a body's field by its path.
      const field = unsafeAt === '_' && metadata?.data ? metadata.data : unsafeAt;
      throw new ValidationFailedError({ [field]: UNSAFE_TEXT_MESSAGE });
    }
    const result = this.schema.safeParse(value ?? {});
    if (!result.success) throw new ValidationFailedError(fieldErrors(result.error));
    return result.data;
  }
}

/** `@ZodBody(Schema) body: Type`: the request body parsed by a contracts schema. */
export const ZodBody = (schema: z.ZodType) => Body(new ZodValidationPipe(schema));

/** `@ZodParam('id', Schema)`: a path parameter parsed by a schema (e.g. a UUID). */
export const ZodParam = (name: string, schema: z.ZodType) => Param(name, new ZodValidationPipe(schema));
