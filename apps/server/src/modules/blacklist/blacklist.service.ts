import { type In, type ListedPerson, LogModule, logDesc, maskIdNumber, normalizePhone, Status, settingObject } from '@openvisit/contract';
import { patchSettings, settingsOf } from '../../core/company/company.public.js';
import { uniqueViolation } from '../../db/sql.js';
import { clientEnd, writeLog } from '../../platform/http/audit.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { AppError, notFound, requireEvery } from '../../platform/http/errors.js';
import type { SecretBox } from '../../platform/identity/crypto.js';
import { idNumberHash } from '../../platform/identity/idNumbers.js';
import { inTransaction, type TenantScope } from '../../platform/identity/tenancy.js';
import { idNumberKey } from '../../platform/personData.js';
import { type ListedRow, type ListKind, listRepository, unhashedRepository } from './blacklist.repository.js';

/** Phones compare as normalised numbers, certificate numbers case- and space-insensitively. */
export function normaliseIdentity(phone: string | undefined, credentialNo: string | undefined) {
  return {
    phone: phone ? (normalizePhone(phone) ?? phone.replace(/[\s-]/g, '')) : '',
    credentialNo: idNumberKey(credentialNo ?? ''),
  };
}

/** The masked number an entry shows: the list holds no whole number (one from before hashing is masked too). */
export function shownNumber(r: Pick<ListedRow, 'credentialMasked' | 'credentialNo'>): string {
  return r.credentialMasked || (r.credentialNo ? maskIdNumber(r.credentialNo) : '');
}

function toListed(r: ListedRow): ListedPerson {
  return {
    bid: r.id,
    name: r.name,
    phone: r.phone,
    credentialNo: shownNumber(r),
    remark: r.remark,
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

export async function add(ctx: AuthedContext, kind: ListKind, input: { name: string; phone: string; credentialNo: string; remark: string }) {
  const repo = repoOf(ctx, kind);
  const id = normaliseIdentity(input.phone, input.credentialNo);
  const credentialHash = idNumberHash(ctx.services.secrets, id.credentialNo);
  if (await repo.match(id.phone, id.credentialNo, credentialHash))
    throw new AppError(Status.ALREADY_EXISTS, `This phone or certificate number is already on the ${kind}list`);
  const values = { name: input.name, phone: id.phone, credentialHash, credentialMasked: id.credentialNo ? maskIdNumber(id.credentialNo) : '' };
  const row = await repo.insert({ ...values, remark: input.remark, createdBy: ctx.session.name }).catch((err: unknown) => {
    if (uniqueViolation(err)?.startsWith('listed_people_')) throw new AppError(Status.ALREADY_EXISTS);
    throw err;
  });
  ctx.audit.objId = row.id;
  ctx.audit.objName = row.name;
  ctx.audit.desc = logDesc(kind === 'black' ? 'blacklist' : 'whitelist');
  return toListed(row);
}

export async function remove(ctx: AuthedContext, kind: ListKind, input: { bids: number[] }) {
  const deleted = await inTransaction(ctx.tenant, async (tx) => {
    const rows = await listRepository(tx, kind).deleteMany(input.bids);
    requireEvery(
      input.bids,
      rows.map((r) => r.id),
      () => notFound(kind === 'black' ? 'blacklist entry' : 'whitelist entry'),
    );
    return rows;
  });
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

/** Whether a person is on the list, and whether the company screens visitors against it. */
export async function check(ctx: AuthedContext, kind: ListKind, input: { phone?: string; credentialNo?: string }) {
  const id = normaliseIdentity(input.phone, input.credentialNo);
  const hit = await repoOf(ctx, kind).match(id.phone, id.credentialNo, idNumberHash(ctx.services.secrets, id.credentialNo));
  return { listed: !!hit, screening: kind === 'black' ? await screeningOn(ctx) : true, ...(hit && { name: hit.name }) };
}

/**
 * Whether the blacklist screening stops this person (the desk's and kiosk's ways in, a door's sign-in): written to the
 * operation log as an alert when it does.
 */
export async function barred(ctx: AuthedContext, who: { name: string; phone: string; idNumber: string }): Promise<boolean> {
  const hit = await check(ctx, 'black', { phone: who.phone || undefined, credentialNo: who.idNumber || undefined });
  if (!hit.listed || !hit.screening) return false;
  await writeLog(
    ctx.tenant,
    ctx.services.secrets,
    ctx.session,
    { module: LogModule.BLACKLIST, event: 'alert', objName: who.name, desc: logDesc('blacklistHit'), client: clientEnd(ctx.userAgent) },
    ctx.ip,
  );
  return true;
}

/** Whether the blacklist names this person (a near match: the name alone; an approval policy may route on it). */
export function nameListed(ctx: AuthedContext, name: string): Promise<boolean> {
  return name.trim() ? repoOf(ctx, 'black').nameListed(name) : Promise.resolve(false);
}

export async function setSwitch(ctx: AuthedContext, input: In<'updateblackListSwitch'>): Promise<null> {
  await patchSettings(ctx, { blackListSwitch: input.blackListSwitch });
  ctx.audit.objName = settingObject('blackListSwitch');
  ctx.audit.desc = logDesc(input.blackListSwitch ? 'screeningOn' : 'screeningOff');
  return null;
}

/**
 * The whole blacklist as normalised identities, for checks over many people at once (the face terminals' sync):
 * `has(phone, credentialNo)` as `check` would answer, without a query per person.
 */
export async function blacklistMatcher(scope: TenantScope, secrets: SecretBox): Promise<(phone: string, credentialNo: string) => boolean> {
  const rows = await listRepository(scope, 'black').identities();
  const phones = new Set(rows.map((r) => r.phone).filter(Boolean));
  const hashes = new Set(rows.map((r) => r.credentialHash).filter(Boolean));
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
      await repo.hashed(r.id, idNumberHash(secrets, r.credentialNo), maskIdNumber(r.credentialNo));
      done++;
    }
  }
  return done;
}
