import type { FacePersonKind } from '@openvisit/contract';
import { type DeviceRow, normalizePlate } from '../../core/entitlements/entitlements.public.js';
import { residentPass, visitPass } from '../../platform/formats/passes.js';
import type { Services } from '../../platform/services.js';
import { type IsapiClient, IsapiError, isapiClient } from './credentials.isapi.js';
import type { HikPlate } from './credentials.isapi.plates.js';
import { personNo, personOfNo } from './credentials.numbers.js';
import { type DriverFactory, type Holding, LinkError, type PushDriver } from './credentials.push.js';
import type { CredentialRow } from './credentials.repository.js';
import type { Outcome } from './credentials.settle.js';

/**
 * The Hikvision ISAPI driver (docs/protocols/hikvision-isapi.md): a person is a user `OV<kind><id>` with the visit's
 * window and, for a visitor, the pass count (`maxOpenDoorTime`), their card, temporary card and still QR pass as cards, their face
 * in face library 1. A removal deletes the person with their cards and face. A barrier (an ANPR camera) holds the
 * person's plate in its allowlist instead (barrierDriver). The device's refusals of one person are that person's
 * failure; a refused password, a lock-out, a busy or absent device stop the run (LinkError).
 */
type Deps = Pick<Services, 'files' | 'secrets'>;

/** One client per device and settings in this process: its bound on requests in flight is the device's session limit. */
const clients = new Map<number, { key: string; client: IsapiClient }>();
/** Requests in flight per device, below the simulated and documented session limits (4). */
const MAX_IN_FLIGHT = 2;

export function baseUrl(d: Pick<DeviceRow, 'ip' | 'port' | 'driverTls'>): string {
  const host = d.ip.includes(':') ? `[${d.ip}]` : d.ip;
  return `${d.driverTls ? 'https' : 'http'}://${host}:${d.port ?? (d.driverTls ? 443 : 80)}`;
}

export function clientOf(device: DeviceRow, deps: Deps): IsapiClient {
  const key = JSON.stringify([device.ip, device.port, device.driverTls, device.driverUser, device.driverSecret]);
  const held = clients.get(device.id);
  if (held?.key === key) return held.client;
  const client = isapiClient(
    { baseUrl: baseUrl(device), username: device.driverUser, password: deps.secrets.open(device.driverSecret) },
    { maxConcurrent: MAX_IN_FLIGHT },
  );
  clients.set(device.id, { key, client });
  return client;
}

/** A device-level error as the link's state; null when it concerns only the request (that person's failure). */
export function linkErrorOf(err: unknown): LinkError | null {
  if (!(err instanceof IsapiError)) return null;
  switch (err.kind) {
    case 'auth':
      return new LinkError('authRefused', 'the device refused the account and password', null);
    case 'locked':
      return new LinkError('locked', 'the device locked the account after failed sign-ins', (err.retryAfterMs ?? 30 * 60_000) + 60_000);
    case 'busy':
      return new LinkError('busy', 'the device is busy (too many sessions)', 5_000);
    case 'timeout':
    case 'network':
      return new LinkError('unreachable', err.kind === 'timeout' ? 'the device did not answer in time' : 'the device cannot be reached');
    default:
      return null;
  }
}

/** Why the device refused one person's change, in its own words (never a password: the client's messages hold none). */
function reasonOf(err: unknown): string {
  if (err instanceof IsapiError) return (err.kind === 'garbage' ? 'the device answered something unreadable' : err.message).slice(0, 200);
  return err instanceof Error ? err.message.slice(0, 200) : 'failed';
}

/** Event minors of a face verification (passed 0x4b, failed 0x4c… per the guide's MAJOR_EVENT table). */
const FACE_MINORS = new Set([0x4b, 0x4c, 0x4d, 0x4e, 0x4f]);

const QR_PREFIX = { v: 'v:', r: 'r:' } as const;

/** The text of the person's still QR pass, as the device's QR reader reports it (as a card number). */
export function qrText(row: Pick<CredentialRow, 'qr' | 'companyId'>, deps: Deps): string {
  if (row.qr.startsWith(QR_PREFIX.v)) return visitPass(deps.secrets, row.companyId, row.qr.slice(2));
  if (row.qr.startsWith(QR_PREFIX.r)) return residentPass(deps.secrets, row.companyId, Number(row.qr.slice(2)));
  return '';
}

