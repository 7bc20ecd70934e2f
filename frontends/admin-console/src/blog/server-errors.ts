import { ApiError } from '@paycadence/web-kit';
import type { DraftField } from './post-draft.js';

// A refused save: the server's `{message, errors}` spread over the editor, each message next to
// what it is about: a form field, the content as a whole, or one block (`content.blocks.N.field`).

const FORM_FIELDS: readonly DraftField[] = [
  'title',
  'slug',
  'excerpt',
  'category',
  'read_time',
  'publish_date',
  'author',
  'image_url',
  'image_alt',
  'featured',
  'published',
];

export interface SaveErrors {
  fields: Partial<Record<DraftField, string>>;
  /**
   * Messages about the content, in the server's order: 'Block 3: Heading level must be 1, 2, 3 or 4', or the
   * message alone when it names its block itself ('Invalid block type "video" at index 0').
   */
  content: string[];
  /** Block index → its messages. */
  blocks: Record<number, string[]>;
}

export const NO_SAVE_ERRORS: SaveErrors = { fields: {}, content: [], blocks: {} };

const BLOCK_KEY = /^content\.blocks\.(\d+)(?:\.|$)/;
/** The product's 'Invalid block type "{type}" at index {n}' (docs/product/accounts.md §5) already says which block it is about. */
const NAMES_ITS_BLOCK = /^content\.blocks\.\d+\.type$/;
/** The key of a 409 editConflict: the post changed since it was loaded (a save failure, not a field's error). */
const CONFLICT_KEY = 'updated_at';

/** Someone saved the post after this editor loaded it (409 editConflict): reloading it is the way on. */
export const isEditConflict = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 409 && CONFLICT_KEY in error.errors;

export function saveErrorsOf(error: unknown): SaveErrors {
  const result: SaveErrors = { fields: {}, content: [], blocks: {} };
  if (!(error instanceof ApiError)) return result;
  for (const [key, message] of Object.entries(error.errors)) {
    const block = BLOCK_KEY.exec(key);
    if (block) {
      const index = Number(block[1]);
      result.content.push(NAMES_ITS_BLOCK.test(key) ? message : `Block ${index + 1}: ${message}`);
      (result.blocks[index] ??= []).push(message);
    } else if (key === 'content' || key.startsWith('content.')) {
      result.content.push(message);
    } else if ((FORM_FIELDS as readonly string[]).includes(key)) {
      result.fields[key as DraftField] = message;
    }
  }
  // A slug already taken answers 409 (errors.slug, or only a message): it belongs at the slug. An edit conflict
  // (errors.updated_at) is only 'Failed to save post: {message}'.
  if (error.status === 409 && !result.fields.slug && !(CONFLICT_KEY in error.errors))
    result.fields.slug = error.message;
  return result;
}

/** The reason in 'Failed to save post: {reason}': the server's message, else what went wrong on the way. */
export function saveFailureReason(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Unknown error';
}
