import { Body, Param, type ArgumentMetadata, type PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { UNSAFE_TEXT_MESSAGE, fieldErrors, findUnsafeText } from '@payday/contracts';
import { ValidationFailedError } from './errors.js';

/**
 * Validates a value with a shared contracts schema; failures become 400 `{message, errors}`. Before the schema,
 * the whole value (every string and key, however deep) is checked for text PostgreSQL cannot store (NUL, lone
 * surrogates: issue 12 finding 7), so a free-form part of a body or an unknown field can never reach a query.
 */
export class ZodValidationPipe<T extends z.ZodType> implements PipeTransform<unknown, z.infer<T>> {
  constructor(private readonly schema: T) {}

  transform(value: unknown, metadata?: ArgumentMetadata): z.infer<T> {
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