async function put(client: IsapiClient, device: DeviceRow, row: CredentialRow, deps: Deps): Promise<void> {
  const no = personNo('letters', row.personKind as FacePersonKind, row.personId);
  const visitor = row.personKind === 'visitor';
  await client.setUser({
    employeeNo: no,
    // The device keeps 128 bytes of a name: cut on a character, never inside one.
    name: cutUtf8(row.name, 128),
    userType: visitor ? 'visitor' : 'normal',
    validFrom: row.validFrom,
    validTo: row.validTo,
    doors: [Number(device.doorNo) || 1],
    ...(visitor && row.passLimit ? { maxOpenDoorTime: row.passLimit } : {}),
  });
  if (row.action === 'update') await client.deleteCardsOf([no]);
  if (row.cardNo) await client.setCard(no, row.cardNo);
  if (row.tempCard) await client.setCard(no, row.tempCard);
  const qr = qrText(row, deps);
  if (qr) await client.setCard(no, qr);
  const photo = row.photo ? await deps.files.read(row.photo) : null;
  // A face the store lost is this person's failure, never a face silently left out.
  if (row.photo && !photo) throw new Error('the face photo is missing from the file store');
  if (photo) await client.setFace(no, photo);
  else if (row.action === 'update') await client.deleteFaces([no]);
}

export function cutUtf8(s: string, bytes: number): string {
  let out = '';
  for (const ch of s) {
    if (Buffer.byteLength(out + ch) > bytes) break;
    out += ch;
  }
  return out;
}

/** A readback's failure as the link's (a device-level one), or a garbage answer as an error of the link. */
function asLinkError(err: unknown): LinkError {
  return linkErrorOf(err) ?? new LinkError(err instanceof IsapiError && err.kind === 'garbage' ? 'garbage' : 'error', reasonOf(err));
}

const noOf = (row: Pick<CredentialRow, 'personKind' | 'personId'>) => personNo('letters', row.personKind as FacePersonKind, row.personId);
/** An allowlist entry as a holding: ours by the person number in its card No. (site entries have another or none). */
const plateHolding = (p: HikPlate): Holding => ({
  no: p.cardNo,
  name: p.plate,
  cards: [],
  face: false,
  validFrom: p.validFrom,
  validTo: p.validTo,
  plate: p.plate,
});

/**
 * A barrier's lane: the person's plate in the camera's allowlist with their window, our person number in the entry's
 * card No. (docs/protocols/hikvision-isapi.md, "Plates"). A batch reads the list once: a changed plate replaces the
 * person's old entry; a removal deletes only entries bearing the person's number; a plate the site listed itself is
 * never overwritten (that person's failure). Two people of ours with one plate share its entry: the last write wins.
 */
function barrierDriver(client: IsapiClient): PushDriver {
  const list = async () => {
    try {
      return await client.plates();
    } catch (err) {
      throw asLinkError(err);
    }
  };
  const putPlate = async (plates: Map<string, HikPlate>, row: CredentialRow) => {
    const no = noOf(row);
    const stale = [...plates.values()].filter((p) => p.cardNo === no && (row.action === 'remove' || p.plate !== row.plate)).map((p) => p.plate);
    if (row.action !== 'remove') {
      const held = plates.get(row.plate);
      if (held && held.cardNo !== no && !personOfNo('letters', held.cardNo))
        throw new Error(`the plate ${row.plate} is on the camera's list as the site's own entry`);
      const entry = { plate: row.plate, listType: 'allowList' as const, cardNo: no, validFrom: row.validFrom, validTo: row.validTo };
      await client.setPlate({ ...entry, modify: !!held });
      plates.set(row.plate, { id: row.plate, ...entry });
    }
    if (stale.length) await client.deletePlates(stale);
    for (const p of stale) plates.delete(p);
  };
  return {
    scheme: 'letters',
    read: async () => (await list()).map(plateHolding),
    expected: (row) =>
      plateHolding({ id: row.plate, plate: row.plate, listType: 'allowList', cardNo: noOf(row), validFrom: row.validFrom, validTo: row.validTo }),
    // A camera has no access event log: its passes are its plate reads (vehicles), not person passes.
    passes: async (from) => ({ passes: [], cursor: from.after }),
    async vehicles(since) {
      try {
        return (await client.plateReads(since)).map((r) => ({
          recordId: r.picName || `${r.plate}@${r.at.getTime()}`,
          at: r.at,
          plate: normalizePlate(r.plate),
          direction: r.direction === 'reverse' ? 2 : 1,
        }));
      } catch (err) {
        throw asLinkError(err);
      }
    },
    async forget(nos) {
      const ours = new Set(nos);
      try {
        await client.deletePlates((await list()).filter((p) => ours.has(p.cardNo)).map((p) => p.plate));
      } catch (err) {
        throw asLinkError(err);
      }
    },
    async apply(rows) {
      const outcomes: Outcome[] = [];
      let plates: Map<string, HikPlate>;
      try {
        plates = new Map((await list()).map((p) => [p.plate, p]));
      } catch (err) {
        return { outcomes, stopped: err instanceof LinkError ? err : asLinkError(err) };
      }
      for (const row of rows) {
        try {
          await putPlate(plates, row);
          outcomes.push({ seq: row.seq, status: 'synced' });
        } catch (err) {
          const link = linkErrorOf(err);
          if (link) return { outcomes, stopped: link };
          outcomes.push({ seq: row.seq, status: 'failed', reason: reasonOf(err) });
        }
      }
      return { outcomes };
    },
  };
}

