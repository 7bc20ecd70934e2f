import { MARKETING } from '@paycadence/contracts';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ZEN_PANEL_ID, ZenWidget } from './ZenWidget';
import { ZEN_GREETING, ZEN_QUICK_QUESTIONS, ZEN_REPLIES, ZEN_TITLE, ZEN_TYPING_TEXT } from './zen-copy';
import { ZEN_REPLY_DELAY_MS } from './useZenChat';

// delay: null, so typing never waits on a (possibly fake) timer.
const user = () => userEvent.setup({ delay: null });
const askZen = () => screen.getByRole('button', { name: 'Ask Zen' });
const panel = () => screen.getByRole('dialog', { name: ZEN_TITLE });
const input = () => screen.getByRole('textbox', { name: 'Message Zen' });
const conversation = () => screen.getByRole('log', { name: 'Conversation with Zen' });
const bubbles = () => within(conversation()).getAllByRole('listitem').filter((item) => item.closest('ol'));

/**
 * Sends a message synchronously, for tests on fake timers (user-event's async wrapper waits on a real
 * setTimeout). The Enter key itself is covered with user-event on real timers.
 */
function sendNow(text: string) {
  fireEvent.change(input(), { target: { value: text } });
  fireEvent.submit(input().closest('form')!);
}

/**
 * Renders the widget and opens it; the panel chunk loads lazily, so wait for it with real timers. Focus moves
 * into the input in an effect that may run just after the dialog appears: wait for that too, so keyboard steps
 * start from the input.
 */
async function openZen() {
  render(<ZenWidget />);
  await user().click(askZen());
  await screen.findByRole('dialog', { name: ZEN_TITLE });
  await waitFor(() => expect(input()).toHaveFocus());
}

afterEach(() => {
  vi.useRealTimers();
});

