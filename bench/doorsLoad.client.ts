// The load generator of bench/doors.ts: autocannon, forked into its own process so it takes no CPU from the server's
// event loop. Each connection is one door reader (its own `Authorization: Device` credential) scanning the passes of
// the visits its groups open, in turn across all of them, so no visit nears a pass limit. Closed loop (rate 0: the next
// scan as soon as the answer is in), or paced at `rate` scans per second over all connections. Latency is timed per
// answer here (send to last byte), so p95 is exact; the answers' envelope statuses are counted: a refusal is a decision
// too (it writes its pass record), but only an answer that is not 2xx or not JSON is an error.
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

export async function runDoorLoad(plan: DoorLoadPlan): Promise<DoorLoadResult> {
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
    ...(plan.rate > 0 ? { overallRate: plan.rate } : {}),
    requests: [
      {
        method: 'POST',
        // Each connection has its own copy of this request: the reader it is stays with it.
        setupRequest: (req: Req) => {
          req.reader ??= plan.readers[nextReader++ % plan.readers.length];
          const reader = req.reader as DoorReader;
          const list = plan.passes[reader.list] ?? [];
          const at = ((cursor[reader.list] ?? 0) + 1) % list.length;
          cursor[reader.list] = at;
          const qrcode = list[at];
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
  const sorted = ms.sort((a, b) => a - b);
  return {
    seconds: (performance.now() - t0) / 1000,
    sent: sorted.length,
    statuses,
    errors: errors + result.errors + result.timeouts,
    latency: { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), max: sorted.at(-1) ?? 0 },
  };
}

// Forked by bench/doors.ts: one plan in, one result out, over the IPC channel.
if (process.send) {
  process.once('message', async (plan: DoorLoadPlan) => {
    const result = await runDoorLoad(plan);
    process.send?.(result, () => process.exit(0));
  });
}
