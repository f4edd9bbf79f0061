import type { FacePersonKind } from '@openvisit/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import { type DeviceLinkRow, deviceById, deviceLinksRepository, recordPasses } from '../../core/entitlements/entitlements.public.js';
import { jobContext } from '../../platform/http/calls.js';
import { inTransaction, type SystemScope, scopeForCompany, type TenantScope } from '../../platform/identity/tenancy.js';
import type { Services } from '../../platform/services.js';
import { readbackCommands, readbackResults, readbackUpload } from './credentials.iclock.readback.js';
import { signInOrOutAtFace } from './credentials.moves.js';
import { personNo, personOfNo } from './credentials.numbers.js';
import { PUSH_LEASE_MS } from './credentials.push.js';
import { pushQueueRepository } from './credentials.push.repository.js';
import { type DevicePass, passRowsOf } from './credentials.records.js';
import { type CredentialRow, terminalRepository } from './credentials.repository.js';
import { type Outcome, settle } from './credentials.settle.js';
import { faceSyncSystemRepository } from './credentials.system.repository.js';
import {
  parseZkRequest,
  parseZkResults,
  parseZkRtlog,
  parseZkUpload,
  ZK_UNKNOWN_DEVICE,
  type ZkCommand,
  type ZkRequest,
  zkDeleteFace,
  zkDeleteFaceTemplate,
  zkDeleteUser,
  zkEventResult,
  zkHandshakeAnswer,
  zkLocalTime,
  zkLocalToDate,
  zkPollAnswer,
  zkQueryDataAnswer,
  zkSetFace,
  zkSetUser,
  zkUploadAnswer,
} from './credentials.zkteco.js';

/**
 * The ZKTeco PUSH side (docs/protocols/zkteco-push.md): the device polls `/iclock/` by its serial number; its queue
 * is the credential pipeline's (the same claims, seqs and settling as a pushed-to device), each change one or two
 * commands whose ids carry the change's seq; its attendance records are passes, received once each.
 */
type Deps = { system: SystemScope; config: Config; services: Services; log: FastifyRequest['log'] };
/** Changes per poll: a face photo is up to ~270 KB of base64, an answer at most 900 KB. */
const PER_POLL = 8;
const COMMAND_ID = /^(\d{1,15})([UFXTD])$/;

/** The server's offset from UTC now, the device's clock being set to the site's (the handshake's TimeZone). */
const zoneMinutes = (at: Date) => -at.getTimezoneOffset();

async function commandsOf(row: CredentialRow, services: Services, now: Date): Promise<ZkCommand[]> {
  const pin = personNo('digits', row.personKind as FacePersonKind, row.personId);
  if (row.action === 'remove') return [{ id: `${row.seq}D`, text: zkDeleteUser(pin) }];
  const local = (d: Date | null) => (d ? zkLocalTime(d, zoneMinutes(now)) : null);
  const user = zkSetUser({ pin, name: row.name, card: row.cardNo, validFrom: local(row.validFrom), validTo: local(row.validTo) });
  const photo = row.photo ? await services.files.read(row.photo) : null;
  const out = [{ id: `${row.seq}U`, text: user }];
  if (photo) out.push({ id: `${row.seq}F`, text: zkSetFace(pin, photo) });
  // A photo taken away: the photo and the template the device made of it are two deletions.
  else if (row.action === 'update') out.push({ id: `${row.seq}X`, text: zkDeleteFace(pin) }, { id: `${row.seq}T`, text: zkDeleteFaceTemplate(pin) });
  return out;
}

/** The command whose success makes the change live (commands run in order): the face's, else the user's. */
const lastPart = (row: CredentialRow) => (row.action === 'remove' ? 'D' : row.photo ? 'F' : row.action === 'update' ? 'T' : 'U');

/** The next changes as commands; a change that cannot be put in the device's terms fails at once with why. */
async function poll(scope: TenantScope, deviceId: number, link: DeviceLinkRow | undefined, services: Services, now: Date): Promise<string> {
  // A readback's queries and deletions first: a few short lines, never left for a later poll.
  const first = await readbackCommands(scope, deviceId, link, now);
  const queue = pushQueueRepository(scope);
  const rows = await queue.claim(deviceId, PER_POLL, now, PUSH_LEASE_MS);
  const commands: (ZkCommand & { seq: number })[] = [];
  const refused: Outcome[] = [];
  for (const row of rows) {
    try {
      for (const c of await commandsOf(row, services, now)) commands.push({ ...c, seq: row.seq });
    } catch (err) {
      refused.push({ seq: row.seq, status: 'failed', reason: err instanceof Error ? err.message.slice(0, 200) : 'refused' });
    }
  }
  if (refused.length) await inTransaction(scope, (tx) => settle(tx, deviceId, refused, now));
  const { text, sent } = zkPollAnswer([...first, ...commands]);
  const unsent = new Set(commands.slice(Math.max(0, sent - first.length)).map((c) => c.seq));
  await queue.release(deviceId, [...unsent], '');
  return text;
}

