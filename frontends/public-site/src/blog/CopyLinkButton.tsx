import { BLOG_MESSAGES } from '@paycadence/contracts';
import { Button } from '@paycadence/web-kit';
import { useState } from 'react';

type CopyState = 'idle' | 'copied' | 'failed';

/** The outcome of the latest click; `attempt` counts clicks so each outcome is a new message. */
interface CopyResult {
  state: CopyState;
  attempt: number;
  url: string;
}

/**
 * docs/product/accounts.md §2: Copy Link puts the post's address on the clipboard and says 'Link copied to clipboard!'.
 * Said in a polite live region beside the button instead of a blocking window.alert: screen readers announce
 * it, and keyboard focus stays where it was. Where the clipboard is unavailable (an insecure page, a refusal),
 * the address is shown to copy by hand. `path` is the post's; the address is this origin's.
 */
export function CopyLinkButton({ path }: { path: string }) {
  const [result, setResult] = useState<CopyResult>({ state: 'idle', attempt: 0, url: '' });
  const settle = (state: CopyState, url: string) => setResult((previous) => ({ state, attempt: previous.attempt + 1, url }));

  const copy = async () => {
    // Read on click: the page server renders this button too, where there is no window.
    const url = `${window.location.origin}${path}`;
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(url);
      settle('copied', url);
    } catch {
      settle('failed', url);
    }
  };

  return (
    <div className="blog-copy">
      <Button variant="secondary" onClick={() => void copy()}>
        <svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true" focusable="false">
          <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1" />
          <path d="M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />
        </svg>
        {BLOG_MESSAGES.copyLink}
      </Button>
      {/* The region stays; its message is keyed by the click, so a second click inserts the message anew: screen
          readers announce it again and sighted users see it appear again, instead of an unchanged DOM. */}
      <span className="blog-copy__status" role="status" aria-live="polite">
        {result.state !== 'idle' && (
          <span key={result.attempt} className="blog-copy__message">
            {result.state === 'copied' ? (
              BLOG_MESSAGES.linkCopied
            ) : (
              <>
                Copy this link: <span className="blog-copy__url">{result.url}</span>
              </>
            )}
          </span>
        )}
      </span>
    </div>
  );
}
