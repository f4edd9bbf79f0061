import { createHash } from 'node:crypto';
import type { Device, DeviceDriver, DeviceKind, FacePersonKind } from '@openvisit/contract';
import { settingsIn } from '../../core/company/company.public.js';
import {
  allGrants,
  devicesOfGroups,
  entitledGroups,
  type GroupFacts,
  groupFacts,
  normalizePlate,
} from '../../core/entitlements/entitlements.public.js';
import { faceSyncCandidates } from '../../core/people/people.public.js';
import { faceCandidateVisits, meetingWindow } from '../../core/visits/visits.public.js';
import { dayOf, dayStart } from '../../platform/formats/days.js';
import type { SecretBox } from '../../platform/identity/crypto.js';
import type { TenantScope } from '../../platform/identity/tenancy.js';
import { blacklistMatcher } from '../blacklist/blacklist.public.js';
import { interimCards } from '../interimCards/interimCards.public.js';
import { faceCandidateResidents } from '../residents/residents.public.js';
import type { Held } from './credentials.repository.js';

/**
 * Who a face terminal must know (docs/modules/credentials.md): employees with a face photo and access rights, approved
 * visits with a photo within their window, approved residents with a face within theirs; never anyone blacklisted.
 * Which groups each opens is the devices module's one rule (`entitledGroups`); a terminal gets the people of its
 * groups. People whose window has not opened yet are sent with their window (the terminal enforces it); people whose
 * window is over are not wanted.
 */
export interface Person extends Held {
  kind: FacePersonKind;
  id: number;
}

type Blacklisted = (phone: string, credentialNo: string) => boolean;
type Grants = Awaited<ReturnType<typeof allGrants>>;
type Window = { validFrom: Date | null; validTo: Date | null };

const over = (w: Window, now: Date) => w.validTo !== null && w.validTo.getTime() <= now.getTime();

async function employeesWanted(scope: TenantScope, now: Date, groups: GroupFacts[], grants: Grants, listed: Blacklisted): Promise<Person[]> {
  const out: Person[] = [];
  const lent = await interimCards.lentCardsOfEmployees(scope, now);
  for (const e of await faceSyncCandidates(scope, [...lent.keys()])) {
    if (listed(e.phone, '')) continue;
    // acStart–acEnd are whole days, both included.
    const w = { validFrom: e.acStart ? dayStart(e.acStart) : null, validTo: e.acEnd ? dayStart(e.acEnd, 1) : null };
    if (over(w, now)) continue;
    const g = entitledGroups({ kind: 'employee', granted: grants.employees.get(e.id) ?? [] }, groups);
    if (!g.length) continue;
    const tempCard = lent.get(e.id) ?? '';
    // The employees table keeps no plate (plate: '').
    out.push({
      kind: 'employee',
      id: e.id,
      name: e.name,
      photo: e.avatar,
      cardNo: e.cardNo,
      tempCard,
      qr: '',
      passLimit: null,
      plate: '',
      ...w,
      groups: g,
    });
  }
  return out;
}

type VisitCandidate = Awaited<ReturnType<typeof faceCandidateVisits>>[number];

/**
 * A visit's window as the kiosk's check-in has it (a meeting's window, else the expected time widened by the company's
 * extend times, else any time); once signed in, until its leave time (else the end of that day).
 */
async function visitWindow(
  scope: TenantScope,
  v: VisitCandidate,
  settings: { preExtendTime: number; latExtendTime: number },
  now: Date,
): Promise<Window> {
  if (v.status === 'signedIn') {
    const since = v.visitAt ?? now;
    return { validFrom: since, validTo: v.leaveAt ?? dayStart(dayOf(since), 1) };
  }
  if (v.meetingId) {
    const w = await meetingWindow(scope, v.meetingId, settings.preExtendTime);
    if (w) return { validFrom: new Date(w.opensAt), validTo: new Date(w.closesAt) };
  }
  if (!v.appointmentAt) return { validFrom: null, validTo: null };
  const at = v.appointmentAt.getTime();
  return { validFrom: new Date(at - settings.preExtendTime * 60_000), validTo: new Date(at + settings.latExtendTime * 60_000) };
}

export async function visitorsWanted(
  scope: TenantScope,
  now: Date,
  ctx: { groups: GroupFacts[]; grants: Grants; listed: Blacklisted },
  visitIds?: number[],
): Promise<Person[]> {
  // One after the other: the reconciliation runs in a transaction (one connection).
  const visits = await faceCandidateVisits(scope, visitIds);
  const settings = await settingsIn(scope);
  // A device checks a still pass itself; a rotating one (or the original's format) only the server can.
  const qrs = settings.cryptoperiod === 0 && !settings.originalCompat;
  const passLimit = settings.qrMaxCount > 0 ? settings.qrMaxCount : null;
  const out: Person[] = [];
  for (const v of visits) {
    if (ctx.listed(v.phone, v.idNumber)) continue;
    const w = await visitWindow(scope, v, settings, now);
    if (over(w, now)) continue;
    const granted = v.tid !== null ? (ctx.grants.visitorTypes.get(v.tid) ?? []) : [];
    const g = entitledGroups({ kind: 'visitor', granted, gid: v.gid }, ctx.groups);
    const qr = qrs && v.code ? `v:${v.code}` : '';
    const plate = normalizePlate(v.plateNum);
    if (g.length)
      out.push({ kind: 'visitor', id: v.id, name: v.name, photo: v.photo, cardNo: v.cardNo, tempCard: '', qr, passLimit, plate, ...w, groups: g });
  }
  return out;
}