/** Results by command id: a change is live once its last command succeeded, failed at its first failure. */
async function results(scope: TenantScope, deviceId: number, body: string, now: Date): Promise<void> {
  const all = parseZkResults(body);
  await readbackResults(scope, deviceId, all, now, zoneMinutes(now));
  const parsed = all.flatMap((r) => {
    const m = COMMAND_ID.exec(r.id);
    return m ? [{ seq: Number(m[1]), part: m[2], r }] : [];
  });
  const rows = new Map(
    (
      await terminalRepository(scope).bySeqs(
        deviceId,
        parsed.map((p) => p.seq),
      )
    ).map((r) => [r.seq, r]),
  );
  const outcomes: Outcome[] = [];
  // A change's first failure is its reason (a face refused because its user was: the user's refusal), counted once.
  const failed = new Set<number>();
  for (const { seq, part, r } of parsed) {
    const row = rows.get(seq);
    if (!row || failed.has(seq)) continue;
    // Deleting what the device does not hold (-10) leaves it as wanted.
    const gone = r.kind === 'unknownUser' && (part === 'D' || part === 'X' || part === 'T');
    if (!r.ok && !gone) {
      failed.add(seq);
      outcomes.push({ seq, status: 'failed', reason: `${r.meaning} (${r.code})`, code: part === 'F' ? 1 : undefined });
    } else if (part === lastPart(row)) outcomes.push({ seq, status: 'synced' });
  }
  if (outcomes.length) await inTransaction(scope, (tx) => settle(tx, deviceId, outcomes, now));
}

type Keyed = { key: string; pin: string; time: string; way: string; result: number; code: number };
const wayOf = (verify: number) => (verify === 15 ? 'face' : verify === 4 ? 'card' : 'other');

/** Passes the device posted: each (key) once per device; a PIN not ours, or a person never sent, is a stranger. */
async function passes(deps: Deps, scope: TenantScope, deviceId: number, records: Keyed[], now: Date): Promise<void> {
  const device = await deviceById(scope, deviceId);
  if (!device || !records.length) return;
  const rows = await inTransaction(scope, async (tx) => {
    const fresh = new Set(
      await terminalRepository(tx).receive(
        deviceId,
        records.map((r) => r.key),
      ),
    );
    const todo = records.filter((r) => fresh.has(r.key));
    const rows = await passRowsOf(
      tx,
      device,
      todo.map((r): DevicePass => {
        const person = r.pin ? personOfNo('digits', r.pin) : null;
        const at = zkLocalToDate(r.time, zoneMinutes(now)) ?? now;
        return {
          at,
          personKind: person?.kind ?? null,
          personId: person?.id ?? null,
          direction: device.enterStatus,
          way: r.way,
          result: r.result,
          code: r.code,
        };
      }),
    );
    if (rows.length) await recordPasses(tx, rows);
    return rows;
  });
  const actor = jobContext(deps, scope.companyId, { job: 'credentials', account: `device:${device.deviceCode}`, name: device.deviceName });
  await signInOrOutAtFace(actor, device.deviceName, rows);
}

/** Attendance records (ATTLOG, verified people only): keyed by (PIN, time), as the device has no record id. */
function attendance(body: string): Keyed[] {
  return parseZkUpload('ATTLOG', body).records.map((r) => ({
    key: `${r.pin}|${r.time}`,
    pin: r.pin,
    time: r.time,
    way: r.verifyName === 'face' ? 'face' : r.verifyName === 'card' ? 'card' : 'other',
    result: 1,
    code: r.verify,
  }));
}

/** Door events (rtlog): a person's pass granted or refused, with the device's event code; door states and alarms are not passes. */
function doorEvents(body: string): Keyed[] {
  return parseZkRtlog(body).flatMap((e) => {
    const result = zkEventResult(e.event);
    if (result === null || (!e.pin && !e.card)) return [];
    const key = `rt|${e.time}|${e.pin || `card:${e.card}`}|${e.event}|${e.door}`;
    return [{ key, pin: e.pin, time: e.time, way: wayOf(e.verify), result, code: e.event }];
  });
}

