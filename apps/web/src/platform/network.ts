import { useEffect, useState, useSyncExternalStore } from 'react';

/** Spec section 9: the "back online" banner stays 2 s. */
export const ONLINE_BANNER_MS = 2000;
/** While the server does not answer, how often /healthz is asked whether it is back. */
export const PROBE_EVERY_MS = 5000;

export type NetworkBannerState = 'hidden' | 'offline' | 'online';

/*
 * "Offline" is what the user lives: the browser says it has no network, or the server did not answer at all (the
 * browser may still believe it is online: a server restart, a broken proxy, a tablet on a captive Wi-Fi). Calls
 * report whether an answer arrived; while none does, /healthz is probed so the state recovers by itself.
 */
let serverAnswers = true;
let probe: ReturnType<typeof setInterval> | undefined;
const listeners = new Set<() => void>();
const backOnline = new Set<() => void>();

const browserOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;
const offlineNow = () => !browserOnline() || !serverAnswers;
let lastOffline = offlineNow();

function update(): void {
  const now = offlineNow();
  if (now === lastOffline) return;
  lastOffline = now;
  for (const fn of listeners) fn();
  if (!now) for (const fn of backOnline) fn();
}

/** Called by the API client for every request: `true` when any HTTP answer came, `false` when none did. */
export function reportServerAnswered(answered: boolean): void {
  if (answered === serverAnswers) return;
  serverAnswers = answered;
  clearInterval(probe);
  probe = answered ? undefined : setInterval(probeServer, PROBE_EVERY_MS);
  update();
}

function probeServer(): void {
  if (!browserOnline()) return;
  fetch('/healthz', { cache: 'no-store' }).then(
    () => reportServerAnswered(true),
    () => undefined,
  );
}

if (typeof window !== 'undefined') {
  const onBrowserChange = () => {
    if (browserOnline() && !serverAnswers) probeServer();
    update();
  };
  window.addEventListener('offline', onBrowserChange);
  window.addEventListener('online', onBrowserChange);
}

export const isOffline = (): boolean => lastOffline;

/** Whether the kiosk or console is offline (no network, or no answer from the server). */
export function useOffline(): boolean {
  return useSyncExternalStore(subscribeNetwork, isOffline, isOffline);
}

export function subscribeNetwork(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** Runs `fn` whenever the page comes back online (browser network and server answering again). */
export function onBackOnline(fn: () => void): () => void {
  backOnline.add(fn);
  return () => backOnline.delete(fn);
}

/**
 * The banner of spec section 4: going offline shows an error; coming back shows a success that
 * hides itself after 2 s. Starts 'offline' when the page loads without a network.
 */
export function useNetworkBanner(): NetworkBannerState {
  const offline = useOffline();
  const [justBack, setJustBack] = useState(false);
  const [wasOffline, setWasOffline] = useState(offline);
  if (wasOffline !== offline) {
    setWasOffline(offline);
    setJustBack(!offline);
  }
  useEffect(() => {
    if (!justBack) return;
    const timer = setTimeout(() => setJustBack(false), ONLINE_BANNER_MS);
    return () => clearTimeout(timer);
  }, [justBack]);
  if (offline) return 'offline';
  return justBack ? 'online' : 'hidden';
}
