import { type Area, type CallDef, grantAdmits, isWriteCall, Role, Status } from '@openvisit/contract';
import { and, eq, getTableColumns, isNull, ne, sql } from 'drizzle-orm';
import { type Db, prepared } from '../../db/client.js';
import { companies, companyRecord, sessions, staffAccounts, subAccounts } from '../../db/schema/index.js';
import { AppError } from '../http/errors.js';
import { cacheKey, remember } from '../http/requestCache.js';
import { randomToken, sha256 } from './crypto.js';
import { type DbOrScope, dbFrom, inTransaction, type SystemScope } from './tenancy.js';

export type AccountKind = 'admin' | 'staff' | 'employee' | 'sub' | 'super';

/** Who is calling: taken from the session row, never from the request body. */
export interface Session {
  id: number;
  companyId: number;
  role: Role;
  accountKind: AccountKind;
  accountId: number;
  account: string;
  name: string;
  companyName: string;
  sType: number | null;
  subAccountId: number | null;
  /** A server-company account's supplier company (0 when it names none); null for every other account. */
  supplierId: number | null;
  gids: number[];
  expiresAt: Date;
  /**
   * Signed in with a password it must change: every call but the few that change it is refused (platform/http/calls.ts,
   * downloads.ts, the stream in events.ts).
   */
  mustChangePassword: boolean;
  /** A super account's read-only look into a company: every write is refused (assertWritable). */
  readOnly?: boolean;
  /**
   * A module-driven account's granted modules (a sub-administrator, or a sub-company of adminType other than 0), read
   * from the account with the session on every call, so a change of its grants holds from its next call; null for
   * every other account, whose role alone decides.
   */
  grants: readonly string[] | null;
  /**
   * A machine calling with an API key (platform/identity/apiKeys.ts) instead of a person: the key and its scopes; it
   * acts as the company's administrator within them (`assertScoped`), and the log names it (`account` its prefix).
   */
  apiKey?: { id: number; scopes: readonly string[] };
}

export type NewSession = Omit<Session, 'id' | 'expiresAt' | 'mustChangePassword' | 'supplierId' | 'grants'> & {
  supplierId?: number | null;
  hours: number;
  ip: string;
  userAgent: string;
  mustChangePassword?: boolean;
};

export async function createSession(on: DbOrScope, s: NewSession): Promise<{ token: string; session: Session }> {
  const db = dbFrom(on);
  const token = randomToken(32);
  const expiresAt = new Date(Date.now() + s.hours * 3600_000);
  const [row] = await db
    .insert(sessions)
    .values({
      tokenHash: sha256(token),
      companyId: s.companyId,
      role: s.role,
      accountKind: s.accountKind,
      accountId: s.accountId,
      account: s.account,
      name: s.name,
      companyName: s.companyName,
      sType: s.sType,
      subAccountId: s.subAccountId,
      supplierId: s.supplierId ?? null,
      gids: s.gids,
      ip: s.ip,
      userAgent: s.userAgent.slice(0, 300),
      mustChangePassword: s.mustChangePassword ?? false,
      readOnly: s.readOnly ?? false,
      expiresAt,
    })
    .returning({ id: sessions.id });
  if (!row) throw new Error('session insert returned nothing');
  const { hours: _h, ip: _ip, userAgent: _ua, ...rest } = s;
  return {
    token,
    // Grants are read by each call's session look-up; the signing-in call itself is public.
    session: { ...rest, supplierId: s.supplierId ?? null, mustChangePassword: s.mustChangePassword ?? false, id: row.id, expiresAt, grants: null },
  };
}

/**
 * 28 without a token, 27 for an unknown or revoked one, 29 once expired. One prepared statement reads the session,
 * its company (which nearly every call then needs: settings, name, language), remembered for the rest of the call, and
 * a module-driven account's grants from its account row (so an administrator's change applies from the next call).
 */
