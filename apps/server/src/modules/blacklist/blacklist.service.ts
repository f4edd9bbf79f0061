import {
  type FieldError,
  type In,
  idNumberBirthDate,
  isMaskedIdNumber,
  type ListedLevel,
  type ListedPerson,
  logDesc,
  maskIdNumber,
  phoneKey,
  type ScreeningSubject,
  Status,
  settingObject,
} from '@openvisit/contract';
import { patchSettings, settingsOf } from '../../core/company/company.public.js';
import { uniqueViolation } from '../../db/sql.js';
import { drainFileDeletions, queueFileDeletions } from '../../platform/files/fileDeletions.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { AppError, badParams, notFound, requireEvery } from '../../platform/http/errors.js';
import type { SecretBox } from '../../platform/identity/crypto.js';
import { idNumberHash } from '../../platform/identity/idNumbers.js';
import { inTransaction, type TenantScope } from '../../platform/identity/tenancy.js';
import { emitEvents } from '../../platform/jobs/eventOutbox.js';
import { idNumberKey } from '../../platform/personData.js';
import { watchlistEvent } from './blacklist.events.js';
import { kioskKey, offlineDigest } from './blacklist.offline.js';
import { type ListedRow, type ListedValues, type ListKind, listRepository, unhashedRepository } from './blacklist.repository.js';
import { reviewAllowed, screeningAlert } from './blacklist.reviews.js';
import { keyEntry, type Probe, type Screened, screenPerson } from './blacklist.screening.js';

/** Phones compare as normalised numbers, certificate numbers case- and space-insensitively. */
export function normaliseIdentity(phone: string | undefined, credentialNo: string | undefined) {
  return { phone: phoneKey(phone ?? ''), credentialNo: idNumberKey(credentialNo ?? '') };
}

/** The masked number an entry shows: the list holds no whole number (one from before hashing is masked too). */
export function shownNumber(r: Pick<ListedRow, 'credentialMasked' | 'credentialNo'>): string {
  return r.credentialMasked || (r.credentialNo ? maskIdNumber(r.credentialNo) : '');
}

function toListed(r: ListedRow): ListedPerson {
  const first = shownNumber(r);
  return {
    bid: r.id,
    name: r.name,
    aliases: r.aliases,
    phone: r.phone,
    phones: [r.phone, ...r.morePhones].filter(Boolean),
    credentialNo: first,
    credentialNos: [first, ...r.moreCredentials.map((c) => c.masked)].filter(Boolean),
    birthDate: r.birthDate,
    remark: r.remark,
    level: r.level as ListedLevel,
    expireTime: r.expiresAt?.getTime() ?? null,
    expired: r.expiresAt !== null && r.expiresAt.getTime() <= Date.now(),
    photo: r.photo,
    sname: r.createdBy,
    createTime: r.createdAt.getTime(),
  };
}

function repoOf(ctx: AuthedContext, kind: ListKind) {
  return listRepository(ctx.tenant, kind);
}

export async function page(ctx: AuthedContext, kind: ListKind, input: { startIndex: number; requestedCount: number; name?: string }) {
  const text = input.name?.trim();
  const { rows, count } = await repoOf(ctx, kind).page(text, idNumberHash(ctx.services.secrets, text ?? ''), input.startIndex, input.requestedCount);
  return { pageNo: Math.floor(input.startIndex / input.requestedCount) + 1, pageSize: input.requestedCount, count, list: rows.map(toListed) };
}

type EntryInput = Omit<In<'addBlacklist'>, 'userid'>;
type Credential = { hash: string; masked: string; offline?: string };

/**
 * The entry's certificate numbers as hashes, masks and kiosk digests: a mask sent back stands for the number held
 * under it.
 */
