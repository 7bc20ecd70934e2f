import { FINANCE_ENDPOINTS, LETTER_MESSAGES, MOVE_EXPECTATIONS, PLANNER_MESSAGES, type DueDatePlanResponse } from '@paycadence/contracts';
import { DEFAULT_PREFERENCES, savePreferences } from '@paycadence/web-kit';
import { fail, renderWithProviders, serveEndpoints, type StubRequest } from '@paycadence/web-kit/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PlannerPage } from './PlannerPage.js';
import { billOf, CAR, carMove, HOUSEHOLD, MOVE_ID, PHONE, planOf, RENT, savedMove } from './planner-fixtures.js';

const bills = () => [billOf(RENT, 'Rent', 1, [1, 31], 'rent'), billOf(PHONE, 'Phone', 5, [1, 31]), billOf(CAR, 'Car loan', 12, [10, 28], 'loans')];

function serve(plan: (request: StubRequest) => DueDatePlanResponse, more: Parameters<typeof serveEndpoints<typeof FINANCE_ENDPOINTS>>[1] = {}) {
  return serveEndpoints(FINANCE_ENDPOINTS, { dueDatePlan: plan, listBills: bills, ...more });
}

const renderPage = (route = '/planner') => renderWithProviders(<PlannerPage />, { route });
const card = (name: RegExp) => screen.getAllByTestId('planned-move').find((el) => name.test(el.textContent ?? ''))!;

afterEach(() => vi.unstubAllGlobals());

