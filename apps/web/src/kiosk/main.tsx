import { currentLang, loadLanguage } from '../platform/i18n';
import './i18n';
import './kiosk.css';
import { checkInByCode, getScreeningCopy, registerWalkIn } from '@openvisit/contract';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { callApi, onCallFailure } from '../platform/api';
import { keepSessionInTab } from '../platform/session';
import { KioskApp } from './KioskApp';
import { captureErrors, failureOf, kioskLog } from './monitor';
import { indexedDbStore, OfflineQueue, type QueuedRecord } from './offlineQueue';
import { indexedDbCopyStore, ScreeningCopies } from './screeningCopy';
import { KIOSK_WORKER_SCOPE, KIOSK_WORKER_URL } from './serviceWorker';

/** Replays a queued record with its own idempotency key: the server answers the first record if it already has it. */
function sendQueued(record: QueuedRecord): Promise<unknown> {
  // The record's key twice: the walk-in's own `clientKey` (one visit per key, ever) and the header every write takes
  // (a check-in by code sent again answers the first check-in instead of "already signed in").
  const opts = { silent: true, timeoutMs: 30_000, idempotencyKey: `kiosk-${record.id}` } as const;
  if (record.kind === 'walkIn') return callApi(registerWalkIn, record.input as never, opts);
  return callApi(checkInByCode, record.input as never, opts);
}

// A kiosk is a device: its session is its tab's own, whoever signs in or out in the console's tabs beside it.
keepSessionInTab();

// What goes wrong is kept for the device monitor (kiosk/monitor.ts), sent with the heartbeat once signed in.
captureErrors(window);
onCallFailure((call, err) => {
  const f = failureOf(call, err);
  if (f) kioskLog.add(f.level, f.message);
});

const root = document.getElementById('kiosk-root');
if (!root) throw new Error('#kiosk-root is missing from kiosk.html');

const queue = new OfflineQueue(indexedDbStore(), sendQueued);
// The company's watchlists as keyed digests, for screening a visitor while the server does not answer (issue 42).
const copies = new ScreeningCopies(indexedDbCopyStore(), (version) =>
  callApi(getScreeningCopy, version ? { version } : {}, { silent: true, timeoutMs: 30_000 }),
);
// The language's texts first (precached by the service worker, so offline too).
void loadLanguage(currentLang())
  .catch(() => undefined)
  .then(() =>
    createRoot(root).render(
      <StrictMode>
        <KioskApp queue={queue} copies={copies} />
      </StrictMode>,
    ),
  );

// The page itself without a network (serviceWorker.ts). Production builds only: the dev server's files are not hashed.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  navigator.serviceWorker.register(KIOSK_WORKER_URL, { scope: KIOSK_WORKER_SCOPE }).catch(() => undefined);
}
