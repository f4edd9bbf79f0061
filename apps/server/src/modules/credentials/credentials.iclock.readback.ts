import type { DriftReport, FacePersonKind } from '@openvisit/contract';
import { type DeviceLinkRow, deviceLinksRepository } from '../../core/entitlements/entitlements.public.js';
import type { TenantScope } from '../../platform/identity/tenancy.js';
import { personNo } from './credentials.numbers.js';
import type { Holding } from './credentials.push.js';
import { checkHoldings, type Fixer, type Reader } from './credentials.readback.js';
import type { CredentialRow } from './credentials.repository.js';
import {
  type ZkCommand,
  type ZkResult,
  type ZkUpload,
  type ZkUserRow,
  zkDeleteUser,
  zkLocalToDate,
  zkQueryFaces,
  zkQueryUsers,
  zkTruncate,
  zkValue,
} from './credentials.zkteco.js';

/**
 * Readback and repair of a ZKTeco device (docs/modules/credentials.md, "ZKTeco readback"): asynchronous, as the device
 * only ever calls us. A readback wanted (`device_links.readback_wanted_at`, set by the console or the 6-h sweep) sends
 * `DATA QUERY USERINFO` and `DATA QUERY BIODATA Type=9` at the device's next poll; the device posts the rows back
 * (OPERLOG `USER` lines and BIODATA uploads, or PUSH 3.x `querydata` packets), then reports each query with the number
 * of rows it sent. Once both are reported and every row is in, the rows are compared and repaired as a pushed-to
 * device's are (credentials.readback.ts): changes re-queued go as commands at the next polls, extras are deleted by a
 * command at the next poll. Everything in between lives on the device's link, so any server process may serve a request.
 */

/** Queries not answered in full by then are sent again (a lost packet must not block the next readback). */
export const ZK_ANSWER_MS = 60_000;
/** How long the console's "Read back now" waits for the device's answer, and how often it looks (tests shorten it). */
export const zkReadbackWait = { totalMs: 20_000, everyMs: 500 };

type Part = { count: number | null; packs: number[] };
/** The queries under way: their token (in the command ids), what came back so far, a refusal. */
type Answer = { token: string; sentAt: number; users: ZkUserRow[]; faces: string[]; parts: Record<'U' | 'B', Part>; error: string };
/** `device_links.readback_answer`: the answer under way; people of ours to delete at the next poll. */
type Pending = { answer?: Answer; forget?: string[] };

const QUERY_ID = /^Q(\d{1,13})([UB])$/;
/** The window ends written for an open end (credentials.zkteco.ts): read back as open. */
const OPEN_ENDS = new Set(['2000-01-01 00:00:00', '2099-12-31 23:59:59']);

const pendingOf = (link: DeviceLinkRow | undefined): Pending => (link?.readbackAnswer as Pending | null) ?? {};

/** What a ZK device should hold of a credential, in the form its rows read back (the name as cut when sent). */
export const zkReader: Reader = {
  scheme: 'digits',
  expected: (row: CredentialRow): Holding => ({
    no: personNo('digits', row.personKind as FacePersonKind, row.personId),
    name: zkTruncate(zkValue(row.name), 24),
    cards: row.cardNo ? [row.cardNo] : [],
    face: row.photo !== '',
    validFrom: row.validFrom,
    validTo: row.validTo,
  }),
};

function holdingsOf(a: Answer, zoneMinutes: number): Holding[] {
  const at = (t: string | null | undefined) => (t && !OPEN_ENDS.has(t) ? zkLocalToDate(t, zoneMinutes) : null);
  const faces = new Set(a.faces);
  const byPin = new Map(a.users.map((u) => [u.pin, u]));
  return [...byPin.values()]
    .filter((u) => u.pin)
    .map((u) => ({
      no: u.pin,
      name: u.name,
      cards: u.card && u.card !== '0' ? [u.card] : [],
      face: faces.has(u.pin),
      validFrom: at(u.validFrom),
      validTo: at(u.validTo),
    }));
}

/** Asks for a readback at the device's next poll (an earlier wish still waiting stands). */
export async function wantReadback(scope: TenantScope, deviceId: number, now: Date): Promise<void> {
  const links = deviceLinksRepository(scope);
  const link = await links.link(deviceId);
  if (!link?.readbackWantedAt) await links.save(deviceId, { readbackWantedAt: now });
}

