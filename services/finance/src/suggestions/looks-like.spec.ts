import { amountToleranceOf, BILL_LOOKS_LIKE, dayOfMonthGap, INCOME_LOOKS_LIKE, looksLikeBill, looksLikeIncome, namesMatch, type ExistingItem } from './looks-like.js';

const rent: ExistingItem = { id: 'rent', name: 'Rent', amountCents: 145_000, date: '2026-01-01' };
const oakwood = { name: 'Oakwood Properties', amountCents: 145_000, date: '2026-04-01' };

describe('dayOfMonthGap: the day of the month, across a month end, a last day read as the end of any month', () => {
  it.each([
    ['2026-04-01', '2026-01-01', 0],
    ['2026-04-03', '2026-01-01', 2],
    ['2026-04-04', '2026-01-01', 3],
    ['2026-04-05', '2026-01-01', 4],
    // across the month's end: the 30th of April and the 1st are a day apart, the 31st of March and the 2nd two
    ['2026-04-30', '2026-01-01', 1],
    ['2026-03-31', '2026-01-02', 2],
    ['2026-03-29', '2026-01-02', 4],
    // a stored 31st falls on a shorter month's last day
    ['2026-04-30', '2026-01-31', 0],
    ['2026-02-28', '2026-01-31', 0],
    ['2026-02-26', '2026-01-31', 2],
    // a stored month end (the 28th of February, the 30th of April) is also the end of a longer month...
    ['2026-03-31', '2026-02-28', 0],
    ['2026-05-31', '2026-04-30', 0],
    // ...and still its own day of the month
    ['2026-03-28', '2026-02-28', 0],
    ['2026-03-25', '2026-02-28', 3],
    // a leap February's 29th is its last day
    ['2028-03-31', '2028-02-29', 0],
    // across a year's end
    ['2026-12-31', '2026-01-01', 1],
    ['2027-01-02', '2026-12-31', 2],
  ])('%s against a date stored as %s: %i days', (date, stored, gap) => expect(dayOfMonthGap(date, stored)).toBe(gap));
});

describe('amountToleranceOf', () => {
  it.each([
    ['a bill', BILL_LOOKS_LIKE, 145_000, 14_500],
    ['a bill', BILL_LOOKS_LIKE, 1_549, 500],
    ['a bill', BILL_LOOKS_LIKE, 5_000, 500],
    ['a bill', BILL_LOOKS_LIKE, 5_010, 501],
    ['an income', INCOME_LOOKS_LIKE, 300_000, 45_000],
    ['an income', INCOME_LOOKS_LIKE, 10_000, 1_500],
  ])('%s of %i cents tolerates %i', (_kind, rule, amount, tolerance) => expect(amountToleranceOf(amount, rule)).toBe(tolerance));
});

describe('namesMatch: the detected name against the name and the payee, by merchant key', () => {
  it.each([
    ['Oakwood Properties', { name: 'Rent' }, false],
    ['Oakwood Properties', { name: 'Rent', payee: 'Oakwood Properties' }, true],
    ['OAKWOOD PROPERTIES ACH', { name: 'Rent', payee: 'Oakwood Properties' }, true],
    ['NETFLIX.COM', { name: 'Netflix' }, true],
    ['Comcast Xfinity', { name: 'Xfinity' }, true],
    ['ACME PAYROLL', { name: 'Salary' }, false],
    ['ACME PAYROLL', { name: 'Acme' }, true],
    ['Powerhouse Gym', { name: 'Power' }, false],
    ['Spotify', { name: 'Rent', payee: null }, false],
  ])('%j and %j: %s', (detected, existing, expected) => expect(namesMatch(detected, existing)).toBe(expected));
});

