import type { DashboardResponse } from '@paycadence/contracts';
import { nextLaterWindowDays, resetLaterWindowDays } from '@paycadence/finance-rules';
import type { ApiClient } from '@paycadence/web-kit';
import { AnalyticsBlock } from '../components/AnalyticsBlock.js';
import { BillsSection } from '../components/BillsSection.js';
import { BillStatusPanel } from '../components/BillStatusPanel.js';
import { IncomeSection } from '../components/IncomeSection.js';
import { PaymentSchedule } from '../components/PaymentSchedule.js';
import { SavingsProgress } from '../components/SavingsProgress.js';
import { ServerSuggestions } from '../components/ServerSuggestions.js';
import { WindowPanels } from '../components/WindowPanels.js';
import { FirstSteps } from '../components/FirstSteps.js';
import { useState } from 'react';

export interface OverviewViewProps {
  /** The server's answer; null after a failed load, when only the (empty) lists show (docs/product/signed-in.md §8). */
  dashboard: DashboardResponse | null;
  api: ApiClient;
  /** Asks the server for another Later window (docs/product/signed-in.md §9: grows by 7, 'Show less' returns to 7). */
  onLaterWindowChange: (days: number) => void;
}

/** docs/product/signed-in.md §2 Overview (list): schedule, week panels, analytics, savings, accept cards, bills and income. */
export function OverviewView({ dashboard, api, onLaterWindowChange }: OverviewViewProps) {
  const [addIncome, setAddIncome] = useState(0);
  const [addBill, setAddBill] = useState(0);
  return (
    <div className="db-overview">
      {dashboard && (
        <>
          <FirstSteps
            hasIncome={dashboard.income.length > 0}
            hasBills={dashboard.bills.length > 0}
            onAddIncome={() => setAddIncome((n) => n + 1)}
            onAddBill={() => setAddBill((n) => n + 1)}
          />
          <PaymentSchedule schedule={dashboard.paymentSchedule} bills={dashboard.bills} api={api} />
          <BillStatusPanel statuses={dashboard.billStatuses ?? []} bills={dashboard.bills} api={api} />
          <WindowPanels
            windows={dashboard.windows}
            laterWindowDays={dashboard.laterWindowDays}
            onShowNextWeek={() => onLaterWindowChange(nextLaterWindowDays(dashboard.laterWindowDays))}
            onShowLess={() => onLaterWindowChange(resetLaterWindowDays())}
          />
        </>
      )}
      <div className="db-two">
        <BillsSection rows={dashboard?.bills ?? []} api={api} addRequest={addBill} />
        <IncomeSection rows={dashboard?.income ?? []} api={api} addRequest={addIncome} />
      </div>
      {dashboard && (
        <>
          <SavingsProgress fund={dashboard.emergencyFund} goals={dashboard.savingsGoals} api={api} />
          <AnalyticsBlock dashboard={dashboard} />
        </>
      )}
      <ServerSuggestions api={api} />
    </div>
  );
}
