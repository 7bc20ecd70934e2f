import { useEffect } from 'react';
import { PRODUCT_NAME } from '@payday/contracts';

/** Sets the tab title to 'Page | PayCadence' (or the bare product name when no page title). */
export function useDocumentTitle(pageTitle?: string | null): void {
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} | ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [pageTitle]);
}
