// Face-photo zip bombs in parallel (issue 34 item 4): eight uploads at once of a 0.49 MB zip holding 24 photos of 20 MiB
// (a JPEG's first bytes, then zeros: 480 MiB, within every declared limit, named by real work numbers so each is
// unpacked and checked). Figures: wall time and the server process's peak RSS over idle, against a baseline measured in
// the same run on the same process: the same eight bodies streamed at once to a bare route (piped to a file, nothing
// else). Goal: the bombs' growth < 200 MB. `npm run bench` (or alone: `npm run bench:zip`).
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { memoryOf, resetPeak, zipBomb } from '../apps/server/test/zipBomb.js';

const MB = 1024 * 1024;
const PARALLEL = 8;
const WORK_NUMBERS = Array.from({ length: 24 }, (_, i) => `Z${String(i).padStart(2, '0')}`);

async function startServer(dataDir: string): Promise<{ child: ChildProcess; port: number; token: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'videoUpload.server.ts'), dataDir], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const [line] = (await once(createInterface({ input: child.stdout as NodeJS.ReadableStream }), 'line')) as [string];
  return { child, ...(JSON.parse(line) as { port: number; token: string }) };
}

/** Runs `work`, sampling the server's RSS every 10 ms; the peak (the larger of the samples and VmHWM) and the time. */
async function measured<T>(pid: number, work: () => Promise<T>): Promise<{ ms: number; peak: number; result: T }> {
  resetPeak(pid);
  let peak = memoryOf(pid).rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, memoryOf(pid).rss);
  }, 10);
  const t = performance.now();
  const result = await work();
  const ms = performance.now() - t;
  clearInterval(timer);
  return { ms, peak: Math.max(peak, memoryOf(pid).hwm), result };
}

export async function zipBombBench(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openvisit-zip-bench-'));
  const { child, port, token } = await startServer(dir);
  try {
    const url = `http://127.0.0.1:${port}`;
    const call = async (name: string, body: unknown) =>
      (await (
        await fetch(`${url}/api/${name}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-coolvisit-token': token },
          body: JSON.stringify(body),
        })
      ).json()) as { status: number };
    for (const [i, empNo] of WORK_NUMBERS.entries()) {
      const r = await call('addEmployee', { employee_name: `Photo ${empNo}`, phone: `1390000${String(i).padStart(4, '0')}`, empNo });
      if (r.status !== 0) throw new Error(`addEmployee refused: ${JSON.stringify(r)}`);
    }
    const upload = async (bytes: Buffer) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/zip' }), 'faces.zip');
      const res = await fetch(`${url}/api/uploadEmpFaceZip`, { method: 'POST', headers: { 'x-coolvisit-token': token }, body: form });
      return ((await res.json()) as { status: number }).status;
    };
    const sink = async (bytes: Buffer) =>
      (await fetch(`${url}/bench/sink`, { method: 'POST', headers: { 'content-type': 'application/octet-stream' }, body: new Uint8Array(bytes) }))
        .status;
    const bomb = zipBomb(
      WORK_NUMBERS.map((n) => `${n}.jpg`),
      20 * MB,
    );
    // Warm-up: a small archive and a sink upload load the code paths (zip reader, image library), so idle counts them.
    if ((await upload(zipBomb(['Z00.jpg'], MB))) !== 0) throw new Error('warm-up refused');
    await sink(bomb);
    await new Promise((r) => setTimeout(r, 500));
    const pid = child.pid ?? 0;
    const idle = memoryOf(pid).rss;
    const bare = await measured(pid, () => Promise.all(Array.from({ length: PARALLEL }, () => sink(bomb))));
    const bombs = await measured(pid, () => Promise.all(Array.from({ length: PARALLEL }, () => upload(bomb))));
    const mb = (n: number) => `${(n / 1e6).toFixed(0)} MB`;
    const growth = bombs.peak - idle;
    console.log(
      `uploadEmpFaceZip, ${PARALLEL} zip bombs at once (${(bomb.length / 1e6).toFixed(2)} MB each, ${WORK_NUMBERS.length} × 20 MiB = ${((WORK_NUMBERS.length * 20 * MB) / 1e6).toFixed(0)} MB unpacked):`,
    );
    console.log(
      `  bombs: ${(bombs.ms / 1000).toFixed(2)} s, statuses ${bombs.result.join(',')}, peak RSS ${mb(bombs.peak)} (+${mb(growth)} over idle)`,
    );
    console.log(
      `  bare streaming route, same ${PARALLEL} bodies: ${(bare.ms / 1000).toFixed(2)} s, peak RSS ${mb(bare.peak)} (+${mb(bare.peak - idle)} over idle)`,
    );
    console.log(`  server idle after warm-up: RSS ${mb(idle)}`);
    console.log(
      `  bombs / bare: time ${(bombs.ms / bare.ms).toFixed(1)}x; RSS over idle ${mb(growth)} vs ${mb(bare.peak - idle)} (goal: growth < 200 MB: ${growth < 200e6 ? 'met' : 'NOT met'})`,
    );
  } finally {
    child.stdin?.end();
    await once(child, 'exit');
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await zipBombBench();
