import type { AuthUser } from '@paycadence/contracts';
import type { MemorySession } from './session-storage.js';

/** The BroadcastChannel the tabs of the app share their session over. */
export const SESSION_CHANNEL_NAME = 'paycadence.session';

/**
 * What one tab tells the others: a session it got (sign-in or a rotation, so they use it instead of rotating the
 * same cookie again), a rotation it just made (sent while it still holds the refresh lock, before it knows the
 * user on a reload), or that it signed out (so they do too).
 */
export type SessionMessage =
  | { type: 'session'; user: AuthUser; session: MemorySession }
  | { type: 'rotated'; session: MemorySession }
  | { type: 'signed-out' };

export interface SessionChannel {
  post(message: SessionMessage): void;
  close(): void;
}

function isSessionMessage(data: unknown): data is SessionMessage {
  if (typeof data !== 'object' || data === null) return false;
  const message = data as Partial<{ type: unknown; user: { id?: unknown }; session: { access_token?: unknown; expires_at?: unknown } }>;
  if (message.type === 'signed-out') return true;
  const validSession = typeof message.session?.access_token === 'string' && typeof message.session.expires_at === 'number';
  if (message.type === 'rotated') return validSession;
  return message.type === 'session' && typeof message.user?.id === 'string' && validSession;
}

/** Opens the channel; without BroadcastChannel (an old browser) posting does nothing and nothing arrives. */
export function openSessionChannel(onMessage: (message: SessionMessage) => void): SessionChannel {
  if (typeof BroadcastChannel === 'undefined') return { post: () => undefined, close: () => undefined };
  const channel = new BroadcastChannel(SESSION_CHANNEL_NAME);
  channel.onmessage = (event: MessageEvent) => {
    if (isSessionMessage(event.data)) onMessage(event.data);
  };
  return {
    post(message) {
      try {
        // The last 4 of the SSN only travels to the profile screen; it never goes to other tabs.
        if (message.type === 'session') {
          const { ssn: _ssn, ...user } = message.user;
          channel.postMessage({ ...message, user });
        } else channel.postMessage(message);
      } catch {
        // a closed channel (page unloading): the other tabs learn on their own next refresh
      }
    },
    close: () => channel.close(),
  };
}
