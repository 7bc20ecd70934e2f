import { Badge, useDocumentTitle } from '@paycadence/web-kit';
import { QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { useContext, type ReactNode } from 'react';
import '../admin-console.css'; // a stylesheet, not a <style> element: the CSP's style-src allows no inline CSS
import { AdminGate } from './AdminGate.js';

let ownQueryClient: QueryClient | null = null;

/** Uses the host's query client when the shell provides one, else the remote's own (standalone, tests). */
function WithQueryClient({ children }: { children: ReactNode }) {
  const hostClient = useContext(QueryClientContext);
  if (hostClient) return <>{children}</>;
  ownQueryClient ??= new QueryClient();
  return <QueryClientProvider client={ownQueryClient}>{children}</QueryClientProvider>;
}

export interface AdminPageProps {
  title: string;
  subtitle: string;
  badge?: string;
  actions?: ReactNode;
  children: ReactNode;
}

/** The frame of every admin page: its styles, the admin check, the heading block (h1, badge, subtitle). */
export function AdminPage({ title, subtitle, badge, actions, children }: AdminPageProps) {
  useDocumentTitle(title);
  return (
    <div className="ac-page pc-container">
      <AdminGate>
        <header className="ac-header">
          <div className="ac-header__text">
            <div className="ac-header__title-row">
              <h1 className="ac-header__title">{title}</h1>
              {badge && <Badge tone="primary">{badge}</Badge>}
            </div>
            <p className="ac-header__subtitle">{subtitle}</p>
          </div>
          {actions && <div className="ac-header__actions">{actions}</div>}
        </header>
        <WithQueryClient>{children}</WithQueryClient>
      </AdminGate>
    </div>
  );
}
