import { useEffect } from 'react';
import { useSiteLabel } from './config';

/** "Screen title - site label" (spec section 2); just the site label when there is no screen title. */
export function formatTitle(screen: string | null | undefined, siteLabel: string): string {
  return screen ? `${screen} - ${siteLabel}` : siteLabel;
}

export function useDocumentTitle(screen: string | null | undefined): void {
  const site = useSiteLabel();
  useEffect(() => {
    document.title = formatTitle(screen, site);
  }, [screen, site]);
}
