import { z } from 'zod';
import { PRODUCT_NAME } from './product.js';
import { EMAIL_MAX_LENGTH, safeString } from './text.js';

/** Sources the public site sends (docs/product/accounts.md §7); a blog call-to-action may send its own. */
export const WAITLIST_SOURCES = ['homepage-hero', 'homepage', 'homepage-cta', 'paycheck-to-paycheck-page'] as const;

/** The waitlist's one public endpoint (also the only place a blog call-to-action form may post to). */
export const WAITLIST_ENDPOINT_PATH = '/api/waitlist/join';

export const WAITLIST_SUCCESS_MESSAGE = "Thanks for joining! We'll be in touch soon.";
/** docs/product/signed-in.md §2: 'Thanks! We'll notify you when {product} launches.' */
export const COMING_SOON_SUCCESS_MESSAGE = `Thanks! We'll notify you when ${PRODUCT_NAME} launches.`;

/** Where a sign-up came from: the public site's sources or a blog call-to-action's own (same rule for both). */
export const WaitlistSourceSchema = safeString({ error: 'Source is required' })
  .trim()
  .min(1, { message: 'Source is required', abort: true })
  .max(64, { message: 'Source must be at most 64 characters', abort: true })
  .regex(/^[a-z0-9-]+$/, 'Source may contain only lowercase letters, digits and hyphens');

export const WaitlistJoinSchema = z
  .object({
    email: safeString({ error: 'Email is required' })
      .trim()
      .min(1, { message: 'Email is required', abort: true })
      .max(EMAIL_MAX_LENGTH, { message: 'Email is too long', abort: true })
      .email('Please enter a valid email address')
      .transform((value) => value.toLowerCase()),
    source: WaitlistSourceSchema,
  })
  .strict();
export type WaitlistJoinRequest = z.input<typeof WaitlistJoinSchema>;

export const WaitlistJoinResponseSchema = z.object({ success: z.literal(true), message: z.string() });
export type WaitlistJoinResponse = z.infer<typeof WaitlistJoinResponseSchema>;
