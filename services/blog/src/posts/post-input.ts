import type { PipeTransform } from '@nestjs/common';
import { BlogPostInputSchema, fieldErrors, type BlogPostFields } from '@paycadence/contracts';
import { ValidationFailedError } from '@paycadence/nest-kit';

/**
 * The editor shows a failed save as 'Failed to save post: {reason}' with the answer's `message` as the reason:
 * when the content is wrong, that is the first content error ('Invalid block type "x" at index 2'), since a
 * field error elsewhere is already visible next to its field.
 */
export function postValidationError(errors: Record<string, string>): ValidationFailedError {
  const contentKey = Object.keys(errors).find((key) => key === 'content' || key.startsWith('content.'));
  return new ValidationFailedError(errors, contentKey ? errors[contentKey] : undefined);
}

/** `@Body(PostInputPipe)`: a whole post (BlogPostInputSchema), refused with 400 `{message, errors}`. */
export class PostInputPipe implements PipeTransform<unknown, BlogPostFields> {
  transform(value: unknown): BlogPostFields {
    const result = BlogPostInputSchema.safeParse(value ?? {});
    if (!result.success) throw postValidationError(fieldErrors(result.error));
    return result.data;
  }
}
