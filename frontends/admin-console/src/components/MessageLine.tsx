import type { ActionMessage } from '../model/messages.js';

/**
 * The result of the last action (docs/product/signed-in.md §8): two live regions that are always in the page, so a screen
 * reader hears each new message; success politely in green, failure at once in red.
 */
export function MessageLine({ message }: { message: ActionMessage | null }) {
  const success = message?.tone === 'success' ? message : null;
  const failure = message?.tone === 'error' ? message : null;
  return (
    <div className="ac-messages">
      <div role="status" aria-live="polite">
        {success && (
          <div className="pc-alert pc-alert--success ac-message">
            <p className="ac-message__text">{success.text}</p>
          </div>
        )}
      </div>
      <div role="alert" aria-live="assertive">
        {failure && (
          <div className="pc-alert pc-alert--error ac-message">
            <p className="ac-message__text">{failure.text}</p>
            {failure.detail && <p className="ac-message__detail">{failure.detail}</p>}
          </div>
        )}
      </div>
    </div>
  );
}
