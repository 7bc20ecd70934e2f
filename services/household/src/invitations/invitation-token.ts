import { INVITATION_PATH, INVITATION_TTL_DAYS } from '@paycadence/contracts';
import { createHash, randomBytes } from 'node:crypto';

/** A fresh invitation token: 32 random bytes, URL-safe. Only its hash is stored. */
export const newInvitationToken = (): string => randomBytes(32).toString('base64url');

/** SHA-256 of a token (base64url): what the database holds and looks up by. */
export const hashInvitationToken = (token: string): string => createHash('sha256').update(token).digest('base64url');

/**
 * The page the e-mail links to: `${APP_URL}${INVITATION_PATH}#token=…`. The token rides in the fragment, which
 * browsers never send, so no access log on the way (the gateway's, the shell's nginx) records it; the page reads
 * it and sends it in a request body.
 */
export function invitationLink(appUrl: string, token: string): string {
  const url = new URL(INVITATION_PATH, appUrl);
  url.hash = new URLSearchParams({ token }).toString();
  return url.toString();
}

const DAY_MS = 24 * 60 * 60 * 1000;
export const invitationExpiry = (now: Date): Date => new Date(now.getTime() + INVITATION_TTL_DAYS * DAY_MS);
