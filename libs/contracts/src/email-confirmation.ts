// Proving an e-mail address. Typing an address at sign-up proves nothing, so until its owner opens a link mailed to
// it the product never acts on the address: no household invitation goes out or is accepted, no reminder is sent,
// the account cannot become an administrator, and nothing recorded under the address alone is handed over or
// erased with the account. Planning works at once; a banner asks for the confirmation. docs/email-addresses.md
// walks through the whole flow.
import { z } from 'zod';
import { waitText } from './auth.js';

/** The screen the e-mail links to; the token travels in the fragment, which no server or access log sees. */
export const CONFIRM_EMAIL_PATH = '/confirm-email';
/** The page posts the token here (no session needed: the link may be opened on another device). */
export const CONFIRM_EMAIL_API_PATH = '/api/auth/confirm-email';
/** The signed-in person asks for a new link (the banner's button). */
export const RESEND_CONFIRMATION_API_PATH = '/api/auth/confirm-email/resend';

/** A confirmation link works once, for 48 hours. */
export const EMAIL_CONFIRMATION_TTL_SECONDS = 48 * 60 * 60;
/** At most one confirmation e-mail a minute per account (sign-up's own counts), and ten a day. */
export const CONFIRMATION_EMAIL_INTERVAL_SECONDS = 60;
export const CONFIRMATION_EMAILS_PER_DAY = 10;

/** `${APP_URL}/confirm-email#token=…`. */
export function confirmEmailLink(appUrl: string, token: string): string {
  return `${appUrl.replace(/\/+$/, '')}${CONFIRM_EMAIL_PATH}#${new URLSearchParams({ token }).toString()}`;
}

/** The token as the page sends it: 32 random bytes, base64url (43 characters); anything else is refused early. */
export const ConfirmEmailRequestSchema = z
  .object({
    token: z
      .string({ error: 'This confirmation link is not valid.' })
      .regex(/^[A-Za-z0-9_-]{43}$/, 'This confirmation link is not valid.'),
  })
  .strict();
export type ConfirmEmailRequest = z.infer<typeof ConfirmEmailRequestSchema>;

export const ConfirmEmailResponseSchema = z.object({
  success: z.literal(true),
  email: z.string(),
  message: z.string(),
});
export type ConfirmEmailResponse = z.infer<typeof ConfirmEmailResponseSchema>;

/** The resend takes no fields. */
export const ResendConfirmationRequestSchema = z.object({}).strict();
export const ResendConfirmationResponseSchema = z.object({ success: z.literal(true), message: z.string() });
export type ResendConfirmationResponse = z.infer<typeof ResendConfirmationResponseSchema>;

export const EMAIL_CONFIRMATION_MESSAGES = {
  bannerTitle: 'Please confirm your e-mail address',
  banner: (email: string) =>
    `We sent a link to ${email}. Until you open it, we won't send reminders there, and household invitations wait.`,
  resend: 'Send the link again',
  resent: (email: string) => `We sent a new link to ${email}. It works once, for 48 hours.`,
  alreadyConfirmed: 'Your e-mail address is already confirmed.',
  resendWait: (seconds: number) =>
    `We just sent you a link. You can ask for another in ${waitText(seconds)}.`,
  resendDailyLimit: (seconds: number) =>
    `You have asked for many links today. You can ask for another in ${waitText(seconds)}.`,
  pageTitle: 'Confirm your e-mail address',
  confirming: 'Confirming your e-mail address…',
  confirmed: (email: string) => `Thank you: ${email} is confirmed.`,
  missingToken:
    'This confirmation link is incomplete. Open the link from the e-mail again, or send a new one from your dashboard.',
  invalidLink: 'This confirmation link is not valid. Sign in and send a new one from your dashboard.',
  usedLink:
    'This confirmation link was already used. If you opened it before, your address is confirmed; otherwise send a new one from your dashboard.',
  expiredLink: 'This confirmation link has expired. Sign in and send a new one from your dashboard.',
  failed: 'We could not confirm your e-mail address. Please try again.',
  /** What a gated action answers (403) until the address is confirmed. */
  requiredToInvite:
    'Please confirm your e-mail address before inviting anyone. Use the link we sent you, or send a new one from your dashboard.',
  requiredToJoin:
    'Please confirm your e-mail address before joining this household: open the link we sent you, then come back to this invitation.',
  requiredForAdmin: (email: string) =>
    `${email} has not confirmed its e-mail address, so it cannot be made an administrator. Ask its owner to confirm it first.`,
} as const;
