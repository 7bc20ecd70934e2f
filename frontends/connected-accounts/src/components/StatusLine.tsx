import type { TimedMessage } from '../hooks/useTimedMessage.js';

/**
 * A live status line, always in the page so screen readers hear each change; empty when there is nothing to
 * say. The tone shows in colour and in the words themselves ('Failed to ...').
 */
export function StatusLine({ message }: { message: TimedMessage | null }) {
  return (
    <p className={`ca-status${message ? ` ca-status--${message.tone}` : ''}`} role="status" aria-live="polite">
      {message?.text}
    </p>
  );
}