function credentialsOf(ctx: AuthedContext, input: EntryInput, held: Credential[]): Credential[] {
  const { secrets } = ctx.services;
  const kiosk = kioskKey(secrets, ctx.tenant.companyId);
  const errors: FieldError[] = [];
  const sent = [input.credentialNo, ...input.credentialNos];
  const out = sent.flatMap((n, i): Credential[] => {
    if (!n) return [];
    if (isMaskedIdNumber(n)) {
      const kept = held.find((h) => h.masked === n);
      if (!kept) errors.push({ field: i === 0 ? 'credentialNo' : `credentialNos.${i - 1}`, rule: 'masked' });
      return kept ? [kept] : [];
    }
    const key = idNumberKey(n);
    return [{ hash: idNumberHash(secrets, key), masked: maskIdNumber(key), offline: offlineDigest(kiosk, `c:${key}`) }];
  });
  if (errors.length) throw badParams(errors);
  return out.filter((c, i) => out.findIndex((o) => o.hash === c.hash) === i);
}

function heldCredentials(ctx: AuthedContext, r: ListedRow): Credential[] {
  const { secrets } = ctx.services;
  const offline = (n: string) => offlineDigest(kioskKey(secrets, ctx.tenant.companyId), `c:${idNumberKey(n)}`);
  const legacy = r.credentialNo
    ? [{ hash: idNumberHash(secrets, r.credentialNo), masked: maskIdNumber(r.credentialNo), offline: offline(r.credentialNo) }]
    : [];
  const first = r.credentialHash ? [{ hash: r.credentialHash, masked: r.credentialMasked, offline: r.credentialOffline }] : [];
  return [...first, ...legacy, ...r.moreCredentials];
}

/** The row's values from the input: phones normalised and deduplicated, numbers hashed, the expiry in the future. */
function valuesOf(input: EntryInput, credentials: Credential[], now = Date.now()): ListedValues {
  if (input.expireTime !== null && input.expireTime <= now) throw badParams([{ field: 'expireTime', rule: 'past' }]);
  const phones = [...new Set([input.phone, ...input.phones].map(phoneKey).filter(Boolean))];
  const [first, ...more] = credentials;
  return {
    name: input.name,
    aliases: [...new Set(input.aliases.filter((a) => a !== input.name))],
    phone: phones[0] ?? '',
    morePhones: phones.slice(1),
    credentialHash: first?.hash ?? '',
    credentialMasked: first?.masked ?? '',
    credentialOffline: first?.offline ?? '',
    moreCredentials: more,
    // A mainland ID card says when its holder was born: a namesake born another day is then told apart.
    birthDate: input.birthDate || birthOfIdCard([input.credentialNo, ...input.credentialNos]),
    remark: input.remark,
    level: input.level,
    expiresAt: input.expireTime === null ? null : new Date(input.expireTime),
  };
}

function birthOfIdCard(numbers: string[]): string {
  for (const n of numbers) {
    const born = isMaskedIdNumber(n) ? null : idNumberBirthDate(idNumberKey(n));
    if (born) return born;
  }
  return '';
}

/** The identifier keys of an entry's values (its phones, its numbers' hashes): another entry holding one is a 3. */
function identifierKeys(v: ListedValues): string[] {
  const phones = [v.phone ?? '', ...(v.morePhones ?? [])].filter(Boolean).map((p) => `t:${p}`);
  const hashes = [v.credentialHash ?? '', ...(v.moreCredentials ?? []).map((c) => c.hash)].filter(Boolean).map((h) => `c:${h}`);
  return [...phones, ...hashes];
}

const alreadyListed = (kind: ListKind) =>
  new AppError(Status.ALREADY_EXISTS, `A phone or certificate number of this person is already on the ${kind}list`);

async function writeEntry(ctx: AuthedContext, kind: ListKind, write: (repo: ReturnType<typeof listRepository>) => Promise<ListedRow | undefined>) {
  return inTransaction(ctx.tenant, async (tx) => {
    const row = await write(listRepository(tx, kind));
    if (row) await keyEntry(tx, ctx.services.secrets, row);
    return row;
  }).catch((err: unknown) => {
    if (uniqueViolation(err)?.startsWith('listed_people_')) throw alreadyListed(kind);
    throw err;
  });
}

