import { QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { useContext, type ReactNode } from 'react';

let ownQueryClient: QueryClient | null = null;

/** Uses the host's query client when the shell provides one, else the remote's own (standalone). */
export function WithQueryClient({ children }: { children: ReactNode }) {
  const hostClient = useContext(QueryClientContext);
  if (hostClient) return <>{children}</>;
  ownQueryClient ??= new QueryClient();
  return <QueryClientProvider client={ownQueryClient}>{children}</QueryClientProvider>;
}
