// Sets the browser tab title of a screen, so a dozen open tabs stay tellable apart.
import { useEffect } from 'react';

export const PRODUCT_NAME = 'CallDesk CRM';

export function pageTitle(title: string): string {
  return `${title} · ${PRODUCT_NAME}`;
}

export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}
