import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Modal } from './Modal.js';
import { Spinner } from './Spinner.js';
import { Tabs } from './Tabs.js';
import { TextAreaField } from './TextAreaField.js';
import { TextField } from './TextField.js';

describe('TextField', () => {
  it('links its label and error through aria-describedby', () => {
    render(<TextField label="Email" error="Email is required" />);
    const input = screen.getByLabelText('Email');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const describedBy = input.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe('Email is required');
  });
});

describe('TextAreaField', () => {
  it('links its label, hint, error and any further description through aria-describedby', () => {
    render(
      <>
        <TextAreaField label="Excerpt" hint="A line or two" error="Excerpt is too long" describedBy="counter" />
        <p id="counter">12 / 10</p>
      </>,
    );
    const area = screen.getByLabelText('Excerpt');
    expect(area.tagName).toBe('TEXTAREA');
    expect(area.getAttribute('aria-invalid')).toBe('true');
    const described = (area.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(['A line or two', 'Excerpt is too long', '12 / 10']);
  });

  it('is not marked invalid without an error', () => {
    render(<TextAreaField label="Notes" />);
    expect(screen.getByLabelText('Notes')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Notes')).not.toHaveAttribute('aria-describedby');
  });
});

describe('Spinner', () => {
  it("says 'Loading...'", () => {
    render(<Spinner />);
    expect(screen.getByRole('status').textContent).toContain('Loading...');
  });
});

describe('Tabs', () => {
  it('moves between tabs with the arrow keys', async () => {
    const user = userEvent.setup();
    render(
      <Tabs
        label="Settings"
        tabs={[
          { id: 'profile', label: 'Profile', content: <p>Profile panel</p> },
          { id: 'security', label: 'Security', content: <p>Security panel</p> },
          { id: '2fa', label: '2FA', content: <p>2FA panel</p> },
        ]}
      />,
    );
    await user.click(screen.getByRole('tab', { name: 'Profile' }));
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Security' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('Security panel')).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('tab', { name: '2FA' }).getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: '2FA' }));
  });
});

describe('Modal', () => {
  function Harness({ onClose }: { onClose: () => void }) {
    const [open, setOpen] = useState(true);
    return (
      <Modal
        open={open}
        title="Confirm"
        onClose={() => {
          onClose();
          setOpen(false);
        }}
        footer={<button>OK</button>}
      >
        <input aria-label="Name" />
      </Modal>
    );
  }

  it('traps focus and closes on Escape', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    const close = screen.getByRole('button', { name: 'Close dialog' });
    expect(document.activeElement).toBe(close);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'OK' }));
    await user.tab();
    expect(document.activeElement).toBe(close);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
