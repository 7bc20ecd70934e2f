import { ADMIN_MESSAGES } from '@paycadence/contracts';
import { ApiError, UNEXPECTED_ANSWER_MESSAGE } from '@paycadence/web-kit';

/** A result line of an admin action: docs/product/signed-in.md §8, success in green, failure in red. */
export interface ActionMessage {
  tone: 'success' | 'error';
  text: string;
  /** The server's reason under a failure whose wording docs/product fixes ('Failed to approve user'). */
  detail?: string;
}

/**
 * The server's own words for a refused call, or null when there are none: no answer (status 0), an answer the
 * page could not read, or only the client's generic 'Request failed with status N'.
 */
export function serverReason(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status === 0) return null;
  const text = error.message.trim();
  if (!text || text === UNEXPECTED_ANSWER_MESSAGE || /^Request failed with status \d+$/.test(text)) return null;
  return text;
}

const message = (text: string | undefined, fallback: string) => (text && text.trim() ? text : fallback);
const failure = (text: string, error: unknown): ActionMessage => {
  const detail = serverReason(error);
  return detail ? { tone: 'error', text, detail } : { tone: 'error', text };
};

// docs/product/signed-in.md §8, one function per action so the page never spells a message itself.
export const actionMessages = {
  created: (serverMessage?: string): ActionMessage => ({ tone: 'success', text: message(serverMessage, ADMIN_MESSAGES.created) }),
  /** 'Failed to create user: {error}', or 'Failed to create user' when the server said nothing. */
  createFailed: (error: unknown): ActionMessage => {
    const reason = serverReason(error);
    return { tone: 'error', text: reason ? ADMIN_MESSAGES.createFailedWith(reason) : ADMIN_MESSAGES.createFailed };
  },
  approved: (email: string, serverMessage?: string): ActionMessage => ({
    tone: 'success',
    text: message(serverMessage, ADMIN_MESSAGES.approved(email)),
  }),
  approveFailed: (error: unknown) => failure(ADMIN_MESSAGES.approveFailed, error),
  removed: (): ActionMessage => ({ tone: 'success', text: ADMIN_MESSAGES.removed }),
  removeFailed: (error: unknown) => failure(ADMIN_MESSAGES.removeFailed, error),
  statusChanged: (status: 'active' | 'suspended'): ActionMessage => ({
    tone: 'success',
    text: status === 'active' ? ADMIN_MESSAGES.activated : ADMIN_MESSAGES.suspended,
  }),
  toggleFailed: (error: unknown) => failure(ADMIN_MESSAGES.toggleFailed, error),
};
