// The load generator of bench/kioskLoad.ts, forked into its own process so it takes no CPU from the server's event
// loop. Each kiosk is one keep-alive connection that sends one request at a time, alternating a check-in by code (each
// code its own, never reused) and a walk-in. Paced: request i of a kiosk is due at its start + i / rate (a kiosk serves
// one visitor at a time: when the answer comes late, the next one is sent at once, and every request due within the
// run is sent, so an overloaded run outlasts its seconds: the elapsed time is reported). Rate 0: closed loop, for capacity.
// An answer counts as an error when the request fails, the HTTP status is not 2xx or the envelope's status is not 0.
import http from 'node:http';

export interface KioskPlan {
  token: string;
  /** Hosts of the kiosk's company, taken in turn by the walk-ins. */
  hosts: number[];
  /** The kiosk's check-in codes are String(firstCode + j) for j < codes. */
  firstCode: number;
  codes: number;
}

export interface LoadPlan {
  url: string;
  seconds: number;
  /** Requests per second per kiosk; 0 sends the next as soon as the answer arrives. */
  rate: number;
  kiosks: KioskPlan[];
  /** Check-ins only (the same-work bench's check-in figure), to this path of `url` (default AppClientSignin). */
  checkInsOnly?: boolean;
  checkInPath?: string;
}

export interface LoadResult {
  seconds: number;
  sent: number;
  ok: { checkIn: number; walkIn: number };
  errors: Record<string, number>;
  /** Send to last byte of the answer, ms. */
  latency: { p50: number; p95: number; p99: number; max: number };
  p99ByKind: { checkIn: number; walkIn: number };
  /** The seconds (from the start) whose slowest request took over 200 ms, the worst 8 in time order. */
  slowSeconds: { at: number; n: number; max: number }[];
  /** From the time the request was due (paced runs): what a visitor waits when the kiosk's previous answer was late. */
  fromDue: { p99: number; max: number };
  /** Kiosks that stopped early because their codes ran out (closed loop only). */
  outOfCodes: number;
  /** CPU seconds of this process during the run. */
  cpuS: number;
}

const TIMEOUT_MS = 10_000;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

function post(agent: http.Agent, url: URL, body: string, token: string): Promise<{ code: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        agent,
        timeout: TIMEOUT_MS,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'x-coolvisit-token': token },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ code: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
    req.on('error', reject);
    req.end(body);
  });
}

/** The error kind of an answer, or null when it succeeded. A check-in answered `repeated` reused a code: an error. */
function failure(kind: 'checkIn' | 'walkIn', code: number, text: string): string | null {
  if (code < 200 || code > 299) return `HTTP ${code}`;
  try {
    const a = JSON.parse(text) as { status?: number; result?: { repeated?: boolean } };
    if (a.status !== 0) return `${kind} status ${a.status}`;
    if (kind === 'checkIn' && a.result?.repeated) return 'checkIn repeated';
    return null;
  } catch {
    return 'unreadable answer';
  }
}

const p99 = (xs: number[]) =>
  percentile(
    xs.sort((a, b) => a - b),
    99,
  );

/** The worst 8 seconds whose slowest request took over 200 ms, in time order. */
const slowSeconds = (bySecond: number[][]) =>
  bySecond
    .map((xs, at) => ({ at, n: xs.length, max: Math.max(...xs) }))
    .filter((w) => w.max > 200)
    .sort((a, b) => b.max - a.max)
    .slice(0, 8)
    .sort((a, b) => a.at - b.at);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function run(plan: LoadPlan): Promise<LoadResult> {
  const base = plan.url.replace(/\/$/, '');
  const checkInUrl = new URL(`${base}/${plan.checkInPath ?? 'AppClientSignin'}`);
  const walkInUrl = new URL(`${base}/UpdatePhoto`);
  const ms: number[] = [];
  const due: number[] = [];
  const errors: Record<string, number> = {};
  const ok = { checkIn: 0, walkIn: 0 };
  let sent = 0;
  let outOfCodes = 0;
  const interval = plan.rate > 0 ? 1000 / plan.rate : 0;
  const cpu = process.cpuUsage();
  const t0 = performance.now();
  const end = t0 + plan.seconds * 1000;
  // Which kind is slow, and when: a tail from periodic stalls (a sweep, writeback) shows as a few slow seconds.
  const msCheckIn: number[] = [];
  const msWalkIn: number[] = [];
  const bySecond: number[][] = [];

  const kiosk = async (k: number, p: KioskPlan) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    // Starts spread over the first interval, so the kiosks do not fire in step.
    let next = t0 + Math.random() * interval;
    let used = 0;
    for (let i = 0; ; i++) {
      if (interval) {
        if (next >= end) break;
        await sleep(next - performance.now());
      } else if (performance.now() >= end) break;
      // Half the kiosks start with a check-in, half with a walk-in: the mix is even at every moment.
      const kind = plan.checkInsOnly || (i + k) % 2 === 0 ? 'checkIn' : 'walkIn';
      if (kind === 'checkIn' && used >= p.codes) {
        outOfCodes++;
        break;
      }
      const body =
        kind === 'checkIn'
          ? { verifyCode: String(p.firstCode + used++) }
          : {
              vname: `Kiosk visitor ${k}-${i}`,
              vphone: `139${String((k * 100_000 + i) % 1e8).padStart(8, '0')}`,
              empid: p.hosts[i % p.hosts.length],
            };
      const dueAt = interval ? next : performance.now();
      const t = performance.now();
      sent++;
      let error: string | null;
      try {
        const a = await post(agent, kind === 'checkIn' ? checkInUrl : walkInUrl, JSON.stringify(body), p.token);
        error = failure(kind, a.code, a.text);
      } catch (e) {
        error = `network ${(e as { code?: string }).code ?? (e as Error).message}`;
      }
      const done = performance.now();
      ms.push(done - t);
      due.push(done - dueAt);
      (kind === 'checkIn' ? msCheckIn : msWalkIn).push(done - t);
      const second = Math.floor((t - t0) / 1000);
      if (!bySecond[second]) bySecond[second] = [];
      bySecond[second].push(done - t);
      if (error) errors[error] = (errors[error] ?? 0) + 1;
      else ok[kind]++;
      next += interval;
    }
    agent.destroy();
  };
  await Promise.all(plan.kiosks.map((p, k) => kiosk(k, p)));
  const seconds = (performance.now() - t0) / 1000;
  const cpuUsed = process.cpuUsage(cpu);
  const sorted = ms.sort((a, b) => a - b);
  const dueSorted = due.sort((a, b) => a - b);
  return {
    seconds,
    sent,
    ok,
    errors,
    latency: { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), max: sorted.at(-1) ?? 0 },
    fromDue: { p99: percentile(dueSorted, 99), max: dueSorted.at(-1) ?? 0 },
    p99ByKind: { checkIn: p99(msCheckIn), walkIn: p99(msWalkIn) },
    slowSeconds: slowSeconds(bySecond),
    outOfCodes,
    cpuS: (cpuUsed.user + cpuUsed.system) / 1e6,
  };
}

// Forked by bench/kioskLoad.ts: one plan in, one result out, over the IPC channel.
if (process.send) {
  process.once('message', async (plan: LoadPlan) => {
    const result = await run(plan);
    process.send?.(result, () => process.exit(0));
  });
}
