// Upload of a 200 MB training video (issue 17): wall time, MB/s and the server process's peak RSS, against baselines
// measured in the same run on the same process: the server idle, and the same bytes streamed to a bare route (a body
// piped to a file, nothing else). The video is a real ffmpeg-made MP4 padded to ~200 MB with a top-level `free` box
// after its moov, so it stays a valid MP4 the server accepts. Goal: the upload's peak < 100 MB RSS over the baseline.
// `npm run bench:video`; needs ffmpeg.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { VIDEO_MAX_BYTES } from '@openvisit/contract';

const MB = 1024 * 1024;

/** A real MP4 padded with a `free` box to `bytes`. */
function paddedMp4(dir: string, bytes: number): string {
  const small = path.join(dir, 'small.mp4');
  execFileSync('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=320x240:rate=25:duration=10',
    '-c:v',
    'libx264',
    '-pix_fmt',
    'yuv420p',
    small,
  ]);
  const file = path.join(dir, 'induction.mp4');
  fs.copyFileSync(small, file);
  const pad = bytes - fs.statSync(small).size;
  const header = Buffer.alloc(8);
  header.writeUInt32BE(pad);
  header.write('free', 4, 'latin1');
  const fd = fs.openSync(file, 'a');
  fs.writeSync(fd, header);
  const zeros = Buffer.alloc(MB);
  for (let left = pad - 8; left > 0; left -= zeros.length) fs.writeSync(fd, zeros, 0, Math.min(left, zeros.length));
  fs.closeSync(fd);
  return file;
}

/** VmRSS / VmHWM of a process, in bytes. */
function memoryOf(pid: number): { rss: number; hwm: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}

/** Resets the process's peak RSS (VmHWM) to its current RSS (Linux: clear_refs 5). */
function resetPeak(pid: number): void {
  fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
}

/** Streams `file` as the request body (multipart around it when `multipart` names the title); the answer's text. */
async function send(port: number, route: string, file: string, headers: Record<string, string>, multipart?: { title: string }): Promise<string> {
  const boundary = '----openvisitbench';
  const head = multipart
    ? Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\n${multipart.title}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="induction.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
      )
    : Buffer.alloc(0);
  const tail = multipart ? Buffer.from(`\r\n--${boundary}--\r\n`) : Buffer.alloc(0);
  const size = fs.statSync(file).size;
  const req = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: route,
    headers: {
      ...headers,
      'content-type': multipart ? `multipart/form-data; boundary=${boundary}` : 'application/octet-stream',
      'content-length': String(head.length + size + tail.length),
    },
  });
  const answered = once(req, 'response') as Promise<[http.IncomingMessage]>;
  req.write(head);
  for await (const chunk of fs.createReadStream(file, { highWaterMark: MB })) if (!req.write(chunk)) await once(req, 'drain');
  req.end(tail);
  const [res] = await answered;
  let text = '';
  for await (const chunk of res) text += chunk;
  return text;
}

/** Runs `work`, sampling the server's RSS every 10 ms; the peak (the larger of the samples and VmHWM) and the time. */
async function measured(pid: number, work: () => Promise<string>): Promise<{ ms: number; peak: number; sampled: number; answer: string }> {
  resetPeak(pid);
  let peak = memoryOf(pid).rss;
  if (memoryOf(pid).hwm > peak + 4 * MB) throw new Error('the peak RSS could not be reset (/proc/<pid>/clear_refs)');
  const timer = setInterval(() => {
    peak = Math.max(peak, memoryOf(pid).rss);
  }, 10);
  const t = performance.now();
  const answer = await work();
  const ms = performance.now() - t;
  clearInterval(timer);
  return { ms, peak: Math.max(peak, memoryOf(pid).hwm), sampled: peak, answer };
}

async function startServer(dataDir: string): Promise<{ child: ChildProcess; port: number; token: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'videoUpload.server.ts'), dataDir], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const [line] = (await once(createInterface({ input: child.stdout as NodeJS.ReadableStream }), 'line')) as [string];
  return { child, ...(JSON.parse(line) as { port: number; token: string }) };
}

export async function videoUploadBench(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openvisit-video-bench-'));
  try {
    const file = paddedMp4(dir, VIDEO_MAX_BYTES - 1024);
    const bytes = fs.statSync(file).size;
    const dataDir = path.join(dir, 'data');
    fs.mkdirSync(dataDir);
    const { child, port, token } = await startServer(dataDir);
    const pid = child.pid ?? 0;
    const auth = { 'x-coolvisit-token': token };
    // Warm-up: a small upload loads the code paths, so the baselines do not count them.
    const small = path.join(dir, 'small.mp4');
    const warm = await send(port, '/api/addTrainingVideo', small, auth, { title: 'Warm-up' });
    if (!warm.includes('"status":0')) throw new Error(`warm-up refused: ${warm}`);
    await new Promise((r) => setTimeout(r, 500));
    const idle = memoryOf(pid).rss;
    const bare = await measured(pid, () => send(port, '/bench/sink', file, {}));
    const upload = await measured(pid, () => send(port, '/api/addTrainingVideo', file, auth, { title: 'Site safety' }));
    const answer = JSON.parse(upload.answer) as { status: number; result: { durationMs: number; bytes: number } };
    if (answer.status !== 0) throw new Error(`upload refused: ${upload.answer}`);
    child.stdin?.end();
    await once(child, 'exit');
    const mb = (n: number) => `${(n / 1e6).toFixed(0)} MB`;
    const rate = (ms: number) => `${(bytes / MB / (ms / 1000)).toFixed(0)} MB/s`;
    console.log(`addTrainingVideo ${(bytes / MB).toFixed(1)} MiB mp4 (duration ${answer.result.durationMs} ms read from its moov):`);
    console.log(
      `  upload: ${(upload.ms / 1000).toFixed(2)} s, ${rate(upload.ms)}, server peak RSS ${mb(upload.peak)} (+${mb(upload.peak - idle)} over idle; highest 10 ms sample ${mb(upload.sampled)})`,
    );
    console.log(
      `  bare streaming route, same bytes: ${(bare.ms / 1000).toFixed(2)} s, ${rate(bare.ms)}, peak RSS ${mb(bare.peak)} (+${mb(bare.peak - idle)} over idle; highest 10 ms sample ${mb(bare.sampled)})`,
    );
    console.log(`  server idle after warm-up: RSS ${mb(idle)}`);
    console.log(
      `  upload / bare: time ${(upload.ms / bare.ms).toFixed(2)}x; RSS over idle ${mb(upload.peak - idle)} vs ${mb(bare.peak - idle)} (goal < 100 MB over baseline: ${upload.peak - idle < 100e6 ? 'met' : 'NOT met'})`,
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await videoUploadBench();
