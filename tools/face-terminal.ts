// A face terminal simulator (docs/modules/face-sync.md, "The device's protocol"): speaks the device API over HTTP as a
// face terminal would, so an installer can test a site and the tests can drive the protocol end to end.
//
//   node --import tsx tools/face-terminal.ts --url https://visit.example.com --device <eid>.<secret> [--once]
//        [--every 30] [--state terminal.json] [--pass employee:12:in] [--pass unknown]
//
// Each round pulls the delta after its cursor (every page), fetches each added or updated person's photo (a JPEG, or
// the item is confirmed as failed "no face found in photo"), removes the removed, confirms every item, and keeps the
// cursor. `--pass` uploads a pass record (person kind:id:direction; unknown for a stranger) after the first round.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';

export interface Person {
  personKind: string;
  personId: number;
  name: string;
  validFrom: number | null;
  validTo: number | null;
  groups: number[];
}

export interface Terminal {
  url: string;
  credential: string;
  cursor: number;
  people: Map<string, Person>;
}

interface Item extends Person {
  seq: number;
  action: 'add' | 'update' | 'remove';
  photo: string;
}
type Answer<T> = { status: number; reason: string; result: T };

export function terminal(url: string, credential: string): Terminal {
  return { url: url.replace(/\/+$/, ''), credential, cursor: 0, people: new Map() };
}

async function call<T>(t: Terminal, name: string, body: unknown): Promise<T> {
  const res = await fetch(`${t.url}/api/${name}`, {
    method: 'POST',
    headers: { authorization: `Device ${t.credential}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await res.json()) as Answer<T>;
  if (answer.status !== 0) throw new Error(`${name}: ${answer.status} ${answer.reason}`);
  return answer.result;
}

/** A JPEG, or why the terminal could not enrol it. */
async function photoProblem(t: Terminal, path: string): Promise<string | null> {
  const res = await fetch(`${t.url}${path}`, { headers: { authorization: `Device ${t.credential}` } });
  const answer = (await res.json()) as Answer<{ data: string }>;
  if (answer.status !== 0) return `photo not available (${answer.status})`;
  const bytes = Buffer.from(answer.result.data, 'base64');
  return bytes[0] === 0xff && bytes[1] === 0xd8 ? null : 'no face found in photo';
}

/** One round: every page of the delta applied and confirmed; answers what changed. */
export async function syncOnce(t: Terminal): Promise<{ added: number; removed: number; failed: number }> {
  const out = { added: 0, removed: 0, failed: 0 };
  for (;;) {
    const page = await call<{ items: Item[]; cursor: number; more: boolean }>(t, 'faceSyncPull', { cursor: t.cursor });
    const results: { seq: number; status: 'synced' | 'failed'; reason?: string; code?: number }[] = [];
    for (const item of page.items) {
      const key = `${item.personKind}:${item.personId}`;
      if (item.action === 'remove') {
        t.people.delete(key);
        out.removed++;
        results.push({ seq: item.seq, status: 'synced' });
        continue;
      }
      const problem = await photoProblem(t, item.photo);
      if (problem) {
        out.failed++;
        results.push({ seq: item.seq, status: 'failed', reason: problem, code: 2 });
        continue;
      }
      const { seq: _seq, action: _action, photo: _photo, ...person } = item;
      t.people.set(key, person);
      out.added++;
      results.push({ seq: item.seq, status: 'synced' });
    }
    if (results.length) await call(t, 'faceSyncAck', { results });
    // The cursor moves only once the page is applied and confirmed.
    t.cursor = page.cursor;
    if (!page.more) return out;
  }
}

/** Pass records, each with an id of the terminal's own (a batch sent again is not recorded twice). */
export function uploadPasses(t: Terminal, passes: { personKind: string; personId?: number; direction?: number; result?: number }[]) {
  const records = passes.map((p) => ({ recordId: randomUUID(), time: Date.now(), result: 1, ...p }));
  return call<{ accepted: number; duplicates: number }>(t, 'faceSyncUploadRecords', { records });
}

function passOf(arg: string) {
  const [personKind = 'unknown', id, dir] = arg.split(':');
  return { personKind, ...(id && { personId: Number(id) }), direction: dir === 'out' ? 2 : 1 };
}

async function main(argv: string[]): Promise<void> {
  const opt = (name: string) => argv[argv.indexOf(`--${name}`) + 1];
  const has = (name: string) => argv.includes(`--${name}`);
  if (!has('url') || !has('device'))
    throw new Error('usage: --url <server> --device <eid>.<secret> [--once] [--every s] [--state file] [--pass kind:id:in|out]');
  const t = terminal(opt('url') ?? '', opt('device') ?? '');
  const stateFile = has('state') ? opt('state') : undefined;
  if (stateFile && fs.existsSync(stateFile)) {
    const saved = JSON.parse(fs.readFileSync(stateFile, 'utf8')) as { cursor: number; people: Person[] };
    t.cursor = saved.cursor;
    for (const p of saved.people) t.people.set(`${p.personKind}:${p.personId}`, p);
  }
  const passes = argv.flatMap((a, i) => (argv[i - 1] === '--pass' ? [passOf(a)] : []));
  for (let round = 0; ; round++) {
    const r = await syncOnce(t);
    console.log(`${new Date().toISOString()} cursor ${t.cursor}: +${r.added} -${r.removed} failed ${r.failed}; knows ${t.people.size}`);
    if (stateFile) fs.writeFileSync(stateFile, JSON.stringify({ cursor: t.cursor, people: [...t.people.values()] }));
    if (round === 0 && passes.length) console.log('passes', await uploadPasses(t, passes));
    if (has('once')) return;
    await new Promise((resolve) => setTimeout(resolve, Number(opt('every') ?? 30) * 1000));
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main(process.argv.slice(2)).catch((err: unknown) => {
    console.error(String(err));
    process.exit(1);
  });
}
