import { useLayoutEffect } from 'react';
import { PRODUCT_NAME } from '@paycadence/contracts';

/**
 * Sets the tab title to 'Page | PayCadence' (or the bare product name when no page title). A layout effect: it
 * runs before every passive effect of the page below, so a page that names itself once its data is in (a blog
 * post, usePostHead) has the last word even when the data was there from the first render.
 */
export function useDocumentTitle(pageTitle?: string | null): void {
  useLayoutEffect(() => {
    document.title = pageTitle ? `${pageTitle} | ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [pageTitle]);
}
