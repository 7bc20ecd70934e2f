import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type FormEvent } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Alert } from '../ui/Alert.js';
import { TextField } from '../ui/TextField.js';
import { useFirstErrorFocus } from './useFirstErrorFocus.js';

/** A long form whose server message sits at the top, far from the button, as on the registration screen. */
function LongForm({ refuse }: { refuse: 'server' | 'field' }) {
  const errorFocus = useFirstErrorFocus<HTMLFormElement>();
  const [message, setMessage] = useState<string | null>(null);
  const [cityError, setCityError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (refuse === 'server') setMessage('An account with this email already exists.');
    else setCityError('City is required');
    errorFocus.reveal();
  };
  return (
    <form ref={errorFocus.ref} onSubmit={submit}>
      {message && <Alert tone="error">{message}</Alert>}
      <TextField label="Name" defaultValue="Ann" />
      <TextField label="City" error={cityError} />
      <button type="submit">Create account</button>
    </form>
  );
}

describe('useFirstErrorFocus', () => {
  beforeEach(() => {
    Element.prototype.scrollIntoView = vi.fn();
  });

  it('moves focus to the server message at the top and scrolls it into view', async () => {
    render(<LongForm refuse="server" />);
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('An account with this email already exists.');
    expect(alert).toHaveFocus();
    expect(alert.scrollIntoView).toHaveBeenCalledWith(expect.objectContaining({ block: 'center' }));
  });

  it('moves focus to the first invalid field, which announces its error', async () => {
    render(<LongForm refuse="field" />);
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    const city = screen.getByLabelText('City');
    expect(city).toHaveFocus();
    expect(city).toHaveAccessibleDescription('City is required');
    expect(screen.getByRole('alert')).toHaveTextContent('City is required');
  });

  it('reveals the same error again on the next refused submit', async () => {
    render(<LongForm refuse="field" />);
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByLabelText('City')).toHaveFocus();
  });
});
