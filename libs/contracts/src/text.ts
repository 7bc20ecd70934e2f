// Text that users send and services store (findings 1 and 7).
//
// - PostgreSQL refuses U+0000 in text and jsonb, and a lone UTF-16 surrogate cannot be encoded as UTF-8: such a
//   value must be a clear 400 at the edge, never a 500 from the database. `safeString` is the building block
//   every stored string field starts from; `findUnsafeText` checks a whole parsed body (keys too) for the
//   services' validation pipe, so free-form parts (blog blocks, unknown fields) are covered as well.
// - Every check here is plain code or a pattern without ambiguous adjacent quantifiers, and a pattern or
//   refinement after a length check runs only on text within that length (`withinLength`, or `abort: true` where
//   no cross-field check must still run: an explicit abort also stops the object's own refinements, so a form
//   would lose its 'Passwords do not match' next to a missing name).
import { z } from 'zod';

/** The answer for a field holding NUL, a lone surrogate or another character that cannot be stored. */
export const UNSAFE_TEXT_MESSAGE = 'Contains characters that are not allowed';

/**
 * True when `value` holds U+0000 or a UTF-16 surrogate without its partner (what JSON's `\ud800` escape makes).
 * One pass, no pattern.
 */
export function hasUnsafeCharacters(value: string): boolean {
  for (let index = 0; index < value.length; index += 1) {
    const unit = value.charCodeAt(index);
    if (unit === 0) return true;
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = index + 1 < value.length ? value.charCodeAt(index + 1) : 0;
      if (next >= 0xdc00 && next <= 0xdfff) {
        index += 1; // a well-formed pair
        continue;
      }
      return true;
    }
    if (unit >= 0xdc00 && unit <= 0xdfff) return true;
  }
  return false;
}

/**
 * The first place in a parsed JSON value (or a query / params object) where a string or an object key holds
 * unsafe characters, as a dotted path (`'name'`, `'content.blocks.3.text'`; `'_'` for the value itself), or
 * null when there is none. Iterative, so a deeply nested body cannot overflow the stack.
 */
export function findUnsafeText(value: unknown): string | null {
  const pending: Array<{ value: unknown; path: string }> = [{ value, path: '' }];
  const seen = new Set<object>();
  while (pending.length > 0) {
    const { value: current, path } = pending.pop()!;
    if (typeof current === 'string') {
      if (hasUnsafeCharacters(current)) return path || '_';
      continue;
    }
    if (typeof current !== 'object' || current === null || seen.has(current)) continue;
    seen.add(current);
    for (const [key, child] of Object.entries(current)) {
      const childPath = path ? `${path}.${key}` : key;
      if (hasUnsafeCharacters(key)) return path || '_';
      pending.push({ value: child, path: childPath });
    }
  }
  return null;
}

type StringParams = Parameters<typeof z.string>[0];

/**
 * `z.string(params)` that refuses unsafe characters with UNSAFE_TEXT_MESSAGE (the field's first message): chain
 * the field's own rules after it (`safeString({error}).trim().min(1, ...).max(100, ...)`).
 */
export function safeString(params?: StringParams) {
  return z.string(params).refine((value) => !hasUnsafeCharacters(value), UNSAFE_TEXT_MESSAGE);
}

/**
 * A required text field: trimmed, at least one character, at most `max` (nothing but lengths: no pattern).
 */
export function boundedText({ required, tooLong, max, type }: { required: string; tooLong: string; max: number; type?: string }) {
  return safeString({ error: (issue) => (issue.input === undefined || issue.input === null ? required : (type ?? required)) })
    .trim()
    .min(1, required)
    .max(max, tooLong);
}

/** The longest e-mail address accepted anywhere (RFC 5321's path limit). */
export const EMAIL_MAX_LENGTH = 254;

/**
 * `local@domain.tld` as the product has always accepted it (no whitespace, exactly one '@', a '.' inside the
 * domain with text on both sides), checked without a pattern: the old `^[^\s@]+@[^\s@]+\.[^\s@]+$` backtracked
 * quadratically on a long domain full of dots.
 */
export function isEmailAddress(value: string): boolean {
  const at = value.indexOf('@');
  if (at < 1 || at !== value.lastIndexOf('@')) return false;
  if (WHITESPACE.test(value)) return false;
  const domain = value.slice(at + 1);
  const dot = domain.indexOf('.', 1);
  return dot !== -1 && dot < domain.length - 1;
}

/** One character class, no quantifier: linear. */
const WHITESPACE = /\s/;

/**
 * An e-mail field: trimmed, required, at most EMAIL_MAX_LENGTH, then isEmailAddress (only within that length),
 * then lower-cased.
 */
export function emailAddressField(messages: { required: string; invalid: string; tooLong: string }) {
  return safeString({ error: messages.required })
    .trim()
    .min(1, messages.required)
    .max(EMAIL_MAX_LENGTH, messages.tooLong)
    .refine(isEmailAddress, { message: messages.invalid, ...withinLength(EMAIL_MAX_LENGTH) })
    .transform((value) => value.toLowerCase());
}

/**
 * `value.slice(0, max)` that never leaves half of a surrogate pair at the cut (a lone surrogate cannot be stored),
 * for texts the server shortens itself (audit details, user agents).
 */
export function cutText(value: string, max: number): string {
  if (value.length <= max) return value;
  const last = value.charCodeAt(max - 1);
  return value.slice(0, last >= 0xd800 && last <= 0xdbff ? max - 1 : max);
}

/**
 * Options for a pattern or refinement that must not see text over `max` characters (its length check already
 * refused it, and a long text is where a pattern costs most): `.regex(P, {message, ...withinLength(32)})`.
 */
export function withinLength(max: number) {
  return { when: (payload: { value: unknown }) => typeof payload.value === 'string' && payload.value.length <= max };
}
