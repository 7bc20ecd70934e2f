import { useId, useState, type FormEvent } from 'react';
import { COMING_SOON_SUCCESS_MESSAGE, WAITLIST_ENDPOINTS, WAITLIST_SUCCESS_MESSAGE } from '@paycadence/contracts';
import { useApi } from '../auth/AuthProvider.js';
import { useFirstErrorFocus } from '../forms/useFirstErrorFocus.js';
import { Button } from '../ui/Button.js';
import { cx } from '../ui/classNames.js';

export const WAITLIST_JOIN_PATH = WAITLIST_ENDPOINTS.join.path;

export interface WaitlistFormProps {
  /** Where the sign-up came from: homepage-hero, homepage, homepage-cta, paycheck-to-paycheck-page, or a blog block's. */
  source: string;
  /** 'local' (coming-soon page): no call at all, only the coming-soon message (docs/product/accounts.md §2). */
  mode?: 'api' | 'local';
  /** A blog call-to-action block may bring its own endpoint (docs/product/accounts.md §7). */
  endpoint?: string;
  label?: string;
  placeholder?: string;
  buttonText?: string;
  successMessage?: string;
  /** 'inline' puts field and button on one row from tablet width up. */
  layout?: 'inline' | 'stacked';
  /** Dark backgrounds (the CTA band) flip the message colours. */
  tone?: 'light' | 'dark';
  className?: string;
}

export const WAITLIST_EMAIL_REQUIRED = 'Please enter your email address.';
export const WAITLIST_EMAIL_INVALID = 'Please enter a valid email address.';

/**
 * E-mail waitlist form. docs/product/accounts.md §4: idle -> success message; the SAME success message shows even
 * when the request fails, and the field is cleared. The e-mail is required and of e-mail type (§5).
 */
export function WaitlistForm({
  source,
  mode = 'api',
  endpoint = WAITLIST_JOIN_PATH,
  label = 'Email address',
  placeholder = 'you@example.com',
  buttonText = 'Join the Waitlist',
  successMessage,
  layout = 'inline',
  tone = 'light',
  className,
}: WaitlistFormProps) {
  const api = useApi();
  const fieldId = useId();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errorFocus = useFirstErrorFocus<HTMLFormElement>();
  const message = successMessage ?? (mode === 'local' ? COMING_SOON_SUCCESS_MESSAGE : WAITLIST_SUCCESS_MESSAGE);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    // docs/product/accounts.md §5: required, of e-mail type; checked here rather than by the browser's bubble, so the
    // message looks and is announced like every other form's.
    const field = event.currentTarget.elements.namedItem('email') as HTMLInputElement;
    if (!field.checkValidity()) {
      setError(email.trim() ? WAITLIST_EMAIL_INVALID : WAITLIST_EMAIL_REQUIRED);
      errorFocus.reveal();
      return;
    }
    if (mode === 'api') {
      setBusy(true);
      try {
        await api.call({ ...WAITLIST_ENDPOINTS.join, path: endpoint }, { body: { email: email.trim(), source } });
      } catch {
        // docs/product/accounts.md §8: waitlist failures show the same success message.
      } finally {
        setBusy(false);
      }
    }
    setEmail('');
    setDone(true);
  };

  return (
    <form
      ref={errorFocus.ref}
      noValidate
      className={cx('pc-waitlist', `pc-waitlist--${layout}`, `pc-waitlist--${tone}`, className)}
      onSubmit={onSubmit}
      data-source={source}
      aria-label="Join the waitlist"
    >
      <div className="pc-waitlist__row">
        <label htmlFor={`waitlist-${fieldId}`} className="pc-visually-hidden">
          {label}
        </label>
        <input
          id={`waitlist-${fieldId}`}
          className="pc-input pc-waitlist__input"
          type="email"
          name="email"
          autoComplete="email"
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `waitlist-${fieldId}-error` : undefined}
          placeholder={placeholder}
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            setDone(false);
            setError(null);
          }}
        />
        <Button type="submit" size="lg" busy={busy} busyText="Joining...">
          {buttonText}
        </Button>
      </div>
      {error && (
        <p id={`waitlist-${fieldId}-error`} className="pc-field__error pc-waitlist__error" role="alert">
          {error}
        </p>
      )}
      <div className="pc-waitlist__status" role="status" aria-live="polite">
        {done && <p className="pc-waitlist__success">{message}</p>}
      </div>
    </form>
  );
}
