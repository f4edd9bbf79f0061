import { useEffect, useState } from 'react';

/** Spec section 9: the "back online" banner stays 2 s. */
export const ONLINE_BANNER_MS = 2000;

export type NetworkBannerState = 'hidden' | 'offline' | 'online';

/**
 * The banner of spec section 4: going offline shows an error; coming back shows a success that
 * hides itself after 2 s. Starts 'offline' when the page loads without a network.
 */
export function useNetworkBanner(): NetworkBannerState {
  const [state, setState] = useState<NetworkBannerState>(() =>
    typeof navigator !== 'undefined' && navigator.onLine === false ? 'offline' : 'hidden',
  );
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const offline = () => {
      clearTimeout(timer);
      setState('offline');
    };
    const online = () => {
      clearTimeout(timer);
      setState('online');
      timer = setTimeout(() => setState('hidden'), ONLINE_BANNER_MS);
    };
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
    };
  }, []);
  return state;
}