export async function resolveSession(db: Db, token: string | undefined): Promise<Session> {
  if (!token) throw new AppError(Status.TOKEN_MISSING);
  if (token.length > 200) throw new AppError(Status.TOKEN_INVALID);
  const byHash = prepared(db, 'session_by_hash', (d, name) =>
    d
      .select({
        session: getTableColumns(sessions),
        company: companyRecord,
        staffModules: staffAccounts.modules,
        subAdminType: subAccounts.adminType,
        subModules: subAccounts.modules,
      })
      .from(sessions)
      .leftJoin(companies, eq(companies.id, sessions.companyId))
      // Only the two module-driven kinds; by primary key, in the same statement.
      .leftJoin(staffAccounts, and(eq(sessions.role, Role.SUBADMIN), eq(sessions.accountKind, 'staff'), eq(staffAccounts.id, sessions.accountId)))
      .leftJoin(subAccounts, and(eq(sessions.accountKind, 'sub'), eq(subAccounts.id, sessions.accountId)))
      .where(eq(sessions.tokenHash, sql.placeholder('hash')))
      .limit(1)
      .prepare(name),
  );
  const [found] = await byHash.execute({ hash: sha256(token) });
  const row = found?.session;
  if (!row || row.revokedAt) throw new AppError(Status.TOKEN_INVALID);
  if (row.expiresAt.getTime() <= Date.now()) throw new AppError(Status.TOKEN_EXPIRED);
  if (found.company) remember(cacheKey.company(row.companyId), found.company);
  return {
    id: row.id,
    companyId: row.companyId,
    role: row.role as Role,
    accountKind: row.accountKind as AccountKind,
    accountId: row.accountId,
    account: row.account,
    name: row.name,
    companyName: row.companyName,
    sType: row.sType,
    subAccountId: row.subAccountId,
    supplierId: row.supplierId,
    gids: row.gids,
    expiresAt: row.expiresAt,
    mustChangePassword: row.mustChangePassword,
    ...(row.readOnly && { readOnly: true }),
    grants: grantsOf(row.role, found),
  };
}

/** A sub-administrator's grants, or a sub-company's of adminType other than 0; an account row gone grants nothing. */
function grantsOf(role: number, found: { staffModules: string[] | null; subAdminType: number | null; subModules: string[] | null }) {
  if (role === Role.SUBADMIN) return found.staffModules ?? [];
  if (role === Role.SUB_COMPANY) return found.subAdminType === 0 ? null : (found.subModules ?? []);
  return null;
}

/** 610 when a module-driven session calls outside its grants (the contract's `grantAdmits`; 'auth' and a few named calls pass). */
export function assertGranted(session: Session, def: { name: string; area: Area }): void {
  if (!grantAdmits(session.grants, def)) throw new AppError(Status.NO_PERMISSION, 'This account has not been granted this module');
}

/** What a session whose password must be changed may do: change it, read who it is, sign out. */
const BEFORE_PASSWORD_CHANGE: ReadonlySet<string> = new Set(['updatePassword', 'user/info', 'GetUserInfo', 'login/logout']);

/** 303 for every other call or download until the password is changed (a staff account given a first password). */
export function assertPasswordChanged(session: Session, callName: string): void {
  if (session.mustChangePassword && !BEFORE_PASSWORD_CHANGE.has(callName)) throw new AppError(Status.PASSWORD_CHANGE_REQUIRED);
}

/** 610 for every write (the contract's `isWriteCall`) a read-only session attempts, before its input is read. */
export function assertWritable(session: Session, call: Pick<CallDef, 'name' | 'log' | 'upload'>): void {
  if (session.readOnly && isWriteCall(call)) throw new AppError(Status.NO_PERMISSION);
}

/** The session's password was changed: it may make every call its role allows from now on. */
export async function releasePasswordChange(on: DbOrScope, id: number): Promise<void> {
  await dbFrom(on).update(sessions).set({ mustChangePassword: false }).where(eq(sessions.id, id));
}

export async function revokeSession(on: DbOrScope, id: number): Promise<void> {
  const db = dbFrom(on);
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
}

/** Ends every session of an account (password change, disable, delete), optionally keeping the caller's. */
export async function revokeAccountSessions(on: DbOrScope, kind: AccountKind, accountId: number, keepSessionId?: number): Promise<void> {
  const db = dbFrom(on);
  const conditions = [eq(sessions.accountKind, kind), eq(sessions.accountId, accountId), isNull(sessions.revokedAt)];
  if (keepSessionId !== undefined) conditions.push(ne(sessions.id, keepSessionId));
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(...conditions));
}

/**
 * A fresh token for the same session's account, role and scope, the old one ended in the same transaction: what an
 * original client's `refreshToken` asks. `oldToken`, when given, must be the session's own (27 otherwise).
 */
export async function renewSession(
  on: SystemScope,
  session: Session,
  opts: { hours: number; ip: string; userAgent: string; oldToken?: string },
): Promise<{ token: string; session: Session }> {
  const db = dbFrom(on);
  if (opts.oldToken !== undefined) {
    const [own] = await db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.tokenHash, sha256(opts.oldToken)), eq(sessions.id, session.id)))
      .limit(1);
    if (!own) throw new AppError(Status.TOKEN_INVALID);
  }
  return inTransaction(on, async (tx) => {
    const { id: _id, expiresAt: _e, grants: _g, ...same } = session;
    const renewed = await createSession(tx, { ...same, hours: opts.hours, ip: opts.ip, userAgent: opts.userAgent });
    await revokeSession(tx, session.id);
    return renewed;
  });
}
