import { Status } from '@openvisit/contract';
import { company, settingsOfRow } from '../../core/company/company.public.js';
import type { DialectContext } from '../../platform/http/calls.js';
import type { DialectAdapter, DialectAdapters } from '../../platform/http/dialect.js';
import { AppError } from '../../platform/http/errors.js';
import { scopeForCompany } from '../../platform/identity/tenancy.js';
import { asObject } from './compat.shared.js';
import { undoLftPwdRule } from './lftPwd.js';

/** A sign-in's password field, unscrambled when it is a scramble (lftPwd.ts); a plain one is taken as typed. */
function unscramble(field: string): DialectAdapter['request'] {
  return (raw) => {
    const body = asObject(raw);
    const sent = body[field];
    if (typeof sent !== 'string') return raw;
    const plain = undoLftPwdRule(sent);
    return plain === null ? raw : { ...body, [field]: plain };
  };
}

/** The captcha as the original sent it: a bare base64 PNG, which the clients prefix with `data:image/png;base64,`. */
function pngCaptcha(result: unknown): unknown {
  const r = asObject(result);
  const url = typeof r.base64Str === 'string' ? r.base64Str : '';
  const prefix = 'data:image/png;base64,';
  return url.startsWith(prefix) ? { ...r, base64Str: url.slice(prefix.length) } : result;
}

/**
 * The badge the desk opens: `badgeMode` '0' is `/card/index.html`, anything else `/card/custom/<badgeCustom>/`. Our one
 * badge page draws the company's configured style (ordinary or customised, `cardType`) under either address, so the
 * desk is always sent to the plain one: a custom folder would need a name, and an empty one is a broken address.
 */
const BADGE = { badgeMode: 0, badgeCustom: '' } as const;

function userInfo(result: unknown): unknown {
  return { ...asObject(result), ...BADGE };
}

/** What the app reads of GetUserInfo (frontdesk-app.md §1 step 3), from the company's own row. */
const USER_INFO_READS = [
  'permissionSwitch',
  'offDuty',
  'cardType',
  'cardSize',
  'subAccount',
  'preExtendTime',
  'latExtendTime',
  'leaveExpiryTime',
  'questionnaireSwitch',
  'blackListSwitch',
  'logo',
] as const;

/**
 * The sign-in answer as the desk (LoginManager) and the Senseid kiosk (Login, which reads GetUserInfo's fields from it
 * too) read it: `pemail` is the company's address the desk hands to GetUserInfo, the settings the company's own.
 */
async function signInAnswer(result: unknown, _sent: Record<string, unknown>, ctx: DialectContext): Promise<unknown> {
  const r = asObject(result);
  if (typeof r.userid !== 'number') return result;
  const row = await company(scopeForCompany(ctx.system, r.userid));
  if (!row) return result;
  const settings = settingsOfRow(row);
  const reads = Object.fromEntries(USER_INFO_READS.map((k) => [k, settings[k]]));
  return {
    ...reads,
    ...r,
    ...BADGE,
    pemail: row.email,
    email: r.email ?? row.email,
    username: r.username ?? r.sName ?? row.username,
  };
}

/**
 * `GetManager {account}` is how the desk learns its operator's name (`sname`) and company, reading them without
 * looking at the status: its own account, answered from its session. Without `account` it is the administrator's
 * list of staff accounts, as before; another account's name is refused.
 */
function ownAccount(result: unknown, sent: Record<string, unknown>): unknown {
  if (Array.isArray(result)) return result;
  const me = asObject(result);
  if (String(sent.account).trim().toLowerCase() !== String(me.account).toLowerCase()) throw new AppError(Status.NO_PERMISSION);
  return { account: me.account, sname: me.name, sName: me.name, company: me.company, userid: me.userid, gids: me.gids };
}

/** Device groups as the original stored them: `gids` a comma-separated string, which the desk splits. */
function deviceGroups(result: unknown): unknown {
  if (!Array.isArray(result)) return result;
  return result.map((g) => {
    const group = asObject(g);
    return { ...group, gids: Array.isArray(group.gids) ? group.gids.join(',') : group.gids };
  });
}

/**
 * One visitor type by the `tid` asked for. The desk asks the original's hard-coded type 38 at sign-in and reads
 * `povDays` without a check: a type the company lacks answers no days and no induction, never null.
 */
function typeByTid(result: unknown, sent: Record<string, unknown>): unknown {
  const types = Array.isArray(result) ? (result as { tid?: number }[]) : [];
  const tid = Number(sent.tid);
  return types.find((type) => type.tid === tid) ?? { tid: Number.isSafeInteger(tid) ? tid : 0, vType: '', povDays: 0, qid: 0 };
}

/**
 * The training check of the visit's detail (§3c): `getVisitorTypeByTid {tid}` with `qid`, the questionnaire the type
 * requires while the company's switch is on (0: no training), beside the sign-in chain's reads (compat.login.ts).
 */
async function typeWithTraining(result: unknown, sent: Record<string, unknown>, ctx: DialectContext): Promise<unknown> {
  const type = asObject(typeByTid(result, sent));
  const tid = typeof type.tid === 'number' && type.tid > 0 ? type.tid : null;
  const required = tid && ctx.tenant ? await ctx.services.induction.state(ctx.tenant, { tid, vid: null, phone: '', idNumber: '', email: '' }) : null;
  return { ...type, qid: required?.qid ?? 0 };
}

/** The sign-in chain of the front-desk app and the tablets (frontdesk-app.md §1). */
export const loginDialect: DialectAdapters<DialectContext> = {
  getValidationCode: { response: pngCaptcha },
  Login: { request: unscramble('password'), response: signInAnswer },
  LoginManager: {
    call: 'Login',
    request: (raw) => {
      const { account, ...body } = asObject(raw);
      return unscramble('password')?.({ ...body, email: body.email ?? account });
    },
    response: signInAnswer,
  },
  empLogin: { request: unscramble('empPwd') },
  subAccountLogin: { request: unscramble('password') },
  GetManager: {
    call: 'GetManagerByUser',
    pick: (raw) => (typeof asObject(raw).account === 'string' ? 'user/info' : undefined),
    response: ownAccount,
  },
  GetUserInfo: { response: userInfo },
  // The office-building forms ask it on an employee pick with no token: nothing, rather than 28 ("signed out").
  getEquipmentGroupByUserid: { response: deviceGroups, withoutSession: () => [] },
  logout: { call: 'login/logout' },
  getVisitorTypeByTid: { call: 'getVisitorType', response: typeWithTraining },
};
