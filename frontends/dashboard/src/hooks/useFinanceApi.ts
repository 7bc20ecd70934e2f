import { useAuth } from '@payday/web-kit';
import { useMemo, useRef } from 'react';
import { createFinanceApi, type FinanceApi } from '../api/finance-api.js';

/** The finance client, reading the session's access token at call time (spec part 2 §7: bearer when a session exists). */
export function useFinanceApi(): FinanceApi {
  const { session } = useAuth();
  const tokenRef = useRef<string | null>(null);
  tokenRef.current = session?.access_token ?? null;
  return useMemo(() => createFinanceApi(() => tokenRef.current), []);
}
