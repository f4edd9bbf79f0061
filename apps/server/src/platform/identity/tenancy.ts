import { Role } from '@openvisit/contract';
import type { Db } from '../../db/client.js';
import { withTransactionCache } from '../http/requestCache.js';

/**
 * What one caller may see: built once per request from the session (or by a job for the company it works for). A
 * repository is constructed from a scope and binds every query to it; the database handle travels inside the scope,
 * out of reach of services, so a service cannot write a query that forgets the company.
 */
export interface TenantScope {
  readonly companyId: number;
  /** A sub-company's accounts see only that sub-company's people and visits; null for the head office. */
  readonly subAccountId: number | null;
  /** A front desk tied to gates; empty: every gate. */
  readonly gateIds: readonly number[];
  /**
   * A server-company account's supplier company: it sees and manages only that company's workers (0 when the account
   * names none: it sees no one); null for every other account.
   */
  readonly supplierId: number | null;
  /** Which of the company's rows the caller may see: repositories apply it through `visibleRows` (platform/identity/visibility.ts). */
  readonly visibility: Visibility;
}

/**
 * Whose rows a caller sees within its company, built from the session once per request (DESIGN 11: visibility by
 * construction). Jobs, link pages and devices act for the whole company: neither is set.
 */
export interface Visibility {
  /** A sub-company's own account sees only that sub-company's people and visits (-1: its session names none). */
  readonly subCompany: number | null;
  /** An employee sees only the rows they own: the visits and invitations they host, their meetings and cards. */
  readonly employee: number | null;
}

const EVERYONE: Visibility = Object.freeze({ subCompany: null, employee: null });

/**
 * The few queries that must cross companies (sign-in by name, link tokens, jobs sweeping every company) take this
 * instead of a tenant scope, so they can only live in a module's `*.system.repository.ts`, each saying why.
 */
export interface SystemScope {
  readonly system: true;
}

const handles = new WeakMap<TenantScope | SystemScope, Db>();

export function tenantScope(
  db: Db,
  of: { companyId: number; subAccountId?: number | null; gateIds?: readonly number[]; supplierId?: number | null; visibility?: Visibility },
): TenantScope {
  const scope: TenantScope = Object.freeze({
    companyId: of.companyId,
    subAccountId: of.subAccountId ?? null,
    gateIds: Object.freeze([...(of.gateIds ?? [])]),
    supplierId: of.supplierId ?? null,
    visibility: of.visibility ?? EVERYONE,
  });
  handles.set(scope, db);
  return scope;
}

/** From a session (structurally, so sessions.ts can use this file without a circle). */
export function sessionScope(
  db: Db,
  session: { companyId: number; role: number; accountId: number; subAccountId: number | null; gids: readonly number[]; supplierId?: number | null },
): TenantScope {
  const visibility: Visibility = Object.freeze({
    subCompany: session.role === Role.SUB_COMPANY ? (session.subAccountId ?? -1) : null,
    employee: session.role === Role.EMPLOYEE ? session.accountId : null,
  });
  return tenantScope(db, {
    companyId: session.companyId,
    subAccountId: session.subAccountId,
    gateIds: session.gids,
    supplierId: session.supplierId,
    visibility,
  });
}

export function systemScope(db: Db): SystemScope {
  const scope: SystemScope = Object.freeze({ system: true });
  handles.set(scope, db);
  return scope;
}

/** The same tenant without its sub-company and gate limits: for rules the head office sets for everyone (settings). */
export function companyWide(scope: TenantScope): TenantScope {
  return tenantScope(dbOf(scope), { companyId: scope.companyId });
}

/** The same scope on another company: only for system code that has just resolved which company a link belongs to. */
export function scopeForCompany(scope: SystemScope, companyId: number): TenantScope {
  return tenantScope(dbOf(scope), { companyId });
}

/**
 * Runs `work` in one transaction; repositories built from the scope it is handed take part in it. Transactions are
 * opened by services, so a service can group writes without holding the database handle.
 */
export function inTransaction<S extends TenantScope | SystemScope, T>(scope: S, work: (tx: S) => Promise<T>): Promise<T> {
  return withTransactionCache(() =>
    dbOf(scope).transaction((tx) => {
      const inner = ('system' in scope ? systemScope(tx) : tenantScope(tx, scope as TenantScope)) as S;
      return work(inner);
    }),
  );
}

/** For repositories only (the lint rule keeps it there): the handle a scope carries. */
export function dbOf(scope: TenantScope | SystemScope): Db {
  const db = handles.get(scope);
  if (!db) throw new Error('A scope must be built by tenantScope() or systemScope()');
  return db;
}

/**
 * An opaque key for what a process keeps across calls per database (a cache of a company's configuration): two
 * databases in one process (tests) never share such a cache. It is not a handle: nothing can be queried with it.
 */
export function storeKey(scope: TenantScope | SystemScope): object {
  return dbOf(scope);
}

/** What the platform's own infrastructure (sessions, captcha, audit) accepts: a scope from a service, or a handle. */
export type DbOrScope = Db | TenantScope | SystemScope;

/** For platform infrastructure: services hand it their scope, never a handle, and it runs its own SQL on it. */
export function dbFrom(x: DbOrScope): Db {
  return handles.get(x as TenantScope) ?? (x as Db);
}

/**
 * A repository built once per scope: a call's services each ask for the repositories they use, several times per
 * call, and building one (its closures and its company condition) cost a walk-in more than some of its statements.
 */
export function scoped<R>(build: (scope: TenantScope) => R): (scope: TenantScope) => R {
  const built = new WeakMap<TenantScope, R>();
  return (scope) => {
    let repository = built.get(scope);
    if (repository === undefined) {
      repository = build(scope);
      built.set(scope, repository);
    }
    return repository;
  };
}
