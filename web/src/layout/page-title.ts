import { useContext, useEffect } from 'react';
import { RuntimeConfigContext } from '../config/runtime.js';

/** Spec section 2: '{product} | {page}', or '{product} Platform' for a page without its own name. */
export function pageTitle(productName: string, page?: string): string {
  return page ? `${productName} | ${page}` : `${productName} Platform`;
}

/**
 * Sets the document title while the calling page is shown. Without a loaded configuration (a page
 * rendered before it, or in isolation) the title is left as it is rather than naming a wrong product.
 */
export function usePageTitle(page?: string): void {
  const config = useContext(RuntimeConfigContext);
  const productName = config?.productName;
  useEffect(() => {
    if (productName) document.title = pageTitle(productName, page);
  }, [productName, page]);
}
