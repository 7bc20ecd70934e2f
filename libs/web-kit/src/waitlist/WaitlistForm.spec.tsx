import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COMING_SOON_SUCCESS_MESSAGE, WAITLIST_SUCCESS_MESSAGE } from '@paycadence/contracts';
import { WaitlistForm } from './WaitlistForm.js';

afterEach(() => vi.unstubAllGlobals());

async function join(email: string) {
  const user = userEvent.setup();
  const field = screen.getByLabelText('Email address') as HTMLInputElement;
  await user.type(field, email);
  await user.click(screen.getByRole('button', { name: 'Join the Waitlist' }));
  return field;
}

describe('WaitlistForm', () => {
  it.each([
    ['200', () => Promise.resolve(new Response(JSON.stringify({ success: true, message: 'ok' }), { status: 200 }))],
    ['500', () => Promise.resolve(new Response(JSON.stringify({ message: 'Internal server error' }), { status: 500 }))],
    ['a network failure', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('shows the same success message and clears the field on %s', async (_case, answer) => {
    const fetchMock = vi.fn(answer);
    vi.stubGlobal('fetch', fetchMock);
    render(<WaitlistForm source="homepage-hero" />);

    const field = await join('  ann@example.com ');

    expect(await screen.findByText(WAITLIST_SUCCESS_MESSAGE)).toBeInTheDocument();
    expect(field.value).toBe('');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/waitlist/join');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ email: 'ann@example.com', source: 'homepage-hero' });
  });

  it('posts its own source', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(new Response('{}', { status: 200 })));
    vi.stubGlobal('fetch', fetchMock);
    render(<WaitlistForm source="paycheck-to-paycheck-page" />);
    await join('ben@example.com');
    await screen.findByText(WAITLIST_SUCCESS_MESSAGE);
    expect(JSON.parse(String((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body)).source).toBe(
      'paycheck-to-paycheck-page',
    );
  });

  it('in local mode makes no call and shows the coming-soon message', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    render(<WaitlistForm source="coming-soon" mode="local" />);

    const field = await join('cy@example.com');

    expect(await screen.findByText(COMING_SOON_SUCCESS_MESSAGE)).toBeInTheDocument();
    expect(field.value).toBe('');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('does not submit an empty e-mail (required field)', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    render(<WaitlistForm source="homepage" />);
    await userEvent.click(screen.getByRole('button', { name: 'Join the Waitlist' }));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.queryByText(WAITLIST_SUCCESS_MESSAGE)).toBeNull();
  });
});