/** An upload: passes recorded, a readback's rows taken, the stamp kept (echoed at the next handshake: nothing re-sent). */
async function upload(deps: Deps, scope: TenantScope, deviceId: number, zk: ZkRequest, link: DeviceLinkRow | undefined, body: string, now: Date) {
  const lines = body.split('\n').filter((l) => l.trim()).length;
  const records = zk.table === 'ATTLOG' ? attendance(body) : zk.table === 'RTLOG' ? doorEvents(body) : [];
  await passes(deps, scope, deviceId, records, now);
  // A readback's rows: OPERLOG USER lines (a firmware posting them as USERINFO too), BIODATA templates.
  if (['OPERLOG', 'USERINFO', 'BIODATA'].includes(zk.table))
    await readbackUpload(scope, deviceId, { upload: parseZkUpload(zk.table, body) }, now, zoneMinutes(now));
  if (/^\d{1,15}$/.test(zk.stamp)) {
    const links = deviceLinksRepository(scope);
    if (zk.table === 'ATTLOG') await links.save(deviceId, { eventCursor: Number(zk.stamp) });
    else if (zk.table) await links.save(deviceId, { stamps: { ...((link?.stamps as Record<string, string> | null) ?? {}), [zk.table]: zk.stamp } });
  }
  return zkUploadAnswer(zk.table === 'ATTLOG' ? records.length : lines);
}

async function handle(deps: Deps, req: FastifyRequest, reply: FastifyReply): Promise<string> {
  const zk = parseZkRequest(req.method, req.url.replace(/^\/iclock/, ''));
  const device = zk.sn ? await faceSyncSystemRepository(deps.system).zktecoBySn(zk.sn) : undefined;
  // A serial number is not a secret: a device registered with an address must call from it.
  // A disabled device (status 1) is still answered: the removals of our people must reach it.
  if (!device || (device.status !== 0 && device.status !== 1) || (device.ip && device.ip !== req.ip)) {
    req.log.warn({ sn: zk.sn, ip: req.ip }, 'iclock: unknown, disabled or misplaced device');
    reply.code(401);
    return ZK_UNKNOWN_DEVICE;
  }
  const scope = scopeForCompany(deps.system, device.companyId);
  const now = new Date();
  const links = deviceLinksRepository(scope);
  const link = await links.link(device.id);
  // The last contact, written at most every half minute (a device polls every few seconds).
  if (!link?.lastContactAt || now.getTime() - link.lastContactAt.getTime() >= 30_000 || link.state !== 'ok')
    await links.save(device.id, { state: 'ok', reason: '', lastContactAt: now });
  const body = typeof req.body === 'string' ? req.body : '';
  const stamps = (link?.stamps as Record<string, string> | null) ?? {};
  switch (zk.kind) {
    case 'handshake':
      return zkHandshakeAnswer({
        sn: zk.sn,
        timeZoneMinutes: zoneMinutes(now),
        attlogStamp: String(link?.eventCursor ?? 0),
        operlogStamp: stamps.OPERLOG,
        attphotoStamp: stamps.ATTPHOTO,
        biodataStamp: stamps.BIODATA,
        realtime: true,
        delaySec: 5,
      });
    case 'poll':
      return poll(scope, device.id, link, deps.services, now);
    case 'result':
      await results(scope, device.id, body, now);
      return 'OK';
    case 'upload':
      return upload(deps, scope, device.id, zk, link, body, now);
    case 'queryData': {
      // PUSH 3.x: a query's rows in packets (packcnt/packidx), named by the query's command id.
      const packIdx = /^\d{1,6}$/.test(zk.params.packidx ?? '') ? Number(zk.params.packidx) : undefined;
      const up = { upload: parseZkUpload(zk.table, body), cmdId: zk.params.cmdid ?? '', packIdx };
      await readbackUpload(scope, device.id, up, now, zoneMinutes(now));
      return zkQueryDataAnswer(zk.table, body.split('\n').filter((l) => l.trim()).length);
    }
    default:
      return 'OK';
  }
}

/** `/iclock/*` for ZKTeco devices (outside /api/: the device speaks its own protocol, in plain text). */
export function registerIclock(app: FastifyInstance, deps: Omit<Deps, 'log'>): void {
  void app.register(async (iclock) => {
    iclock.removeAllContentTypeParsers();
    iclock.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 4 * 1024 * 1024 }, (_req, body, done) => done(null, body));
    iclock.route({
      method: ['GET', 'POST'],
      url: '/iclock/:what',
      handler: async (req, reply) => {
        const text = await handle({ ...deps, log: req.log }, req, reply);
        return reply.header('content-type', 'text/plain; charset=utf-8').header('date', new Date().toUTCString()).send(text);
      },
    });
  });
}
