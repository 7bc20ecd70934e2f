import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { UpdateChannel } from './service-worker';
import { UPDATE_READY_TEXT, UpdateNotice } from './UpdateNotice';

function fakeChannel() {
  let announce = () => undefined as void;
  const channel: UpdateChannel = {
    onUpdateReady: (listener) => {
      announce = listener;
    },
    applyUpdate: vi.fn(),
  };
  return { channel, newVersionReady: () => act(() => announce()) };
}

describe('a new version of the app', () => {
  it('is announced only once it is ready, and reloads only when the person says so', async () => {
    const { channel, newVersionReady } = fakeChannel();
    render(<UpdateNotice channel={channel} />);
    expect(screen.queryByText(UPDATE_READY_TEXT)).toBeNull();
    newVersionReady();
    expect(screen.getByRole('status')).toHaveTextContent(UPDATE_READY_TEXT);
    expect(channel.applyUpdate).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(channel.applyUpdate).toHaveBeenCalledOnce();
  });

  it('Later keeps this version and puts the notice away', async () => {
    const { channel, newVersionReady } = fakeChannel();
    render(<UpdateNotice channel={channel} />);
    newVersionReady();
    await userEvent.click(screen.getByRole('button', { name: 'Later' }));
    expect(screen.queryByRole('status')).toBeNull();
    expect(channel.applyUpdate).not.toHaveBeenCalled();
  });

  it('without a service worker (development, an old browser) there is nothing to announce', () => {
    const { container } = render(<UpdateNotice channel={null} />);
    expect(container).toBeEmptyDOMElement();
  });
});
