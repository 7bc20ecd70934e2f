import { ADMIN_MESSAGES } from '@paycadence/contracts';
import { AdminPage } from '../components/AdminPage.js';
import { UserManagementPanel } from '../components/UserManagementPanel.js';

/** /admin/users (docs/product/signed-in.md §2): 'User Management', the Admin menu's User Management. */
export function UserManagementPage() {
  return (
    <AdminPage title={ADMIN_MESSAGES.usersPageTitle} subtitle={ADMIN_MESSAGES.usersPageSubtitle}>
      <UserManagementPanel />
    </AdminPage>
  );
}
