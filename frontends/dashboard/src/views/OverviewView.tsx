import { nextLaterWindowDays, resetLaterWindowDays, type DashboardData } from '@payday/finance-rules';
import type { FinanceApi } from '../api/finance-api.js';
import { AnalyticsBlock } from '../components/AnalyticsBlock.js';
import { BillsSection } from '../components/BillsSection.js';
import { IncomeSection } from '../components/IncomeSection.js';
import { PaymentSchedule } from '../components/PaymentSchedule.js';
import { SavingsProgress } from '../components/SavingsProgress.js';
import { ServerSuggestions } from '../components/ServerSuggestions.js';
import { WindowPanels } from '../components/WindowPanels.js';
import type { FinancialData } from '../model/dashboard-model.js';

export interface OverviewViewProps {
  data: FinancialData;
  dashboard: DashboardData;
  api: FinanceApi;
  onLaterWindowChange: (days: number) => void;
}

/** spec part 2 §2 Overview (list): schedule, week panels, analytics, savings, accept cards, bills and income. */
export function OverviewView({ data, dashboard, api, onLaterWindowChange }: OverviewViewProps) {
  return (
    <div className="db-overview">
      <PaymentSchedule schedule={dashboard.paymentSchedule} />
      <WindowPanels
        windows={dashboard.windows}
        laterWindowDays={dashboard.laterWindowDays}
        onShowNextWeek={() => onLaterWindowChange(nextLaterWindowDays(dashboard.laterWindowDays))}
        onShowLess={() => onLaterWindowChange(resetLaterWindowDays())}
      />
      <div className="db-two">
        <BillsSection rows={data.billRows} api={api} />
        <IncomeSection rows={data.incomeRows} api={api} />
      </div>
      <SavingsProgress fund={dashboard.emergencyFund} />
      <AnalyticsBlock dashboard={dashboard} bills={data.bills} incomes={data.incomes} />
      <ServerSuggestions api={api} />
    </div>
  );
}
