import { PageHeader } from '@payday/web-kit';

/** The first page of the admin-console remote, exposed to the shell as './AdminConsolePage'. */
export function AdminConsolePage() {
  return (
    <div className="pc-container">
      <PageHeader title="Admin console" description="Nothing here yet." />
    </div>
  );
}
