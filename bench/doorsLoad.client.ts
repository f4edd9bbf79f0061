// The load generator of bench/doors.ts: autocannon, forked into its own process so it takes no CPU from the server's
// event loop. Each connection is one door reader (its own `Authorization: Device` credential) scanning the passes of
// the visits its groups open, in turn across all of them, so no visit nears a pass limit. Closed loop (rate 0: the next
// scan as soon as the answer is in: autocannon), or paced: open loop, scan n due at start + n / rate whatever the
// answers before it (autocannon's own rate sends each connection's whole second at once, a burst no site of readers
// makes), its latency timed from when it was due, so a generator or server falling behind shows. Latency is timed
// per answer here (to the last byte), so p95 is exact; the answers' envelope statuses are counted: a refusal is a decision
// too (it writes its pass record), but only an answer that is not 2xx or not JSON is an error.
import http from 'node:http';
import autocannon from 'autocannon';

export interface DoorReader {
  /** `Device <eid>.<secret>`. */
  credential: string;
  /** Index into `passes`: the lists of passes this reader opens for (by the groups it is in). */
  list: number;
}

export interface DoorLoadPlan {
  url: string;
  seconds: number;
  connections: number;
  /** Scans per second over all connections; 0: closed loop. */
  rate: number;
  readers: DoorReader[];
  passes: string[][];
}

export interface DoorLoadResult {
  seconds: number;
  sent: number;
  /** Answers by envelope status. */
  statuses: Record<string, number>;
  errors: number;
  latency: { p50: number; p95: number; p99: number; max: number };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** The pass a reader scans next: the passes of its groups in turn. */
function nextPass(plan: DoorLoadPlan, cursor: number[], reader: DoorReader): string {
  const list = plan.passes[reader.list] ?? [];
  const at = ((cursor[reader.list] ?? 0) + 1) % list.length;
  cursor[reader.list] = at;
  return list[at] ?? '';
}

function summary(t0: number, ms: number[], statuses: Record<string, number>, errors: number): DoorLoadResult {
  const sorted = ms.sort((a, b) => a - b);
  return {
    seconds: (performance.now() - t0) / 1000,
    sent: sorted.length,
    statuses,
    errors,
    latency: { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), max: sorted.at(-1) ?? 0 },
  };
}

/** Open loop: scan n is sent at t0 + n / rate by reader n mod readers, over a pool of `connections` sockets. */
async function pacedLoad(plan: DoorLoadPlan): Promise<DoorLoadResult> {
  const statuses: Record<string, number> = {};
  const ms: number[] = [];
  let errors = 0;
  const cursor = plan.passes.map(() => 0);
  const agent = new http.Agent({ keepAlive: true, maxSockets: plan.connections });
  const url = new URL(plan.url);
  const every = 1000 / plan.rate;
  const total = Math.floor(plan.seconds * plan.rate);
  const pending = new Set<Promise<void>>();
  const scan = (n: number, due: number) => {
    const reader = plan.readers[n % plan.readers.length] as DoorReader;
    const body = JSON.stringify({ qrcode: nextPass(plan, cursor, reader) });
    const done = new Promise<void>((resolve) => {
      const req = http.request(
        {
          agent,
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: reader.credential },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8').on('data', (c: string) => {
            text += c;
          });
          res.on('end', () => {
            ms.push(performance.now() - due);
            try {
              if ((res.statusCode ?? 0) > 299) throw new Error(String(res.statusCode));
              const s = String((JSON.parse(text) as { status?: number }).status);
              statuses[s] = (statuses[s] ?? 0) + 1;
            } catch {
              errors++;
            }
            resolve();
          });
        },
      );
      req.on('error', () => {
        errors++;
        resolve();
      });
      req.end(body);
    });
    pending.add(done);
    void done.then(() => pending.delete(done));
  };
  const t0 = performance.now();
  let n = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      while (n < total && t0 + n * every <= performance.now()) {
        scan(n, t0 + n * every);
        n++;
      }
      if (n < total) setTimeout(tick, Math.max(0, t0 + n * every - performance.now()));
      else resolve();
    };
    tick();
  });
  await Promise.all(pending);
  agent.destroy();
  return summary(t0, ms, statuses, errors);
}

export async function runDoorLoad(plan: DoorLoadPlan): Promise<DoorLoadResult> {
  if (plan.rate > 0) return pacedLoad(plan);
  const statuses: Record<string, number> = {};
  const ms: number[] = [];
  let errors = 0;
  let nextReader = 0;
  const cursor = plan.passes.map(() => 0);
  type Req = autocannon.Request & { reader?: DoorReader };
  const t0 = performance.now();
  const options: autocannon.Options = {
    url: plan.url,
    connections: plan.connections,
    duration: plan.seconds,
    requests: [
      {
        method: 'POST',
        // Each connection has its own copy of this request: the reader it is stays with it.
        setupRequest: (req: Req) => {
          req.reader ??= plan.readers[nextReader++ % plan.readers.length];
          const reader = req.reader as DoorReader;
          const qrcode = nextPass(plan, cursor, reader);
          req.headers = { 'content-type': 'application/json', authorization: reader.credential };
          req.body = JSON.stringify({ qrcode });
          return req;
        },
        onResponse: (status: number, body: string) => {
          if (status < 200 || status > 299) {
            errors++;
            return;
          }
          try {
            const s = String((JSON.parse(body) as { status?: number }).status);
            statuses[s] = (statuses[s] ?? 0) + 1;
          } catch {
            errors++;
          }
        },
      },
    ],
  };
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(options, (err, r) => (err ? reject(err) : resolve(r)));
    instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => ms.push(responseTime));
  });
  return summary(t0, ms, statuses, errors + result.errors + result.timeouts);
}

// Forked by bench/doors.ts: one plan in, one result out, over the IPC channel.
if (process.send) {
  process.once('message', async (plan: DoorLoadPlan) => {
    const result = await runDoorLoad(plan);
    process.send?.(result, () => process.exit(0));
  });
}
