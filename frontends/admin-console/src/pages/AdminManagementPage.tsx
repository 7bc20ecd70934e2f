import { ADMIN_MESSAGES } from '@paycadence/contracts';
import { AdminPage } from '../components/AdminPage.js';
import { UserManagementPanel, type PanelTab } from '../components/UserManagementPanel.js';

/** /admin for a signed-in admin (docs/product/signed-in.md §2): 'Waitlist & User Management' with its Admin Panel badge. */
export function AdminManagementPage({ initialTab = 'users' }: { initialTab?: PanelTab }) {
  return (
    <AdminPage title={ADMIN_MESSAGES.pageTitle} badge={ADMIN_MESSAGES.pageBadge} subtitle={ADMIN_MESSAGES.pageSubtitle}>
      <UserManagementPanel initialTab={initialTab} />
    </AdminPage>
  );
}