describe('PlannerPage: the suggested moves', () => {
  it('shows each move with its payday, amount and the note for an unknown biller, and the balance before and after', async () => {
    savePreferences({ ...DEFAULT_PREFERENCES, dateFormat: 'DD/MM/YYYY' });
    serve(() => planOf());
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Due-date planner' })).toBeInTheDocument();
    const phone = await screen.findByRole('heading', { level: 3, name: 'Phone: the 5th to the 27th' });
    const phoneCard = phone.closest('li')!;
    // The arrow is drawn for the eye; a screen reader hears "to".
    expect(phone.querySelector('[aria-hidden="true"]')!.textContent).toBe('→');
    expect(within(phoneCard).getByText('2 days after your Teacher salary on the 25th.')).toBeInTheDocument();
    expect(within(phoneCard).getByText('$60.00')).toBeInTheDocument();
    expect(within(phoneCard).queryByText(/Ask whether they allow it/)).toBeNull();
    const carCard = card(/Car loan/);
    expect(within(carCard).getByText('Ask whether they allow it.')).toBeInTheDocument();
    expect(within(carCard).getByText('$320.00')).toBeInTheDocument();

    const beforeAfter = screen.getByTestId('plan-before-after');
    const summary = within(beforeAfter).getByRole('table', { name: 'Over the next 6 months' });
    expect(within(summary).getByRole('row', { name: /Lowest balance/ }).textContent).toBe('Lowest balance-$40.00 on 12/06/2026$520.00 on 27/06/2026');
    expect(within(summary).getByRole('row', { name: /Days below/ }).textContent).toBe('Days below $100.009 days, first 12/06/20260 days');
    // One chart, two lines, told in words too; the figure points at the summary table.
    const figure = beforeAfter.querySelector('figure')!;
    expect(figure.getAttribute('aria-describedby')).toBe(summary.id);
    expect(within(beforeAfter).getByRole('img', { name: /Projected balance, next 90 days .* With the plan: on 30\/08\/2026/ })).toBeInTheDocument();
    expect(figure.querySelectorAll('path.fc-chart__line')).toHaveLength(2);
    const table = within(beforeAfter).getByRole('table', { name: 'Projected balance by day' });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Day', 'As things are', 'With the plan']);
    expect(table.querySelectorAll('tbody tr')).toHaveLength(91);
  });

  it('plans the household named in ?household=', async () => {
    const gateway = serve(() => planOf({ householdId: HOUSEHOLD }));
    renderPage(`/planner?household=${HOUSEHOLD}`);
    await screen.findByRole('heading', { level: 3, name: /Phone/ });
    expect(gateway.calls('dueDatePlan')[0]!.query.get('household_id')).toBe(HOUSEHOLD);
    expect(gateway.calls('dueDatePlan')[0]!.query.get('today')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(screen.getByRole('link', { name: 'Plan your own bills instead' })).toHaveAttribute('href', '/planner');
  });

  it('Keep where it is and Edit ask for a preview with the choices so far, and show its answer', async () => {
    const gateway = serve(() => planOf(), {
      previewDueDatePlan: ({ body }) => {
        const { choices } = body as { choices: Array<{ billId: string; toDay: number | null }> };
        const car = choices.find((c) => c.billId === CAR);
        return planOf({ moves: car ? [{ ...carMove, toDay: car.toDay!, daysAfterPayday: 1, chosenBy: 'person' }] : [carMove] });
      },
    });
    renderPage();
    const phoneCard = (await screen.findByRole('heading', { level: 3, name: /Phone/ })).closest('li')!;
    await userEvent.click(within(phoneCard).getByRole('button', { name: 'Keep where it is' }));
    await waitFor(() => expect(screen.queryByRole('heading', { level: 3, name: /Phone/ })).toBeNull());
    expect(gateway.calls('previewDueDatePlan')[0]!.body).toMatchObject({ choices: [{ billId: PHONE, toDay: null }] });
    expect(screen.getByTestId('planner-status')).toHaveTextContent('Phone stays on the 5th. The plan is updated.');
    expect(screen.getByRole('heading', { level: 2, name: 'Suggested moves' })).toHaveFocus();

    // Edit offers only the days the car lender allows (10th to 28th), without the day it is due now.
    const carCard = card(/Car loan/);
    await userEvent.click(within(carCard).getByRole('button', { name: 'Edit' }));
    const day = within(carCard).getByRole('combobox', { name: 'New due day' });
    expect(day).toHaveFocus();
    const offered = within(day).getAllByRole('option').map((o) => (o as HTMLOptionElement).value);
    expect(offered[0]).toBe('10');
    expect(offered.at(-1)).toBe('28');
    expect(offered).not.toContain('12');
    await userEvent.selectOptions(day, '26');
    await userEvent.click(within(carCard).getByRole('button', { name: 'Preview this day' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'Car loan: the 12th to the 26th' })).toHaveFocus();
    expect(gateway.calls('previewDueDatePlan')[1]!.body).toMatchObject({
      choices: [
        { billId: PHONE, toDay: null },
        { billId: CAR, toDay: 26 },
      ],
    });
    expect(card(/Car loan/).textContent).toContain('Your choice');
  });

  it('shows the refusal of a preview on the card and keeps the plan', async () => {
    serve(() => planOf(), { previewDueDatePlan: () => fail(400, PLANNER_MESSAGES.dayOutOfRange(10, 28)) });
    renderPage();
    const carCard = (await screen.findByRole('heading', { level: 3, name: /Car loan/ })).closest('li')!;
    await userEvent.click(within(carCard).getByRole('button', { name: 'Keep where it is' }));
    expect(await within(carCard).findByRole('alert')).toHaveTextContent(PLANNER_MESSAGES.dayOutOfRange(10, 28));
    expect(screen.getAllByTestId('planned-move')).toHaveLength(2);
  });

  it('Accept creates the move; it joins the checklist and focus goes to it', async () => {
    let saved = false;
    const gateway = serve(() => (saved ? planOf({ moves: [carMove], savedMoves: [savedMove()] }) : planOf()), {
      createDueDateMove: () => {
        saved = true;
        return savedMove();
      },
    });
    renderPage();
    const phoneCard = (await screen.findByRole('heading', { level: 3, name: /Phone/ })).closest('li')!;
    await userEvent.click(within(phoneCard).getByRole('button', { name: 'Accept' }));
    const checklist = await screen.findByRole('list', { name: 'Moves under way' });
    expect(gateway.calls('createDueDateMove')[0]!.body).toEqual({ billId: PHONE, toDay: 27 });
    await waitFor(() => expect(within(checklist).getByRole('heading', { level: 3, name: 'Phone: the 5th to the 27th' })).toHaveFocus());
    expect(screen.getByTestId('planner-status')).toHaveTextContent('Phone: the move to the 27th is in your checklist. Next, ask the biller.');
    // The month of change comes from the plan's move, remembered after the plan stopped listing it.
    expect(within(checklist).getByTestId('move-transition')).toHaveTextContent(
      'For Phone: the last payment on the 5th is due 07/05/2026 and the first on the 27th 07/27/2026, 22 days apart: $60.00 each.',
    );
  });

  it('says calmly that the due dates already work when the plan does not help', async () => {
    serve(() => planOf({ moves: [], helps: false, after: planOf().before }));
    renderPage();
    expect(await screen.findByText('Your due dates already line up with your paychecks')).toBeInTheDocument();
    expect(screen.queryByTestId('plan-before-after')).toBeNull();
  });

  it('says how much to set aside from each paycheck for a lean stretch, and why', async () => {
    serve(() =>
      planOf({
        lean: {
          reason: 'pay-gap',
          incomeId: 'a1b2c3d4-0000-4000-8000-000000000025',
          source: 'Teacher salary',
          plannedAmountCents: 320_000,
          typicalAmountCents: 320_000,
          startDate: '2026-07-01',
          endDate: '2026-08-31',
          bills: [
            { billId: RENT, billName: 'Rent', dueDate: '2026-07-01', amountCents: 145_000 },
            { billId: PHONE, billName: 'Phone', dueDate: '2026-07-05', amountCents: 6_000 },
          ],
          billsCents: 366_000,
          otherIncomeCents: 0,
          shortfallCents: 366_000,
          paychecksBefore: 1,
          setAsidePerPaycheckCents: 366_000,
        },
      }),
    );
    renderPage();
    const lean = await screen.findByTestId('plan-lean');
    expect(within(lean).getByRole('heading', { level: 2, name: 'Set money aside for 07/01/2026 to 08/31/2026' })).toBeInTheDocument();
    expect(lean.textContent).toContain('Teacher salary pays nothing from 07/01/2026 to 08/31/2026');
    expect(lean.textContent).toContain('Set aside $3,660.00 from your paycheck before 07/01/2026 to cover the other $3,660.00.');
    expect(within(lean).getByText('Rent, 07/01/2026')).toBeInTheDocument();
  });
});

describe('PlannerPage: asking the biller', () => {
  it('writes the letter with the holder, the biller and the days, and copies, prints and e-mails it', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const print = vi.fn();
    vi.stubGlobal('print', print);
    serve(() => planOf({ savedMoves: [savedMove()] }), { emailDueDateLetter: () => fail(409, LETTER_MESSAGES.unconfirmed) });
    renderPage();
    const checklist = await screen.findByRole('list', { name: 'Moves under way' });
    const letter = within(checklist).getByLabelText('The letter');
    expect(letter.textContent).toContain('Tess Ledger');
    expect(letter.textContent).toContain('change the due date of my Phone account, held in the name of Tess Ledger, from the 5th to the 27th of each month.');
    expect(letter.textContent).toContain('My paycheck arrives on the 25th of the month');
    expect(letter.textContent!.startsWith('06/01/2026')).toBe(true);
    expect(checklist.textContent).toContain('I am calling about my Phone account, in the name of Tess Ledger.');
    for (const line of MOVE_EXPECTATIONS) expect(checklist.textContent).toContain(line);

    await userEvent.click(within(checklist).getByRole('button', { name: 'Copy the letter' }));
    expect(writeText).toHaveBeenCalledWith(letter.textContent);
    expect(await within(checklist).findByText(/The letter is copied/)).toBeInTheDocument();

    await userEvent.click(within(checklist).getByRole('button', { name: 'Print the letter' }));
    expect(print).toHaveBeenCalledTimes(1);
    expect(document.body).toHaveClass('pl-printing');
    expect(letter).toHaveClass('pl-letter--printed');
    window.dispatchEvent(new Event('afterprint'));
    expect(document.body).not.toHaveClass('pl-printing');

    await userEvent.click(within(checklist).getByRole('button', { name: 'E-mail it to me' }));
    expect(await within(checklist).findByRole('alert')).toHaveTextContent(LETTER_MESSAGES.unconfirmed);
  });

  it('marks a planned move asked, then confirmed with the date it takes effect', async () => {
    let move = savedMove();
    const gateway = serve(() => planOf({ moves: [carMove], savedMoves: [move] }), {
      updateDueDateMove: ({ body }) => {
        const { status, effectiveDate } = body as { status: 'asked' | 'confirmed'; effectiveDate?: string };
        move = { ...move, status, effectiveDate: effectiveDate ?? null };
        return move;
      },
    });
    renderPage();
    const checklist = await screen.findByRole('list', { name: 'Moves under way' });
    expect(within(checklist).getByRole('listitem', { current: 'step' })).toHaveTextContent('Planned');
    await userEvent.click(within(checklist).getByRole('button', { name: 'I asked them' }));
    await waitFor(() => expect(within(checklist).getByRole('listitem', { current: 'step' })).toHaveTextContent('Asked'));
    expect(gateway.calls('updateDueDateMove')[0]).toMatchObject({ params: { id: MOVE_ID }, body: { status: 'asked' } });
    expect(within(checklist).getByRole('heading', { level: 3, name: /Phone/ })).toHaveFocus();

    await userEvent.click(within(checklist).getByRole('button', { name: 'They confirmed' }));
    const date = within(checklist).getByLabelText('Date the new due day takes effect');
    await waitFor(() => expect(date).toHaveFocus());
    await userEvent.click(within(checklist).getByRole('button', { name: 'Save confirmation' }));
    expect(within(checklist).getByText(PLANNER_MESSAGES.effectiveDateRequired)).toBeInTheDocument();
    expect(gateway.calls('updateDueDateMove')).toHaveLength(1);

    await userEvent.type(date, '2026-07-27');
    await userEvent.click(within(checklist).getByRole('button', { name: 'Save confirmation' }));
    await waitFor(() => expect(gateway.calls('updateDueDateMove')).toHaveLength(2));
    expect(gateway.calls('updateDueDateMove')[1]!.body).toEqual({ status: 'confirmed', effectiveDate: '2026-07-27' });
    expect(await within(checklist).findByText('From 07/27/2026 your Phone is due on the 27th of each month.')).toBeInTheDocument();
    expect(screen.getByTestId('planner-status')).toHaveTextContent('Phone is confirmed: due on the 27th from 07/27/2026.');
    expect(within(checklist).queryByRole('button', { name: 'Remove' })).toBeNull();
  });

  it('removes a planned move', async () => {
    let moves = [savedMove()];
    const gateway = serve(() => planOf({ savedMoves: moves }), {
      deleteDueDateMove: () => {
        moves = [];
        return undefined;
      },
    });
    renderPage();
    const checklist = await screen.findByRole('list', { name: 'Moves under way' });
    await userEvent.click(within(checklist).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Moves under way' })).toBeNull());
    expect(gateway.calls('deleteDueDateMove')[0]!.params).toEqual({ id: MOVE_ID });
    expect(screen.getByTestId('planner-status')).toHaveTextContent('The move of Phone is removed.');
  });
});
