import { formatMoney } from '@paycadence/web-kit';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { localToday } from '../model/dashboard-model.js';
import { dashboardBody } from '../test/fixtures.js';
import { AnalyticsBlock } from './AnalyticsBlock.js';

describe('AnalyticsBlock', () => {
  it("charts the server's six months of income against bills, in dollars, with the same figures as a table", () => {
    const body = dashboardBody(localToday());
    render(<AnalyticsBlock dashboard={body} />);
    const first = body.analytics.months[0]!;
    const chart = screen.getByRole('img', { name: /^Income vs\. bills by month/ });
    expect(chart).toHaveAccessibleName(
      expect.stringContaining(
        `income ${formatMoney(first.incomeCents / 100)}, bills ${formatMoney(first.billsCents / 100)}`,
      ),
    );
    const table = screen.getByRole('table', { name: 'Income and bills by month', hidden: true });
    expect(within(table).getAllByRole('row', { hidden: true })).toHaveLength(
      1 + body.analytics.months.length,
    );
    expect(
      within(table)
        .getAllByRole('columnheader', { hidden: true })
        .map((h) => h.textContent),
    ).toEqual(['Month', 'Income', 'Bills', 'Net']);
    expect(chart.querySelectorAll('rect')).toHaveLength(2 * body.analytics.months.length);
  });
});
