import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BillPreview } from './BillPreview';
import { addLocalDays, samplePlan } from './sample-plan';

describe('samplePlan', () => {
  it('dates every row from today, never in the past, each bill paid before it is due', () => {
    const today = new Date(2027, 0, 30); // local 30 Jan: the month and year roll over
    const { rows } = samplePlan(today);
    const todayIso = addLocalDays(today, 0);
    expect(todayIso).toBe('2027-01-30');
    expect(rows[0]).toMatchObject({ label: 'Paycheck', date: '2027-02-01' });
    for (const row of rows) {
      expect(row.date > todayIso).toBe(true);
      if (row.dueDate) expect(row.date < row.dueDate).toBe(true);
    }
  });
});

describe('BillPreview', () => {
  it('shows the sample dates relative to the given day', () => {
    render(<BillPreview today={new Date(2026, 11, 30)} />);
    expect(screen.getByText('Arrives 01/01/2027')).toBeInTheDocument();
    expect(screen.getByText('Due 01/07/2027 · pay 01/04/2027')).toBeInTheDocument();
  });
});