async function residentsWanted(scope: TenantScope, now: Date, groups: GroupFacts[], grants: Grants, listed: Blacklisted): Promise<Person[]> {
  const settings = await settingsIn(scope);
  const qrs = !settings.originalCompat;
  const out: Person[] = [];
  for (const r of await faceCandidateResidents(scope)) {
    if (listed(r.phone, r.idNumber)) continue;
    const w = { validFrom: r.startAt, validTo: r.endAt };
    if (over(w, now)) continue;
    // A resident is registered at no gate: the groups of every gate.
    const g = entitledGroups({ kind: 'resident', granted: grants.residents.get(r.id) ?? [], gid: null }, groups);
    const held = {
      name: r.name,
      photo: r.face,
      cardNo: '',
      tempCard: '',
      qr: qrs ? `r:${r.id}` : '',
      passLimit: null,
      plate: normalizePlate(r.plateNum),
    };
    if (g.length) out.push({ kind: 'resident', id: r.id, ...held, ...w, groups: g });
  }
  return out;
}

/** A device that keeps its own list of people: ours (a face terminal that pulls) or a pushed-to or polling one. */
export interface Terminal {
  id: number;
  groups: number[];
  driver: DeviceDriver;
  kind: DeviceKind;
}

export interface Wanted {
  terminals: Terminal[];
  people: Person[];
}

/** Whether a device keeps people: our face terminals, and every device of another driver (its kinds keep people). */
export const keepsPeople = (d: { driver: string; eType: string }) => d.driver !== 'openvisit' || d.eType === 'face';

/**
 * What this device should hold of the person, or null when it has no use for them: our face terminals take people
 * with a face (and their card); a pushed-to face terminal any of face, card or QR (ZKTeco's read no QR); a card reader
 * the card; a Hikvision QR reader the QR pass or the card; a Hikvision barrier (an ANPR camera's allowlist) only the
 * plate (no other device holds a plate). An employee's temporary card is a second card where the device keeps several
 * (Hikvision); where it keeps one (ZKTeco's user record, our terminals), it is the card while lent.
 */
export function contentFor(t: Terminal, p: Person): Pick<Person, 'photo' | 'cardNo' | 'tempCard' | 'qr' | 'plate'> | null {
  if (t.kind === 'barrier') return t.driver === 'hikvision' && p.plate ? { photo: '', cardNo: '', tempCard: '', qr: '', plate: p.plate } : null;
  const face = t.kind === 'face';
  const cards = t.driver === 'hikvision' ? p : { cardNo: p.tempCard || p.cardNo, tempCard: '' };
  const c = {
    photo: face ? p.photo : '',
    cardNo: cards.cardNo,
    tempCard: cards.tempCard === cards.cardNo ? '' : cards.tempCard,
    qr: t.driver === 'hikvision' && (face || t.kind === 'qr') ? p.qr : '',
    plate: '',
  };
  if (t.driver === 'openvisit') return face && c.photo ? c : null;
  return c.photo || c.cardNo || c.tempCard || c.qr ? c : null;
}

/** The company's face terminals and the people wanted: everyone, or only these visits (the change feed's). */
export async function wantedPeople(scope: TenantScope, secrets: SecretBox, now: Date, visitIds?: number[]): Promise<Wanted> {
  // One after the other: the reconciliation runs in a transaction (one connection).
  const groups = await groupFacts(scope);
  const grants = await allGrants(scope);
  const listed = await blacklistMatcher(scope, secrets);
  const devices: Device[] = await devicesOfGroups(
    scope,
    groups.map((g) => g.id),
  );
  // A disabled device holds nobody of ours: disabling a door takes our people off it (the site's own stay).
  const terminals = devices
    .filter((d) => d.status === 0 && keepsPeople(d))
    .map((d) => ({ id: d.eid, groups: d.egids, driver: d.driver, kind: d.eType }));
  if (visitIds) return { terminals, people: await visitorsWanted(scope, now, { groups, grants, listed }, visitIds) };
  const staff = await employeesWanted(scope, now, groups, grants, listed);
  const visitors = await visitorsWanted(scope, now, { groups, grants, listed });
  const residents = await residentsWanted(scope, now, groups, grants, listed);
  return { terminals, people: [...staff, ...visitors, ...residents] };
}

/** What a terminal holds of a person: a change of any of it is an update. */
export function digestOf(p: Omit<Person, 'kind' | 'id' | 'groups'>, groups: number[]): string {
  const parts = [p.name, p.photo, p.cardNo, p.validFrom?.getTime() ?? '', p.validTo?.getTime() ?? '', groups.join(','), p.qr, p.passLimit];
  // Appended only when set: the digests of everyone without one stay as they were (no re-push of all on upgrade).
  if (p.tempCard) parts.push(`t:${p.tempCard}`);
  if (p.plate) parts.push(p.plate);
  return createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 22);
}
