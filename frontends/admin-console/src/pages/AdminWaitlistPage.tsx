import { AdminManagementPage } from './AdminManagementPage.js';

/** /admin/waitlist (docs/product/accounts.md §2): the management page with the Waitlist tab open. */
export function AdminWaitlistPage() {
  return <AdminManagementPage initialTab="waitlist" />;
}
