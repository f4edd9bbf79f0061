import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/**
 * A webhook receiver as a customer would write one: it verifies every request with the Standard Webhooks reference
 * library (`standardwebhooks`) and keeps the messages whose signature holds, by `webhook-id` (a repeat is counted,
 * not kept twice). Tests, the end-to-end spec, the resilience test and the bench use it; `mode` makes it misbehave:
 * `fail` answers 500, `slow` answers after `slowMs`, `huge` answers 20 MB.
 */
export type ReceiverMode = 'ok' | 'fail' | 'slow' | 'huge';

export interface Received {
  id: string;
  type: string;
  timestamp: string;
  data: Record<string, unknown>;
  /** When it arrived (ms). */
  at: number;
}

export interface Receiver {
  url: string;
  /** Verified messages, first arrival of each webhook-id, in order. */
  messages: Received[];
  /** Requests whose signature did not verify. */
  refused: number;
  /** Arrivals of an id already received (at-least-once delivery repeats). */
  repeats: number;
  mode: ReceiverMode;
  /** The secret to verify with (whsec_…); set once the endpoint is made. */
  secret: string;
  /** Resolves when `n` verified messages have arrived (or rejects after `ms`). */
  waitFor(n: number, ms?: number): Promise<Received[]>;
  close(): Promise<void>;
}

const HUGE_BYTES = 20 * 1024 * 1024;

export async function startReceiver(opts: { secret?: string; mode?: ReceiverMode; slowMs?: number } = {}): Promise<Receiver> {
  const seen = new Set<string>();
  const waiters: { n: number; resolve: () => void }[] = [];
  const r = {
    url: '',
    messages: [] as Received[],
    refused: 0,
    repeats: 0,
    mode: opts.mode ?? 'ok',
    secret: opts.secret ?? '',
  } as Receiver;
  const wake = () => {
    for (const w of [...waiters]) if (r.messages.length >= w.n) w.resolve();
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let payload: { type: string; timestamp: string; data: Record<string, unknown> };
      try {
        payload = new Webhook(r.secret).verify(body, req.headers as Record<string, string>) as typeof payload;
      } catch {
        r.refused++;
        res.writeHead(401).end('signature refused');
        return;
      }
      if (r.mode === 'fail') {
        res.writeHead(500, { 'content-type': 'text/plain' }).end('receiver down for maintenance');
        return;
      }
      const id = String(req.headers['webhook-id']);
      const keep = () => {
        if (seen.has(id)) r.repeats++;
        else {
          seen.add(id);
          r.messages.push({ id, type: payload.type, timestamp: payload.timestamp, data: payload.data, at: Date.now() });
          wake();
        }
      };
      keep();
      if (r.mode === 'slow') {
        setTimeout(() => res.writeHead(204).end(), opts.slowMs ?? 30_000).unref();
        return;
      }
      if (r.mode === 'huge') {
        res.writeHead(200, { 'content-type': 'text/plain' });
        const block = Buffer.alloc(64 * 1024, 'x');
        let sent = 0;
        const more = () => {
          while (sent < HUGE_BYTES) {
            sent += block.length;
            if (!res.write(block)) return void res.once('drain', more);
          }
          res.end();
        };
        res.on('error', () => undefined);
        more();
        return;
      }
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  r.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  r.waitFor = (n, ms = 30_000) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${r.messages.length} of ${n} webhook messages in ${ms} ms`)), ms);
      const w = {
        n,
        resolve: () => {
          clearTimeout(timer);
          waiters.splice(waiters.indexOf(w), 1);
          resolve(r.messages);
        },
      };
      waiters.push(w);
      wake();
    });
  r.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return r;
}
