import {
  clientUploadLog,
  MONITOR_DETAIL_MAX,
  MONITOR_HEARTBEAT_SECONDS,
  MONITOR_LOGS_PER_UPLOAD,
  MONITOR_MESSAGE_MAX,
  type MonitorLevel,
  updateEqptMonitor,
} from '@openvisit/contract';
import { callApi, getEnvelope } from '../platform/api';
import type { ApiError } from '../platform/apiError';
import { isOffline } from '../platform/network';
import { DEVICE_ID_KEY } from '../platform/session';

/*
 * The kiosk in the device monitor (docs/modules/monitor.md): a heartbeat on sign-in and every minute while signed in
 * and online, and the errors it meets (uncaught errors, rejected promises, calls the server failed) uploaded in
 * batches from a bounded queue, so a kiosk in trouble never grows its memory or floods the server.
 */

/** Entries kept while they cannot be sent; the oldest are dropped beyond it. */
export const QUEUE_MAX = 200;
const MONITOR_CALLS = new Set<string>([updateEqptMonitor.name, clientUploadLog.name]);

export interface LogItem {
  level: MonitorLevel;
  message: string;
  detail: string;
  time: number;
}

/** The installation's identifier, made once and kept in storage across sign-outs. */
export function deviceId(storage: Pick<Storage, 'getItem' | 'setItem'> | null = safeStorage()): string {
  const kept = storage?.getItem(DEVICE_ID_KEY);
  if (kept && /^[A-Za-z0-9._:-]{1,64}$/.test(kept)) return kept;
  // getRandomValues, not randomUUID: a kiosk on plain http (a LAN address) is not a secure context.
  const made = `kiosk-${Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, '0')).join('')}`;
  storage?.setItem(DEVICE_ID_KEY, made);
  return made;
}

function safeStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** 1 iPad (iPadOS says it is a Mac with touch), else 2 visitor machine. */
export function deviceType(nav: Pick<Navigator, 'userAgent' | 'maxTouchPoints'> = navigator): 1 | 2 {
  return /iPad/.test(nav.userAgent) || (/Macintosh/.test(nav.userAgent) && nav.maxTouchPoints > 1) ? 1 : 2;
}

/** A bounded queue of log entries: identical consecutive messages count once, the oldest go first when full. */
export class LogQueue {
  private items: LogItem[] = [];

  add(level: MonitorLevel, message: string, detail = '', time = Date.now()): void {
    const m = message.trim().slice(0, MONITOR_MESSAGE_MAX) || 'unknown error';
    const last = this.items[this.items.length - 1];
    if (last && last.message === m && last.level === level) return;
    this.items.push({ level, message: m, detail: detail.slice(0, MONITOR_DETAIL_MAX), time });
    if (this.items.length > QUEUE_MAX) this.items.splice(0, this.items.length - QUEUE_MAX);
  }

  get size(): number {
    return this.items.length;
  }

  /** The next batch, taken out; `putBack` returns it when it could not be sent. */
  take(): LogItem[] {
    return this.items.splice(0, MONITOR_LOGS_PER_UPLOAD);
  }

  putBack(batch: LogItem[]): void {
    this.items = [...batch, ...this.items].slice(-QUEUE_MAX);
  }
}

export const kioskLog = new LogQueue();

/** A failed call worth telling: the server failed or answered nonsense (not refusals, not a missing network). */
export function failureOf(call: string, err: ApiError): { level: MonitorLevel; message: string } | null {
  if (MONITOR_CALLS.has(call)) return null;
  const http = err.http ?? 200;
  if (http >= 500 || http === -1 || err.status === 500) return { level: 'error', message: `${call}: ${err.status} ${err.reason}` };
  if (err.status === 400 && !err.isTransport) return { level: 'warn', message: `${call}: refused its input (400)` };
  return null;
}

/** Uncaught errors and rejections of the page go to the queue (installed once, before sign-in). */
export function captureErrors(target: Window, queue: LogQueue = kioskLog): void {
  target.addEventListener('error', (e) => {
    const err = (e as ErrorEvent).error as Error | undefined;
    queue.add('error', (e as ErrorEvent).message || String(err), err?.stack ?? `${(e as ErrorEvent).filename}:${(e as ErrorEvent).lineno}`);
  });
  target.addEventListener('unhandledrejection', (e) => {
    const reason = (e as PromiseRejectionEvent).reason as unknown;
    if (reason && typeof reason === 'object' && 'displayed' in reason) return; // a failed call: heard as one already
    queue.add(
      'error',
      `Unhandled rejection: ${reason instanceof Error ? reason.message : String(reason)}`,
      reason instanceof Error ? (reason.stack ?? '') : '',
    );
  });
}

let version: Promise<string> | undefined;
/** The installation's version label, asked once; '' when the server could not say. */
function versionLabel(): Promise<string> {
  version ??= getEnvelope<{ version: string }>('/api/config', { silent: true, timeoutMs: 15_000 })
    .then((c) => c.version.slice(0, 32))
    .catch(() => {
      version = undefined;
      return '';
    });
  return version;
}

/**
 * One beat: the heartbeat, then what the queue holds (a batch per beat; more when a full one went through). Skipped
 * without a network. Answers false when the server has no monitor (switched off: 404), so the caller stops.
 */
export async function beat(name: string, queue: LogQueue = kioskLog): Promise<boolean> {
  if (isOffline()) return true;
  const identity = { type: deviceType(), clientId: deviceId(), name: name.slice(0, 64), version: await versionLabel() };
  const opts = { silent: true, timeoutMs: 20_000 } as const;
  try {
    await callApi(updateEqptMonitor, identity, opts);
  } catch (err) {
    return (err as ApiError).http !== 404;
  }
  for (let round = 0; round < 4 && queue.size > 0; round++) {
    const batch = queue.take();
    try {
      await callApi(clientUploadLog, { ...identity, logs: batch }, opts);
    } catch {
      queue.putBack(batch);
      break;
    }
  }
  return true;
}

export const HEARTBEAT_MS = MONITOR_HEARTBEAT_SECONDS * 1000;
