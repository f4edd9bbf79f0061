// The event-loop stall of an oversized import (issue 13): the worst /healthz latency while an xlsx of
// BENCH_SHEET_ROWS rows (default 400,000, twenty times the employee import's cap) is uploaded to importEmpList,
// against /healthz with no import running, in the same run. Health checks go one after another over HTTP, so the
// worst one is the longest the server kept every request waiting. Alone: `node --import tsx bench/sheets.ts`.
import ExcelJS from 'exceljs';
import { unzipSync, zipSync } from 'fflate';
import { companies } from '../apps/server/src/db/schema/index.js';
import { hashPassword } from '../apps/server/src/platform/identity/crypto.js';
import { benchApp, signIn, summary, type Timings } from './common.js';

const f1 = (n: number) => n.toFixed(1).padStart(7);

/** A real workbook (ExcelJS's parts) whose first sheet holds `n` rows of name and phone as inline strings. */
async function bigWorkbook(n: number): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.addWorksheet('Sheet1').addRow(['Name']);
  const files = unzipSync(new Uint8Array(await wb.xlsx.writeBuffer()));
  const cell = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
  const parts = [
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>',
    `<row r="1">${cell('A1', 'Name')}${cell('B1', 'Mobile phone')}</row>`,
  ];
  for (let r = 2; r <= n + 1; r++)
    parts.push(`<row r="${r}">${cell(`A${r}`, `Person ${r}`)}${cell(`B${r}`, `139${String(r).padStart(8, '0')}`)}</row>`);
  parts.push('</sheetData></worksheet>');
  files['xl/worksheets/sheet1.xml'] = new TextEncoder().encode(parts.join(''));
  return Buffer.from(zipSync(files, { level: 6 }));
}

export async function sheetsBench(kind: 'pglite' | 'postgres' = 'pglite'): Promise<void> {
  const N = Number(process.env.BENCH_SHEET_ROWS ?? 400_000);
  const IDLE_PROBES = Number(process.env.BENCH_ROUNDS ?? 200);
  const { database, app, url, db } = await benchApp(kind);
  const health = url.replace(/\/api$/, '/healthz');
  const email = `sheets.${Date.now()}@example.com`;
  await db
    .insert(companies)
    .values({ name: `Sheets ${Date.now()}`, email, username: 'S', passwordHash: await hashPassword('Bench#2026'), status: 1 });
  const token = await signIn(url, email);
  const file = await bigWorkbook(N);

  const probe = async () => {
    const t = performance.now();
    const res = await fetch(health);
    await res.arrayBuffer();
    return performance.now() - t;
  };
  const idleMs: number[] = [];
  for (let i = 0; i < IDLE_PROBES; i++) idleMs.push(await probe());
  const idle = summary(idleMs);

  const form = new FormData();
  form.append('dryRun', 'true');
  form.append('file', new Blob([new Uint8Array(file)]), 'big.xlsx');
  const t0 = performance.now();
  let answered = false;
  const upload = fetch(`${url}/importEmpList`, { method: 'POST', headers: { 'x-coolvisit-token': token }, body: form })
    .then((r) => r.json() as Promise<{ status: number; result: unknown }>)
    .finally(() => {
      answered = true;
    });
  const duringMs: number[] = [];
  while (!answered) duringMs.push(await probe());
  const res = await upload;
  const importMs = performance.now() - t0;
  const during: Timings = summary(duringMs);
  const worst = (t: Timings) => Math.max(...t.ms);

  console.log(
    `importEmpList of a ${N.toLocaleString('en')}-row xlsx (${(file.length / 1e6).toFixed(1)} MB, ${kind}): answered in ${(importMs / 1000).toFixed(2)} s, status ${res.status} ${JSON.stringify(res.result)}`,
  );
  console.log(
    `  /healthz during the import: worst ${f1(worst(during))} ms  p50 ${f1(during.p50)} ms  (${duringMs.length} in a row)   no import: worst ${f1(worst(idle))} ms  p50 ${f1(idle.p50)} ms   worst = ${(worst(during) / worst(idle)).toFixed(1)}x idle worst, ${(worst(during) / idle.p50).toFixed(0)}x idle p50`,
  );
  await app.close();
  await database.close();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await sheetsBench('pglite');
  process.exit(0);
}