export function audited(ctx: AuthedContext, kind: ListKind, row: ListedRow): ListedPerson {
  ctx.audit.objId = row.id;
  ctx.audit.objName = row.name;
  ctx.audit.desc = logDesc(kind === 'black' ? 'blacklist' : 'whitelist');
  return toListed(row);
}

export async function add(ctx: AuthedContext, kind: ListKind, input: EntryInput) {
  const values = valuesOf(input, credentialsOf(ctx, input, []));
  const row = await writeEntry(ctx, kind, async (repo) => {
    if (await repo.holdingAny(identifierKeys(values))) throw alreadyListed(kind);
    return repo.insert({ ...values, createdBy: ctx.session.name });
  });
  if (!row) throw notFound(`${kind}list entry`);
  return audited(ctx, kind, row);
}

export async function update(ctx: AuthedContext, kind: ListKind, input: EntryInput & { bid: number }) {
  const before = await repoOf(ctx, kind).byId(input.bid);
  if (!before) throw notFound(`${kind}list entry`);
  const values = valuesOf(input, credentialsOf(ctx, input, heldCredentials(ctx, before)));
  const row = await writeEntry(ctx, kind, async (repo) => {
    if (await repo.holdingAny(identifierKeys(values), before.id)) throw alreadyListed(kind);
    // A number from before hashing is now held as its hash, like every other.
    return repo.update(before.id, { ...values, ...(before.credentialNo && { credentialNo: '' }) } as ListedValues);
  });
  if (!row) throw notFound(`${kind}list entry`);
  return audited(ctx, kind, row);
}

export async function remove(ctx: AuthedContext, kind: ListKind, input: { bids: number[] }) {
  const companyId = ctx.tenant.companyId;
  const deleted = await inTransaction(ctx.tenant, async (tx) => {
    const rows = await listRepository(tx, kind).deleteMany(input.bids);
    requireEvery(
      input.bids,
      rows.map((r) => r.id),
      () => notFound(kind === 'black' ? 'blacklist entry' : 'whitelist entry'),
    );
    await queueFileDeletions(
      tx,
      companyId,
      rows.map((r) => r.photo),
    );
    return rows;
  });
  await drainFileDeletions(ctx.tenant, ctx.services.files, companyId);
  ctx.audit.objId = deleted.map((d) => d.id).join(',');
  ctx.audit.objName = deleted
    .map((d) => d.name)
    .join(', ')
    .slice(0, 200);
  ctx.audit.desc = logDesc(kind === 'black' ? 'blacklist' : 'whitelist');
  return { deleted: deleted.length };
}

async function screeningOn(ctx: AuthedContext): Promise<boolean> {
  return (await settingsOf(ctx)).blackListSwitch === 1;
}

/**
 * A person screened against a list: its matches (strongest first), `listed` when one is exact or strong (the
 * original's answer: the first such entry's name), the decision over both lists, and whether the company screens.
 */
export async function check(ctx: AuthedContext, kind: ListKind, input: In<'checkBlacklist'>) {
  const screened = await screenPerson(ctx, input, input.mode);
  const matches = screened.matches.filter((m) => m.list === kind);
  const firm = matches.find((m) => m.strength !== 'possible');
  return {
    listed: !!firm,
    screening: kind === 'black' ? await screeningOn(ctx) : true,
    ...(firm && { name: firm.name }),
    mode: screened.mode,
    matches,
    decision: screened.decision,
  };
}

/**
 * The screening of a person coming in (the desk's and kiosk's ways in, a door's sign-in) with the company's switch:
 * `clear` when it is off. A refusal is written to the operation log as an alert.
 */
