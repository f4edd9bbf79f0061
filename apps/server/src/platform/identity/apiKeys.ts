import { randomBytes } from 'node:crypto';
import { type Area, apiKeyAdmits, Role, Status } from '@openvisit/contract';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { apiKeys, companies } from '../../db/schema/index.js';
import { AppError } from '../http/errors.js';
import { safeEqual, sha256 } from './crypto.js';
import { resolveSession, type Session } from './sessions.js';

/**
 * API keys as a caller (docs/modules/apiKeys.md): `ovk_<prefix>_<secret>`, the prefix found, the whole key's hash
 * compared, the key acting as its company's administrator within its scopes. The apiKeys module creates and revokes
 * them; this reads them for each call.
 */
const FORMAT = /^ovk_([a-z0-9]{8})_([A-Za-z0-9_-]{43})$/;
/** Its last use is written at most this often (a busy integration is not a write per call). */
const LAST_USED_EVERY_MS = 60_000;

/** A new key: what is shown once, and what is stored. */
export function newApiKey(): { key: string; prefix: string; secretHash: string } {
  const prefix = randomBytes(5).toString('hex').slice(0, 8);
  const key = `ovk_${prefix}_${randomBytes(32).toString('base64url')}`;
  return { key, prefix: `ovk_${prefix}`, secretHash: sha256(key) };
}

/** The key of `Authorization: Bearer ovk_…`, or undefined when the header carries none. */
export function bearerApiKey(authorization: unknown): string | undefined {
  if (typeof authorization !== 'string') return undefined;
  const m = /^Bearer\s+(ovk_\S+)$/i.exec(authorization.trim());
  return m?.[1];
}

const refused = (why: string) => new AppError(Status.TOKEN_INVALID, why);

/**
 * Who calls under `/api/`, a call or a download: the session of the token given, else the key in
 * `Authorization: Bearer ovk_…` (a token wins when both are sent).
 */
export function resolveCaller(db: Db, token: string | undefined, authorization: unknown, ip: string): Promise<Session> {
  const key = token ? undefined : bearerApiKey(authorization);
  return key ? resolveApiKey(db, key, ip) : resolveSession(db, token);
}

/** The session a key calls with: the company's administrator's role, the key's name in the log, its scopes. */
export async function resolveApiKey(db: Db, key: string, ip: string): Promise<Session> {
  const m = FORMAT.exec(key);
  if (!m) throw refused('This API key is not valid');
  const [row] = await db
    .select({ key: apiKeys, companyName: companies.name })
    .from(apiKeys)
    .innerJoin(companies, eq(companies.id, apiKeys.companyId))
    .where(eq(apiKeys.prefix, `ovk_${m[1]}`));
  const k = row?.key;
  if (!k || !safeEqual(k.secretHash, sha256(key))) throw refused('This API key is not valid');
  if (k.revokedAt) throw refused('This API key was revoked');
  if (k.expiresAt && k.expiresAt.getTime() <= Date.now()) throw new AppError(Status.TOKEN_EXPIRED, 'This API key has expired');
  await db
    .update(apiKeys)
    .set({ lastUsedAt: new Date(), lastUsedIp: ip })
    .where(
      and(
        eq(apiKeys.id, k.id),
        or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, sql`now() - make_interval(secs => ${LAST_USED_EVERY_MS / 1000})`)),
      ),
    );
  return {
    id: 0,
    companyId: k.companyId,
    role: Role.ADMIN,
    accountKind: 'admin',
    accountId: k.companyId,
    account: k.prefix,
    name: `API key ${k.name}`,
    companyName: row.companyName,
    sType: null,
    subAccountId: null,
    supplierId: null,
    gids: [],
    expiresAt: k.expiresAt ?? new Date(Date.now() + 3600_000),
    mustChangePassword: false,
    grants: null,
    apiKey: { id: k.id, scopes: k.scopes },
  };
}

/** 610 for a call outside the key's scopes (and for every call no key may make), before its input is read. */
export function assertScoped(session: Session, def: { name: string; area: Area; log?: unknown; upload?: unknown }): void {
  if (session.apiKey && !apiKeyAdmits(session.apiKey.scopes, def))
    throw new AppError(Status.NO_PERMISSION, `This API key's scopes do not cover ${def.name}`);
}
