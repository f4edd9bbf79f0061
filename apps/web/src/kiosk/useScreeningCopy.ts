import { useEffect } from 'react';
import { isOffline, onBackOnline } from '../platform/network';
import { prepareWhenIdle } from './offlineScreening';
import type { ScreeningCopies } from './screeningCopy';

/** How often a signed-in kiosk asks whether its copy of the watchlists changed (an unchanged copy answers empty). */
export const COPY_EVERY_MS = 5 * 60_000;

/**
 * Keeps the company's copy of the watchlists current while signed in and online: now, whenever the network and the
 * server are back, and every 5 minutes; once a copy that screens is held, the matcher is prepared when the page is
 * idle.
 */
export function useScreeningCopy(copies: ScreeningCopies, companyId: number): void {
  useEffect(() => {
    let stopped = false;
    // Offline (a kiosk reopened without a network), the copy held is prepared all the same.
    const refresh = () => {
      void (isOffline() ? copies.current(companyId) : copies.refresh(companyId)).then((copy) => {
        if (copy && !stopped) prepareWhenIdle(copy);
      });
    };
    refresh();
    const timer = setInterval(refresh, COPY_EVERY_MS);
    const off = onBackOnline(refresh);
    return () => {
      stopped = true;
      clearInterval(timer);
      off();
    };
  }, [copies, companyId]);
}
