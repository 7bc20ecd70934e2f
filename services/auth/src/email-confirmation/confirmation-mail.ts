import { EMAIL_CONFIRMATION_TTL_SECONDS, PRODUCT_NAME } from '@paycadence/contracts';
import { escapeHtml, type MailMessage } from '@paycadence/nest-kit';

/** The confirmation e-mail: why we ask, the link, and what to do if the account is not theirs. */
export function confirmationMail(to: string, firstName: string | null, link: string): MailMessage {
  const greeting = firstName?.trim() ? `Hi ${firstName.trim()},` : 'Hi,';
  const hours = EMAIL_CONFIRMATION_TTL_SECONDS / 3600;
  const why = `Please confirm that this is your e-mail address, so ${PRODUCT_NAME} can send you bill reminders and household invitations.`;
  const notYou = `If you did not create a ${PRODUCT_NAME} account, you can ignore this e-mail: nothing more will be sent to this address.`;
  return {
    to,
    subject: `Confirm your ${PRODUCT_NAME} e-mail address`,
    text: `${greeting}\n\n${why}\n\nConfirm it here (the link works once, for ${hours} hours):\n${link}\n\n${notYou}`,
    html: `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(why)}</p><p><a href="${escapeHtml(link)}">Confirm my e-mail address</a> (the link works once, for ${hours} hours).</p><p>${escapeHtml(notYou)}</p>`,
  };
}
