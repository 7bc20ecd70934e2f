import { PRODUCT_NAME, SET_PASSWORD_TOKEN_TTL_SECONDS } from '@paycadence/contracts';
import { escapeHtml, type MailMessage } from '@paycadence/nest-kit';

/**
 * The e-mail of an approved waitlist entry: the same link as a password reset (the reset screen of part 1
 * sets the first password), with welcoming words.
 */
export function setPasswordMail(to: string, firstName: string | null, link: string): MailMessage {
  const days = Math.round(SET_PASSWORD_TOKEN_TTL_SECONDS / 86_400);
  const greeting = firstName ? `Hi ${firstName},` : 'Hi,';
  return {
    to,
    subject: `Your ${PRODUCT_NAME} account is ready — set your password`,
    text: `${greeting}\n\nGood news: you are off the waitlist and your ${PRODUCT_NAME} account is ready.\n\nSet your password here to sign in (the link works once, for ${days} days):\n${link}\n\nIf you did not join the ${PRODUCT_NAME} waitlist, you can ignore this e-mail.`,
    html: `<p>${escapeHtml(greeting)}</p><p>Good news: you are off the waitlist and your ${PRODUCT_NAME} account is ready.</p><p><a href="${escapeHtml(link)}">Set your password</a> to sign in (the link works once, for ${days} days).</p><p>If you did not join the ${PRODUCT_NAME} waitlist, you can ignore this e-mail.</p>`,
  };
}
