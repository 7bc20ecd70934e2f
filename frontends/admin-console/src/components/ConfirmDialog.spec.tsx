import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog.js';

const props = (busy: boolean): ConfirmDialogProps => ({
  open: true,
  title: 'Delete post',
  question: 'Are you sure you want to delete this post?',
  confirmLabel: 'Delete',
  busyText: 'Deleting...',
  busy,
  onConfirm: vi.fn(),
  onCancel: vi.fn(),
});

describe('ConfirmDialog', () => {
  it('shows the confirm label, then the busy text its caller gives while the action runs (no wording of its own)', () => {
    const { rerender } = render(<ConfirmDialog {...props(false)} />);
    const box = screen.getByRole('dialog', { name: 'Delete post' });
    expect(within(box).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    rerender(<ConfirmDialog {...props(true)} />);
    expect(within(box).getByText('Deleting...')).toBeInTheDocument();
    expect(within(box).queryByText('Removing...')).not.toBeInTheDocument();
    expect(within(box).getByRole('button', { name: 'Cancel' })).toBeDisabled();
  });
});
