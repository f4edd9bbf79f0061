// The face terminal's side of the device simulator (tools/device-simulator.ts, command `face`): the protocol of
// docs/modules/credentials.md. Each round pulls the delta after its cursor (every page), fetches each added or updated
// person's photo (a JPEG, or the item is confirmed as failed "no face found in photo"), keeps their card number (a
// terminal that also reads cards opens for it), removes the removed, confirms every item, and keeps the cursor. The
// tests use these functions directly.
import { randomUUID } from 'node:crypto';

export interface Person {
  personKind: string;
  personId: number;
  name: string;
  /** The person's access card number, '' for none. */
  cardNo: string;
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

/** Who holds this card number, as a terminal that also reads cards looks it up. */
export function byCard(t: Terminal, cardNo: string): Person | undefined {
  return cardNo ? [...t.people.values()].find((p) => p.cardNo === cardNo) : undefined;
}

/** Pass records, each with an id of the terminal's own (a batch sent again is not recorded twice). */
export function uploadPasses(t: Terminal, passes: { personKind: string; personId?: number; direction?: number; result?: number }[]) {
  const records = passes.map((p) => ({ recordId: randomUUID(), time: Date.now(), result: 1, ...p }));
  return call<{ accepted: number; duplicates: number }>(t, 'faceSyncUploadRecords', { records });
}
