import type { DialectContext } from '../../platform/http/calls.js';
import type { DialectAdapter, DialectAdapters } from '../../platform/http/dialect.js';
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
 * The original front desk keeps `badgeMode` (0 ordinary, 1 customised: our `cardType`) and `badgeCustom` (the folder
 * of a site's own badge page, `/card/custom/<name>/`; OpenVisit has none of its own, so none is named).
 */
function userInfo(result: unknown): unknown {
  const r = asObject(result);
  return { ...r, badgeMode: r.cardType ?? 0, badgeCustom: '' };
}

/** Device groups as the original stored them: `gids` a comma-separated string, which the desk splits. */
function deviceGroups(result: unknown): unknown {
  if (!Array.isArray(result)) return result;
  return result.map((g) => {
    const group = asObject(g);
    return { ...group, gids: Array.isArray(group.gids) ? group.gids.join(',') : group.gids };
  });
}

/** One visitor type of the list, by the `tid` the client asked for. */
function typeByTid(result: unknown, sent: Record<string, unknown>): unknown {
  const types = Array.isArray(result) ? (result as { tid?: number }[]) : [];
  return types.find((type) => type.tid === Number(sent.tid)) ?? null;
}

/** The sign-in chain of the front-desk app and the tablets (frontdesk-app.md §1). */
export const loginDialect: DialectAdapters<DialectContext> = {
  getValidationCode: { response: pngCaptcha },
  Login: { request: unscramble('password') },
  LoginManager: {
    call: 'Login',
    request: (raw) => {
      const { account, ...body } = asObject(raw);
      return unscramble('password')?.({ ...body, email: body.email ?? account });
    },
  },
  empLogin: { request: unscramble('empPwd') },
  subAccountLogin: { request: unscramble('password') },
  GetManager: { call: 'GetManagerByUser' },
  GetUserInfo: { response: userInfo },
  getEquipmentGroupByUserid: { response: deviceGroups },
  logout: { call: 'login/logout' },
  getVisitorTypeByTid: { call: 'getVisitorType', response: typeByTid },
};