describe('looksLikeBill: amount within 10% (or $5) and due day within 3 days, or a name match', () => {
  it.each([
    ['the same amount and day', oakwood, true],
    ['10% more, to the cent', { ...oakwood, amountCents: 159_500 }, true],
    ['10% more and a cent', { ...oakwood, amountCents: 159_501 }, false],
    ['10% less', { ...oakwood, amountCents: 130_500 }, true],
    ['10% less and a cent', { ...oakwood, amountCents: 130_499 }, false],
    ['3 days after the due day', { ...oakwood, date: '2026-04-04' }, true],
    ['4 days after', { ...oakwood, date: '2026-04-05' }, false],
    ['3 days before, in the month before', { ...oakwood, date: '2026-03-29' }, true],
    ['4 days before', { ...oakwood, date: '2026-03-28' }, false],
    ['another name, amount and day', { name: 'Spotify', amountCents: 1_199, date: '2026-04-15' }, false],
    ['a name match at another amount and day (a price change)', { name: 'RENT', amountCents: 160_000, date: '2026-04-12' }, true],
  ])('%s: %s', (_case, detected, matched) => {
    expect(looksLikeBill(detected, [rent])?.id ?? null).toBe(matched ? 'rent' : null);
  });

  it('the $5 floor: a $15.49 bill looks like $20.49, not $20.50', () => {
    const streaming: ExistingItem = { id: 'tv', name: 'TV', amountCents: 1_549, date: '2026-02-20' };
    expect(looksLikeBill({ name: 'Hulu', amountCents: 2_049, date: '2026-03-21' }, [streaming])?.id).toBe('tv');
    expect(looksLikeBill({ name: 'Hulu', amountCents: 2_050, date: '2026-03-21' }, [streaming])).toBeNull();
  });

  it("a bill already linked to the merchant matches by its payee, whatever its amount", () => {
    const linked: ExistingItem = { ...rent, payee: 'Oakwood Properties', amountCents: 100_000, date: '2026-01-15' };
    expect(looksLikeBill(oakwood, [linked])?.id).toBe('rent');
  });

  it('of several: a name match first, then the closest amount, then the closest day', () => {
    const close: ExistingItem = { id: 'close', name: 'Rent', amountCents: 145_100, date: '2026-01-01' };
    const exact: ExistingItem = { id: 'exact', name: 'Housing', amountCents: 145_000, date: '2026-01-03' };
    const named: ExistingItem = { id: 'named', name: 'Oakwood', amountCents: 120_000, date: '2026-01-20' };
    expect(looksLikeBill(oakwood, [close, exact])?.id).toBe('exact');
    expect(looksLikeBill(oakwood, [close, exact, named])?.id).toBe('named');
    const sameAmount: ExistingItem = { ...exact, id: 'same-day', date: '2026-01-01' };
    expect(looksLikeBill(oakwood, [exact, sameAmount])?.id).toBe('same-day');
  });

  it('nothing to compare with: null', () => expect(looksLikeBill(oakwood, [])).toBeNull());
});

describe('looksLikeIncome: amount within 15% and pay day within 3 days, or a name match', () => {
  const salary: ExistingItem = { id: 'salary', name: 'Salary', amountCents: 300_000, date: '2026-03-13' };
  it.each([
    ['ACME PAYROLL paid the same on the same day', { name: 'ACME PAYROLL', amountCents: 300_000, date: '2026-04-13' }, true],
    ['15% less, 3 days early', { name: 'ACME PAYROLL', amountCents: 255_000, date: '2026-04-10' }, true],
    ['15% less and a cent', { name: 'ACME PAYROLL', amountCents: 254_999, date: '2026-04-13' }, false],
    ['15% more', { name: 'ACME PAYROLL', amountCents: 345_000, date: '2026-04-13' }, true],
    ['4 days late', { name: 'ACME PAYROLL', amountCents: 300_000, date: '2026-04-17' }, false],
    ['a small side income on payday', { name: 'Etsy', amountCents: 20_000, date: '2026-04-13' }, false],
    ['a name match at another amount and day', { name: 'SALARY DIR DEP', amountCents: 150_000, date: '2026-04-27' }, true],
  ])('%s: %s', (_case, detected, matched) => {
    expect(looksLikeIncome(detected, [salary])?.id ?? null).toBe(matched ? 'salary' : null);
  });

  it('no floor: a $100 income looks like $115.00, not $115.01', () => {
    const tips: ExistingItem = { id: 'tips', name: 'Tips', amountCents: 10_000, date: '2026-03-05' };
    expect(looksLikeIncome({ name: 'Cafe', amountCents: 11_500, date: '2026-04-05' }, [tips])?.id).toBe('tips');
    expect(looksLikeIncome({ name: 'Cafe', amountCents: 11_501, date: '2026-04-05' }, [tips])).toBeNull();
  });
});
