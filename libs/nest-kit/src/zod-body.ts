import { Body, Param, type PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { fieldErrors } from '@payday/contracts';
import { ValidationFailedError } from './errors.js';

/** Validates a value with a shared contracts schema; failures become 400 `{message, errors}`. */
export class ZodValidationPipe<T extends z.ZodType> implements PipeTransform<unknown, z.infer<T>> {
  constructor(private readonly schema: T) {}

  transform(value: unknown): z.infer<T> {
    const result = this.schema.safeParse(value ?? {});
    if (!result.success) throw new ValidationFailedError(fieldErrors(result.error));
    return result.data;
  }
}

/** `@ZodBody(Schema) body: Type`: the request body parsed by a contracts schema. */
export const ZodBody = (schema: z.ZodType) => Body(new ZodValidationPipe(schema));

/** `@ZodParam('id', Schema)`: a path parameter parsed by a schema (e.g. a UUID). */
export const ZodParam = (name: string, schema: z.ZodType) => Param(name, new ZodValidationPipe(schema));
