import { useApi } from '@payday/web-kit';
import { useMemo } from 'react';
import { createFinanceApi, type FinanceApi } from '../api/finance-api.js';

/** The finance calls through the session's one API client (spec part 2 §7: bearer when a session exists). */
export function useFinanceApi(): FinanceApi {
  const api = useApi();
  return useMemo(() => createFinanceApi(api), [api]);
}