export async function screenVisitor(
  ctx: AuthedContext,
  who: { name: string; phone: string; idNumber: string; birthDate?: string },
): Promise<Screened> {
  if (!(await screeningOn(ctx))) return { mode: 'standard', matches: [], decision: 'clear' };
  const screened = await screenPerson(ctx, {
    name: who.name,
    phone: who.phone,
    credentialNo: who.idNumber,
    birthDate: who.birthDate,
  } satisfies Probe);
  if (screened.decision === 'refuse') {
    await emitEvents(ctx.tenant, ctx.tenant.companyId, [watchlistEvent('refused', who, screened.matches)]);
    await screeningAlert(ctx, who.name, 'blacklistHit');
  }
  return screened;
}

/**
 * A subject's screening (see screenVisitor): a review a reviewer already allowed for this subject holds it no more,
 * so a visit allowed at its registration is not held again at its check-in or its door.
 */
export async function screenSubject(
  ctx: AuthedContext,
  who: { name: string; phone: string; idNumber: string },
  subject?: { kind: ScreeningSubject; id: number },
): Promise<Screened> {
  const screened = await screenVisitor(ctx, who);
  if (screened.decision === 'review' && subject && (await reviewAllowed(ctx, subject.kind, subject.id))) return { ...screened, decision: 'note' };
  return screened;
}

/** Whether the blacklist names this person by name alone (a near match: an approval policy may route on it). */
export async function nameListed(ctx: AuthedContext, name: string): Promise<boolean> {
  if (!name.trim()) return false;
  return (await screenPerson(ctx, { name })).matches.some((m) => m.list === 'black' && m.reason.alias !== undefined);
}

export async function setMode(ctx: AuthedContext, input: In<'updateScreeningMode'>): Promise<null> {
  await patchSettings(ctx, { screeningMode: input.screeningMode });
  ctx.audit.objName = settingObject('screeningMode');
  ctx.audit.desc = logDesc(input.screeningMode === 'narrow' ? 'screeningNarrow' : 'screeningStandard');
  return null;
}

export async function setSwitch(ctx: AuthedContext, input: In<'updateblackListSwitch'>): Promise<null> {
  await patchSettings(ctx, { blackListSwitch: input.blackListSwitch });
  ctx.audit.objName = settingObject('blackListSwitch');
  ctx.audit.desc = logDesc(input.blackListSwitch ? 'screeningOn' : 'screeningOff');
  return null;
}

/**
 * The whole blacklist as normalised identities, for checks over many people at once (the face terminals' sync):
 * `has(phone, credentialNo)` as a screening by identifiers would answer, without a query per person.
 */
export async function blacklistMatcher(scope: TenantScope, secrets: SecretBox): Promise<(phone: string, credentialNo: string) => boolean> {
  const rows = await listRepository(scope, 'black').identities();
  const phones = new Set(rows.flatMap((r) => [r.phone, ...r.morePhones]).filter(Boolean));
  const hashes = new Set(rows.flatMap((r) => [r.credentialHash, ...r.moreCredentials.map((c) => c.hash)]).filter(Boolean));
  const numbers = new Set(rows.map((r) => r.credentialNo).filter(Boolean));
  return (phone, credentialNo) => {
    const id = normaliseIdentity(phone, credentialNo);
    if (id.phone !== '' && phones.has(id.phone)) return true;
    return id.credentialNo !== '' && (numbers.has(id.credentialNo) || hashes.has(idNumberHash(secrets, id.credentialNo)));
  };
}

/** Replaces the numbers of entries from before hashing by their hash and masked form (the nightly sweep); answers how many. */
export async function hashListedNumbers(scope: TenantScope, secrets: SecretBox): Promise<number> {
  let done = 0;
  for (const kind of ['black', 'white'] as const) {
    const repo = unhashedRepository(scope, kind);
    for (const r of await repo.unhashed()) {
      const offline = offlineDigest(kioskKey(secrets, scope.companyId), `c:${idNumberKey(r.credentialNo)}`);
      await repo.hashed(r.id, idNumberHash(secrets, r.credentialNo), maskIdNumber(r.credentialNo), offline);
      done++;
    }
  }
  return done;
}