/** The commands a poll carries before the queue's: the deletions a readback found, the queries of one wanted. */
export async function readbackCommands(scope: TenantScope, deviceId: number, link: DeviceLinkRow | undefined, now: Date): Promise<ZkCommand[]> {
  const pending = pendingOf(link);
  const out: ZkCommand[] = (pending.forget ?? []).map((pin) => ({ id: `K${pin}`, text: zkDeleteUser(pin) }));
  const stale = !pending.answer || now.getTime() - pending.answer.sentAt >= ZK_ANSWER_MS;
  const ask = !!link?.readbackWantedAt && stale;
  if (!out.length && !ask) return [];
  const next: Pending = { answer: pending.answer };
  if (ask) {
    const token = String(now.getTime());
    const part = (): Part => ({ count: null, packs: [] });
    next.answer = { token, sentAt: now.getTime(), users: [], faces: [], parts: { U: part(), B: part() }, error: '' };
    out.push({ id: `Q${token}U`, text: zkQueryUsers() }, { id: `Q${token}B`, text: zkQueryFaces() });
  }
  await deviceLinksRepository(scope).save(deviceId, { readbackAnswer: next });
  return out;
}

/** A table the device posted while our queries are out: its user rows and face templates are the answer's. */
export async function readbackUpload(
  scope: TenantScope,
  deviceId: number,
  up: { upload: ZkUpload; cmdId?: string; packIdx?: number },
  now: Date,
  zoneMinutes: number,
): Promise<void> {
  const links = deviceLinksRepository(scope);
  const pending = pendingOf(await links.link(deviceId));
  const a = pending.answer;
  if (!a) return;
  const faces = up.upload.templates.filter((t) => t.type === 9 && t.valid).map((t) => t.pin);
  if (!up.upload.users.length && !faces.length) return;
  // A querydata packet names its query: another query's, or one seen already, adds nothing.
  if (up.cmdId !== undefined) {
    const m = QUERY_ID.exec(up.cmdId);
    const part = m?.[1] === a.token ? a.parts[m[2] as 'U' | 'B'] : undefined;
    if (!part || (up.packIdx !== undefined && part.packs.includes(up.packIdx))) return;
    if (up.packIdx !== undefined) part.packs.push(up.packIdx);
  }
  // Only what the comparison reads is kept: a site user's password (Passwd) is none of the server's business.
  a.users.push(...up.upload.users.map((u) => ({ pin: u.pin, name: u.name, card: u.card ?? '', validFrom: u.validFrom, validTo: u.validTo })));
  a.faces.push(...faces);
  await finishOrKeep(scope, deviceId, pending, now, zoneMinutes);
}

/** The queries' results: the number of rows sent (the answer is complete once they are all in), or a refusal. */
export async function readbackResults(scope: TenantScope, deviceId: number, results: ZkResult[], now: Date, zoneMinutes: number): Promise<void> {
  if (!results.some((r) => QUERY_ID.test(r.id))) return;
  const links = deviceLinksRepository(scope);
  const pending = pendingOf(await links.link(deviceId));
  const a = pending.answer;
  if (!a) return;
  let seen = false;
  for (const r of results) {
    const m = QUERY_ID.exec(r.id);
    if (m?.[1] !== a.token) continue;
    seen = true;
    if (r.ok) a.parts[m[2] as 'U' | 'B'].count = r.code;
    else a.error = `the device refused the readback query: ${r.meaning} (${r.code})`;
  }
  if (seen) await finishOrKeep(scope, deviceId, pending, now, zoneMinutes);
}

const complete = (a: Answer) =>
  !!a.error ||
  (a.parts.U.count !== null &&
    a.parts.B.count !== null &&
    new Set(a.users.map((u) => u.pin)).size >= a.parts.U.count &&
    new Set(a.faces).size >= a.parts.B.count);

const empty = { expected: 0, heldOurs: 0, heldSite: 0, missing: 0, extra: 0, changed: 0, repaired: 0, failed: 0, items: [] };

async function finishOrKeep(scope: TenantScope, deviceId: number, pending: Pending, now: Date, zoneMinutes: number): Promise<void> {
  const links = deviceLinksRepository(scope);
  const a = pending.answer;
  if (!a || !complete(a)) {
    await links.save(deviceId, { readbackAnswer: pending });
    return;
  }
  let forget: string[] = [];
  const fix: Fixer = {
    forget: async (nos) => {
      forget = nos;
    },
    push: async () => {},
    queued: true,
  };
  const report: DriftReport = a.error
    ? { at: now.getTime(), error: a.error, ...empty }
    : await checkHoldings(scope, deviceId, zkReader, holdingsOf(a, zoneMinutes), fix, now);
  await links.save(deviceId, {
    readbackAt: now,
    drift: report,
    readbackWantedAt: null,
    readbackAnswer: forget.length || pending.forget?.length ? { forget: [...(pending.forget ?? []), ...forget] } : null,
  });
}
