import { screen } from '@testing-library/react';
import { payGaps, type Bill, type IncomeSource } from '@paycadence/finance-rules';
import { DEFAULT_PREFERENCES, savePreferences } from '@paycadence/web-kit';
import { renderWithProviders } from '@paycadence/web-kit/testing';
import { beforeEach, describe, expect, it } from 'vitest';
import { PayGapCard } from './PayGapCard.js';

// A teacher paid on the 25th from September to June: no paycheck in July and August.
const teacher: IncomeSource = {
  id: 'i1', source: 'Teaching salary', amountCents: 385_000, frequency: 'monthly', nextDate: '2027-04-25',
  paidMonths: [1, 2, 3, 4, 5, 6, 9, 10, 11, 12],
};
const rent: Bill = { id: 'b1', name: 'Rent', amountCents: 145_000, dueDate: '2027-05-01', priority: 'high', category: 'rent', recurring: 'monthly' };
const phone: Bill = { id: 'b2', name: 'Phone', amountCents: 6_500, dueDate: '2027-05-05', priority: 'medium', category: 'utilities', recurring: 'monthly' };

beforeEach(() => localStorage.clear());

describe('PayGapCard', () => {
  it("says the summer's dates, its bills and the set-aside per paycheck the rules computed, in the saved date format", () => {
    savePreferences({ ...DEFAULT_PREFERENCES, dateFormat: 'DD/MM/YYYY' });
    const [gap] = payGaps([rent, phone], [teacher], '2027-04-10');
    // July and August: rent and phone twice each ($3,030.00), over the April, May and June paychecks.
    expect(gap).toMatchObject({ startDate: '2027-07-01', endDate: '2027-08-31', billsCents: 303_000, paychecksBeforeGap: 3, setAsidePerPaycheckCents: 101_000 });
    renderWithProviders(<PayGapCard gap={gap!} />);
    const card = screen.getByRole('region', { name: 'Teaching salary pays nothing from 01/07/2027 to 31/08/2027' });
    expect(card.textContent).toContain('$1,010.00 to set aside from each paycheck');
    expect(card.textContent).toContain('Bills due in that time come to $3,030.00. Set aside $1,010.00 from each of your 3 paychecks before 01/07/2027 to cover them.');
  });

  it('counts other income against the gap, and says a gap under way draws on what was set aside', () => {
    const partner: IncomeSource = { id: 'i2', source: 'Partner', amountCents: 100_000, frequency: 'monthly', nextDate: '2027-07-15' };
    const [ahead] = payGaps([rent, phone], [teacher, partner], '2027-06-26');
    const first = renderWithProviders(<PayGapCard gap={ahead!} />);
    // The June paycheck came yesterday: none is left before the gap ends, so it counts as under way and is covered
    // from what was set aside.
    expect(ahead).toMatchObject({ started: true, paychecksBeforeGap: 0, otherIncomeCents: 200_000, shortfallCents: 103_000, setAsidePerPaycheckCents: null });
    expect(screen.getByTestId('pay-gap').textContent).toContain(
      'Bills due until then come to $3,030.00, and your other income brings $2,000.00: the other $1,030.00 comes from what you set aside.',
    );

    first.unmount();
    const [during] = payGaps([rent, phone], [teacher], '2027-07-20');
    expect(during).toMatchObject({ started: true, setAsidePerPaycheckCents: null });
    renderWithProviders(<PayGapCard gap={during!} />);
    expect(screen.getByRole('region', { name: 'No Teaching salary pay until 08/31/2027' }).textContent).toBe(
      'No Teaching salary pay until 08/31/2027Bills due until then come to $1,515.00, paid from what you set aside.',
    );
  });
});
