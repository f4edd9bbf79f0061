import { type LogDescription, LogEnd, type LogEvent, type LogModule, LogRole, Role, renderLogDesc } from '@openvisit/contract';
import type { SecretBox } from '../identity/crypto.js';
import type { Session } from '../identity/sessions.js';
import type { DbOrScope } from '../identity/tenancy.js';
import { appendChained } from './auditChain.js';

/** The operation log numbers roles differently from sessions (reference 2.2). */
export function logRoleOf(role: Role): LogRole {
  switch (role) {
    case Role.ADMIN:
      return LogRole.MANAGER;
    case Role.HSE:
      return LogRole.HSE;
    case Role.EMPLOYEE:
      return LogRole.EMPLOYEE;
    case Role.GATE:
      return LogRole.RECEPTION;
    case Role.MACHINE:
      return LogRole.MACHINE;
    case Role.SUBADMIN:
      return LogRole.SUBADMIN;
    case Role.SUB_COMPANY:
      return LogRole.SUB_COMPANY;
    case Role.SERVER_COMPANY:
      return LogRole.SERVER_COMPANY;
    case Role.SUPER:
      return LogRole.SUPER;
    case Role.VISITOR:
      return LogRole.VISITOR;
    default:
      return LogRole.LOGISTICS;
  }
}

export interface AuditEntry {
  module: LogModule;
  event: LogEvent;
  objId?: string | number;
  objName?: string;
  /** The details, as a key of the contract's logDescriptions with its parameters (`logDesc(...)`). */
  desc?: LogDescription;
  /** Free-text details, only as a client wrote them (`addLog`); the server's own rows use `desc`. */
  text?: string;
  client?: LogEnd;
  details?: Record<string, unknown>;
}

/** The actor of a log row: a session, or (for a sign-in that failed into a lock) the account itself. */
export type Actor = Pick<Session, 'companyId' | 'account' | 'name' | 'role'>;

/**
 * One operation-log row (answers its place in the chain), chained to the company's previous one (auditChain.ts) with a key from `secrets`. A keyed
 * `desc` is stored as key and parameters (rendered in the reader's language) and, in opt_desc, as its English
 * rendering, so readers of the plain text field (older consoles, API clients) keep working.
 */
export async function writeLog(on: DbOrScope, secrets: SecretBox, actor: Actor, entry: AuditEntry, ip: string): Promise<number | null> {
  if (!actor.companyId) return null; // super accounts act across companies; their sign-ins are not a company's record
  return appendChained(on, secrets, {
    companyId: actor.companyId,
    optId: actor.account,
    optName: actor.name,
    optRole: logRoleOf(actor.role),
    ipAddr: ip,
    objId: entry.objId === undefined ? '' : String(entry.objId),
    objName: entry.objName ?? '',
    optEvent: entry.event,
    optClient: entry.client ?? LogEnd.PC,
    optModule: entry.module,
    optDesc: entry.desc ? (renderLogDesc(entry.desc.key, entry.desc.params, 'en') ?? '') : (entry.text ?? ''),
    descKey: entry.desc?.key ?? null,
    descParams: entry.desc ? entry.desc.params : null,
    details: entry.details ?? null,
    oTime: new Date(),
  });
}

/** Mobile user agents are logged as the mobile end. */
export function clientEnd(userAgent: string): LogEnd {
  return /Mobile|Android|iPhone|iPad/i.test(userAgent) ? LogEnd.MOBILE : LogEnd.PC;
}
