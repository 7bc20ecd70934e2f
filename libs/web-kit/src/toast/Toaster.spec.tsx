import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from './Toaster.js';
import { resetToasts, showToast, showUndoToast, TOAST_DURATION_MS, UNDO_TOAST_DURATION_MS } from './toast-store.js';

describe('Toaster', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    resetToasts();
  });
  afterEach(() => vi.useRealTimers());

  it('announces a confirmation in a status region and lets it go after a while', async () => {
    render(<Toaster />);
    act(() => void showToast({ message: 'Bill added' }));
    expect(screen.getByRole('status')).toHaveTextContent('Bill added');
    act(() => void vi.advanceTimersByTime(TOAST_DURATION_MS - 500));
    expect(screen.getByText('Bill added')).toBeInTheDocument();
    act(() => void vi.advanceTimersByTime(1_000));
    expect(screen.queryByText('Bill added')).not.toBeInTheDocument();
  });

  it('undo: the deferred delete never runs, and the Undo button takes the focus a delete left behind', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const onUndo = vi.fn();
    const onCommit = vi.fn();
    render(<Toaster />);
    act(() => void showUndoToast({ message: 'Rent deleted', onUndo, onCommit }));
    const undo = screen.getByRole('button', { name: 'Undo' });
    expect(undo).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onUndo).toHaveBeenCalledTimes(1);
    act(() => void vi.advanceTimersByTime(UNDO_TOAST_DURATION_MS * 2));
    expect(onCommit).not.toHaveBeenCalled();
    expect(screen.queryByText('Rent deleted')).not.toBeInTheDocument();
  });

  it('commits when the offer runs out, not while the keyboard is on it', async () => {
    const onCommit = vi.fn();
    render(
      <>
        <button type="button">Elsewhere</button>
        <Toaster />
      </>,
    );
    screen.getByRole('button', { name: 'Elsewhere' }).focus();
    act(() => void showUndoToast({ message: 'Rent deleted', onUndo: vi.fn(), onCommit }));
    act(() => screen.getByRole('button', { name: 'Undo' }).focus());
    act(() => void vi.advanceTimersByTime(UNDO_TOAST_DURATION_MS * 3));
    expect(onCommit).not.toHaveBeenCalled(); // paused while focused (WCAG 2.2.1)
    act(() => screen.getByRole('button', { name: 'Elsewhere' }).focus());
    act(() => void vi.advanceTimersByTime(UNDO_TOAST_DURATION_MS));
    expect(onCommit).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Rent deleted')).not.toBeInTheDocument();
  });

  it('closing the offer commits at once', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const onCommit = vi.fn();
    render(<Toaster />);
    act(() => void showUndoToast({ message: 'Rent deleted', onUndo: vi.fn(), onCommit }));
    await user.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(onCommit).toHaveBeenCalledTimes(1);
  });
});

describe('toast stacking', () => {
  beforeEach(() => resetToasts());

  it('keeps one plain confirmation at a time, and never drops an undo offer for it', () => {
    render(<Toaster />);
    act(() => void showUndoToast({ message: 'Rent deleted', onUndo: vi.fn(), onCommit: vi.fn() }));
    act(() => void showToast({ message: 'Bill added.' }));
    act(() => void showToast({ message: 'Bill updated.' }));
    expect(screen.queryByText('Bill added.')).not.toBeInTheDocument();
    expect(screen.getByText('Bill updated.')).toBeInTheDocument();
    expect(screen.getByText('Rent deleted')).toBeInTheDocument();
  });
});
