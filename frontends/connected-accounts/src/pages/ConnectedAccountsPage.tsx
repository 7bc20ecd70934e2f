import { PageHeader } from '@payday/web-kit';

/** The first page of the connected-accounts remote, exposed to the shell as './ConnectedAccountsPage'. */
export function ConnectedAccountsPage() {
  return (
    <div className="pc-container">
      <PageHeader title="Connected accounts" description="Nothing here yet." />
    </div>
  );
}