describe('ZenWidget', () => {
  it('shows only the Ask Zen button until opened, wired to the panel it controls', () => {
    render(<ZenWidget />);
    expect(askZen()).toHaveAttribute('aria-expanded', 'false');
    expect(askZen()).toHaveAttribute('aria-controls', ZEN_PANEL_ID);
    expect(document.getElementById(ZEN_PANEL_ID)).not.toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens the titled panel with the greeting and moves focus into the input', async () => {
    await openZen();
    expect(askZen()).toHaveAttribute('aria-expanded', 'true');
    expect(within(panel()).getByRole('heading', { name: ZEN_TITLE })).toBeVisible();
    expect(conversation()).toHaveTextContent(ZEN_GREETING);
    expect(conversation()).toHaveAttribute('aria-live', 'polite');
    expect(input()).toHaveFocus();
  });

  it('shows the quick-question chips only while only the greeting exists', async () => {
    await openZen();
    const chips = screen.getByRole('list', { name: 'Quick questions' });
    expect(within(chips).getAllByRole('button').map((chip) => chip.textContent)).toEqual([...ZEN_QUICK_QUESTIONS]);

    await user().click(within(chips).getByRole('button', { name: ZEN_QUICK_QUESTIONS[2] }));
    expect(screen.queryByRole('list', { name: 'Quick questions' })).toBeNull();
    expect(bubbles().at(-1)).toHaveTextContent(ZEN_QUICK_QUESTIONS[2]);
  });

  it('sends with Enter, clears the input, and ignores empty or whitespace-only input', async () => {
    await openZen();
    await user().keyboard('{Enter}');
    await user().type(input(), '    {Enter}');
    expect(bubbles()).toHaveLength(1);
    expect(screen.getByRole('status')).not.toHaveTextContent(ZEN_TYPING_TEXT);

    await user().type(input(), '  When do you launch?  {Enter}');
    expect(bubbles()).toHaveLength(2);
    expect(bubbles()[1]).toHaveTextContent(/^You said: When do you launch\?/);
    expect(input()).toHaveValue('');
  });

  it('shows the typing indicator, then the reply 1.5 seconds later', async () => {
    await openZen();
    vi.useFakeTimers();
    sendNow('How much will it cost?');
    expect(screen.getByRole('status')).toHaveTextContent(ZEN_TYPING_TEXT);

    act(() => vi.advanceTimersByTime(ZEN_REPLY_DELAY_MS - 1));
    expect(bubbles()).toHaveLength(2);
    act(() => vi.advanceTimersByTime(1));

    expect(bubbles()).toHaveLength(3);
    expect(bubbles()[2]).toHaveTextContent(ZEN_REPLIES.cost.replace(/\s+/g, ' '));
    expect(bubbles()[2]).toHaveTextContent(MARKETING.pricing);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('remembers the persona across turns and steers the follow-up', async () => {
    await openZen();
    vi.useFakeTimers();
    sendNow("I'm a teacher");
    act(() => vi.advanceTimersByTime(ZEN_REPLY_DELAY_MS));
    sendNow('What about summer?');
    act(() => vi.advanceTimersByTime(ZEN_REPLY_DELAY_MS));
    expect(bubbles().at(-1)).toHaveTextContent(ZEN_REPLIES.followUp.teacher.summer);
  });

  it('closes on Escape, gives focus back to the button, and keeps the conversation for next time', async () => {
    await openZen();
    await user().type(input(), 'help{Enter}');
    await user().keyboard('{Escape}');

    expect(askZen()).toHaveAttribute('aria-expanded', 'false');
    expect(askZen()).toHaveFocus();
    expect(screen.queryByRole('dialog')).toBeNull();

    await user().keyboard('{Enter}');
    expect(input()).toHaveFocus();
    expect(conversation()).toHaveTextContent('You said: help');
  });

  it('closes with the close button', async () => {
    await openZen();
    await user().click(within(panel()).getByRole('button', { name: 'Close Zen chat' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(askZen()).toHaveFocus();
  });

  it('is usable by keyboard alone: Tab reaches a chip and Enter asks it', async () => {
    await openZen();
    // From the input, Shift+Tab walks back through the chips to the last one.
    await user().tab({ shift: true });
    expect(document.activeElement).toHaveTextContent(ZEN_QUICK_QUESTIONS[3]);
    await user().keyboard('{Enter}');
    expect(bubbles().at(-1)).toHaveTextContent(ZEN_QUICK_QUESTIONS[3]);
  });
});

describe("ZenWidget on a phone: it never sits over a form's buttons or the calendar", () => {
  const rect = (left: number, top: number, width: number, height: number) =>
    ({ left, top, right: left + width, bottom: top + height, width, height, x: left, y: top, toJSON: () => ({}) }) as DOMRect;

  it('steps aside while it would cover a form button or a marked grid, and comes back when the page moves on', async () => {
    render(
      <>
        <form>
          <button type="submit">Save bill</button>
        </form>
        <ZenWidget />
      </>,
    );
    const save = screen.getByRole('button', { name: 'Save bill' });
    vi.spyOn(askZen(), 'getBoundingClientRect').mockReturnValue(rect(260, 780, 120, 48));
    const saveRect = vi.spyOn(save, 'getBoundingClientRect').mockReturnValue(rect(250, 790, 100, 40));
    fireEvent.scroll(window);
    await waitFor(() => expect(askZen().closest('.pc-zen')).toHaveClass('pc-zen--aside'));
    // Scrolled on: the Save button is higher up the screen, the Ask Zen button is back.
    saveRect.mockReturnValue(rect(250, 400, 100, 40));
    fireEvent.scroll(window);
    await waitFor(() => expect(askZen().closest('.pc-zen')).not.toHaveClass('pc-zen--aside'));
  });

  it('stays while someone is using it (focused or open), even over a form', async () => {
    render(
      <>
        <div data-zen-clear>grid</div>
        <ZenWidget />
      </>,
    );
    vi.spyOn(askZen(), 'getBoundingClientRect').mockReturnValue(rect(0, 0, 100, 48));
    vi.spyOn(screen.getByText('grid'), 'getBoundingClientRect').mockReturnValue(rect(0, 0, 300, 300));
    fireEvent.scroll(window);
    await waitFor(() => expect(askZen().closest('.pc-zen')).toHaveClass('pc-zen--aside'));
    act(() => askZen().focus());
    await waitFor(() => expect(askZen().closest('.pc-zen')).not.toHaveClass('pc-zen--aside'));
  });
});