export const hikvisionDriver: DriverFactory = (device, deps) => {
  const client = clientOf(device, deps);
  if (device.kind === 'barrier') return barrierDriver(client);
  return {
    scheme: 'letters',
    async read() {
      try {
        const [users, cards, faces] = [await client.users(), await client.cards(), await client.faces()];
        const cardsOf = new Map<string, string[]>();
        for (const c of cards) cardsOf.set(c.employeeNo, [...(cardsOf.get(c.employeeNo) ?? []), c.cardNo]);
        const withFace = new Set(faces.map((f) => f.employeeNo));
        return users.map((u) => ({
          no: u.employeeNo,
          name: u.name,
          cards: cardsOf.get(u.employeeNo) ?? [],
          face: withFace.has(u.employeeNo),
          validFrom: u.validFrom,
          validTo: u.validTo,
        }));
      } catch (err) {
        throw asLinkError(err);
      }
    },
    expected(row) {
      return {
        no: personNo('letters', row.personKind as FacePersonKind, row.personId),
        name: cutUtf8(row.name, 128),
        cards: [row.cardNo, row.tempCard, qrText(row, deps)].filter((c) => c !== ''),
        face: row.photo !== '',
        validFrom: row.validFrom,
        validTo: row.validTo,
      };
    },
    async passes(from) {
      try {
        const events = await client.events({ serialNo: from.after, since: from.since });
        return {
          passes: events.map((e) => {
            const person = e.employeeNo ? personOfNo('letters', e.employeeNo) : null;
            return {
              at: e.time,
              personKind: person?.kind ?? null,
              personId: person?.id ?? null,
              way: e.qr ? 'qr' : FACE_MINORS.has(e.minor) ? 'face' : 'card',
              result: e.granted ? 1 : 0,
              code: e.minor,
            };
          }),
          cursor: events.reduce((max, e) => Math.max(max, e.serialNo), from.after),
        };
      } catch (err) {
        throw asLinkError(err);
      }
    },
    async forget(nos) {
      try {
        await client.deleteUsers(nos);
      } catch (err) {
        throw asLinkError(err);
      }
    },
    async apply(rows) {
      const outcomes: Outcome[] = [];
      const removals = rows.filter((r) => r.action === 'remove');
      // Removals first, together (a revocation reaches the device in one request per 30 people).
      if (removals.length) {
        try {
          await client.deleteUsers(removals.map((r) => personNo('letters', r.personKind as FacePersonKind, r.personId)));
          for (const r of removals) outcomes.push({ seq: r.seq, status: 'synced' });
        } catch (err) {
          const link = linkErrorOf(err);
          if (link) return { outcomes, stopped: link };
          for (const r of removals) outcomes.push({ seq: r.seq, status: 'failed', reason: reasonOf(err) });
        }
      }
      // Two people at a time: the client's bound (MAX_IN_FLIGHT) is then used; a device-level refusal stops both lanes.
      const puts = rows.filter((r) => r.action !== 'remove');
      let next = 0;
      let stopped: LinkError | undefined;
      const lane = async () => {
        while (!stopped && next < puts.length) {
          const row = puts[next++] as CredentialRow;
          try {
            await put(client, device, row, deps);
            outcomes.push({ seq: row.seq, status: 'synced' });
          } catch (err) {
            const link = linkErrorOf(err);
            // What was applied before the device went away is settled; the rest goes back to the queue.
            if (link) stopped ??= link;
            else outcomes.push({ seq: row.seq, status: 'failed', reason: reasonOf(err), code: faceCode(err) });
          }
        }
      };
      await Promise.all(Array.from({ length: MAX_IN_FLIGHT }, lane));
      if (stopped) return { outcomes, stopped };
      return { outcomes };
    },
  };
};

/** A face picture the device refused is the employee's face status 1 (photo error), shown in the employee list. */
function faceCode(err: unknown): number | undefined {
  return err instanceof IsapiError && /face|picture|FD/i.test(`${err.subStatusCode ?? ''} ${err.message}`) ? 1 : undefined;
}
