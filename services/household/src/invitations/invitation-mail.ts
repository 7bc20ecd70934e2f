import { INVITATION_TTL_DAYS, PRODUCT_NAME } from '@paycadence/contracts';
import { escapeHtml, type MailMessage } from '@paycadence/nest-kit';

// The household name and the inviter's name are user text: escaped in the HTML part.

export interface InvitationMailFacts {
  to: string;
  householdName: string;
  inviterName: string;
  role: string;
  link: string;
}

/** The invitation e-mail: who invites whom to which household, the link, and that it works once for 7 days. */
export function invitationMail({ to, householdName, inviterName, role, link }: InvitationMailFacts): MailMessage {
  const subject = `You're invited to join ${householdName} on ${PRODUCT_NAME}`;
  const validity = `The link works once, for ${INVITATION_TTL_DAYS} days.`;
  return {
    to,
    subject,
    text: `${inviterName} invited you to join the household "${householdName}" on ${PRODUCT_NAME} as a ${role}.\n\nAccept the invitation here:\n${link}\n\n${validity} If you did not expect it, you can ignore this e-mail.`,
    html: `<p>${escapeHtml(inviterName)} invited you to join the household “${escapeHtml(householdName)}” on ${PRODUCT_NAME} as a ${escapeHtml(role)}.</p><p><a href="${escapeHtml(link)}">Accept the invitation</a></p><p>${validity} If you did not expect it, you can ignore this e-mail.</p>`,
  };
}
