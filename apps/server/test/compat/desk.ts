import { expect } from 'vitest';
import { knownCaptcha, seedCompany, seedEmployee, type Tenant, type TestApp } from '../harness.js';
import { lftPwdRule } from './original.js';

/**
 * The original front-desk app v2.4.9 as ../shared/reference/frontdesk-app.md describes it, for the replay suite: a
 * site set up the way an administrator does it in the console, the app's sign-in chain (§1) call by call, and its
 * transport (POST `/qcvisit/<name>`, `Content-Type: application/json` exactly, the token header in the form the app
 * keeps it, `undefined` before sign-in).
 */

/** The type the app reads a field as: `ms` an epoch-ms number, `json` a string that parses as JSON, `?` null allowed. */
export type Read = 'number' | 'string' | 'ms' | 'json' | 'array' | 'object' | 'boolean' | 'any';
export type Reads = Record<string, Read | `${Read}?`>;

function readsAs(value: unknown, read: Read): boolean {
  switch (read) {
    case 'any':
      return value !== undefined;
    case 'ms':
      return typeof value === 'number' && Number.isFinite(value) && value > 946684800000;
    case 'json':
      if (typeof value !== 'string') return false;
      try {
        JSON.parse(value.replace(/&quot;/g, '"'));
        return true;
      } catch {
        return false;
      }
    case 'array':
      return Array.isArray(value);
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    default:
      return typeof value === read;
  }
}

/** Every field the app reads is there, with the type it reads it as (a field named `a.b` is read inside `a`). */
export function expectReads(row: unknown, reads: Reads, what = 'row'): void {
  expect(typeof row, `${what} is an object`).toBe('object');
  expect(row, `${what} is not null`).not.toBeNull();
  const r = row as Record<string, unknown>;
  const wrong: string[] = [];
  for (const [field, spec] of Object.entries(reads)) {
    const nullable = spec.endsWith('?');
    const read = (nullable ? spec.slice(0, -1) : spec) as Read;
    const value = r[field];
    if (nullable && value === null) continue;
    if (!readsAs(value, read)) wrong.push(`${field}: ${read}${nullable ? ' or null' : ''} wanted, got ${JSON.stringify(value)}`);
  }
  expect(wrong, `${what}: ${wrong.join('; ')}`).toEqual([]);
}

export interface Answer<T = unknown> {
  status: number;
  reason?: string;
  result: T;
  http: number;
  contentType: string;
}

/** One request exactly as the app's jQuery sends it (§1 Request): a JSON body (an array for batchSignOut). */
export async function deskCall<T = unknown>(t: TestApp, name: string, body: unknown, header = 'undefined'): Promise<Answer<T>> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/qcvisit/${encodeURI(name)}`,
    headers: {
      'content-type': 'application/json',
      'x-coolvisit-token': header,
      'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/80.0 Safari/537.36',
      'x-requested-with': 'XMLHttpRequest',
    },
    payload: JSON.stringify(body),
  });
  const contentType = String(res.headers['content-type'] ?? '');
  // jQuery hands a non-JSON answer over as text: `status` is then undefined, which the app cannot live with.
  expect(contentType, `${name} answers JSON`).toMatch(/^application\/json/);
  const json = res.json() as { status: number; reason?: string; result: T };
  return { ...json, http: res.statusCode, contentType };
}

/** A site as its administrator sets it up in the console: a gate, the desk's account, a door group, a type, a host. */
export interface DeskSite {
  company: Tenant;
  gid: number;
  gname: string;
  account: string;
  password: string;
  deskName: string;
  egid: number;
  tid: number;
  vType: string;
  host: { id: number; phone: string; name: string };
}

export async function deskSite(t: TestApp, company?: Tenant): Promise<DeskSite> {
  const c = company ?? (await seedCompany(t));
  const gname = '东门';
  const gate = await t.api.addGate({ gname }, c.token);
  expect(gate.status, gate.reason).toBe(0);
  const gid = gate.result.gid;
  const account = `desk${Math.floor(Math.random() * 1e6)}`;
  const password = 'Desk#2026pc';
  const deskName = '前台小王';
  // The console's "Add staff account" drawer: a front-desk account at this gate, its password set by the administrator.
  const added = await t.api.AddManager({ account, password, sName: deskName, sType: 2, gids: [gid] }, c.token);
  expect(added.status, added.reason).toBe(0);
  const group = await t.api.addEquipmentGroup({ egname: '东门访客', etype: 2, gids: [gid] }, c.token);
  expect(group.status, group.reason).toBe(0);
  const vType = '访客#Guest';
  const type = await t.api.addVisitorType({ vType }, c.token);
  expect(type.status, type.reason).toBe(0);
  const host = await seedEmployee(t, c.id);
  return {
    company: c,
    gid,
    gname,
    account,
    password,
    deskName,
    egid: group.result.egid,
    tid: type.result.tid,
    vType,
    host: { ...host, name: '张三' },
  };
}

/** What the app keeps in sessionStorage after the chain, as it keeps it (strings), and its calls with that token. */
export interface Desk {
  site: DeskSite;
  userid: string;
  gid: string;
  gname: string;
  opname: string;
  gateway: string;
  token: string;
  sid: number;
  /** The egids of the gate's visitor door groups, comma-joined: `EquipmentAccess` (sid 0) or `VisitorAccess`. */
  access: string;
  info: Record<string, unknown>;
  send<T = unknown>(name: string, body: unknown): Promise<Answer<T>>;
}

/**
 * The login chain of §1 with the captcha on, each step's reads checked, then the home page's `refreshToken`: from there
 * the header is `<userid>-<token>`, as the app keeps it.
 */
export async function deskSignIn(t: TestApp, site: DeskSite): Promise<Desk> {
  const code = await deskCall<Record<string, unknown>>(t, 'getValidationCode', {});
  expect(code.status).toBe(0);
  expectReads(code.result, { base64Str: 'string', digest: 'string' }, 'getValidationCode');
  const known = await knownCaptcha(t);
  const check = await deskCall(t, 'validationCode', { email: site.account, phone: '', digest: known.digest, vcode: known.code });
  expect(check.status, check.reason).toBe(0);
  const login = await deskCall<Record<string, unknown>>(t, 'LoginManager', {
    account: site.account,
    password: lftPwdRule(site.password),
    digest: known.digest,
  });
  expect(login.status, login.reason).toBe(0);
  const l = login.result;
  expectReads(
    l,
    {
      userid: 'number',
      token: 'string',
      gid: 'string',
      gname: 'string',
      pemail: 'string',
      leaveExpiryTime: 'number',
      badgeMode: 'any',
      badgeCustom: 'string',
    },
    'LoginManager',
  );
  return afterLogin(t, site, l);
}

/** Steps 3–9 of the chain with the token LoginManager gave. */
async function afterLogin(t: TestApp, site: DeskSite, l: Record<string, unknown>): Promise<Desk> {
  let header = `${site.account}-${l.token as string}`;
  const userid = String(l.userid);
  const gid = String(l.gid);
  const gname = String(l.gname);

  const info = await deskCall<Record<string, unknown>>(t, 'GetUserInfo', { userid, email: l.pemail }, header);
  expect(info.status, info.reason).toBe(0);
  expectReads(
    info.result,
    {
      permissionSwitch: 'number',
      logo: 'string',
      offDuty: 'any',
      cardType: 'number',
      cardSize: 'number',
      email: 'string',
      subAccount: 'number',
      preExtendTime: 'number',
      latExtendTime: 'number',
      badgeMode: 'any',
      badgeCustom: 'string',
      company: 'string',
      questionnaireSwitch: 'number',
      blackListSwitch: 'number',
    },
    'GetUserInfo',
  );
  // No status check: the app stores sname as the operator's name.
  const manager = await deskCall<Record<string, unknown>>(t, 'GetManager', { account: site.account }, header);
  expectReads(manager.result, { sname: 'string', company: 'string' }, 'GetManager');
  const extend = await deskCall(t, 'GetExtendVisitor', { userid }, header);
  expect(extend.status, extend.reason).toBe(0);
  const gates = await deskCall<unknown[]>(t, 'getGate', { userid }, header);
  expect(gates.status, gates.reason).toBe(0);
  expect(Array.isArray(gates.result) && gates.result.length > 0, 'getGate answers the gates').toBe(true);
  const byTid = await deskCall<Record<string, unknown>>(t, 'getVisitorTypeByTid', { userid, tid: 38 }, header);
  expect(byTid.status, byTid.reason).toBe(0);
  expectReads(byTid.result, { povDays: 'number' }, 'getVisitorTypeByTid');
  const groups = await deskCall<Record<string, unknown>[]>(t, 'getEquipmentGroupByUserid', { userid }, header);
  expect(groups.status, groups.reason).toBe(0);
  for (const g of groups.result) expectReads(g, { etype: 'number', gids: 'string', egid: 'number', egname: 'string' }, 'equipment group');
  const access = groups.result
    .filter((g) => (g.etype === 0 || g.etype === 2) && String(g.gids).split(',').includes(gid))
    .map((g) => g.egid)
    .join(',');

  // The home page mounts: refreshToken with GetUserInfo's email; the token becomes `<userid>-<token>`.
  const oldToken = header;
  const refreshed = await deskCall<Record<string, unknown>>(t, 'refreshToken', { email: info.result.email, oldToken }, header);
  expect(refreshed.status, refreshed.reason).toBe(0);
  expectReads(refreshed.result, { token: 'string' }, 'refreshToken');
  header = `${userid}-${refreshed.result.token as string}`;

  const desk: Desk = {
    site,
    userid,
    gid,
    gname,
    opname: String(manager.result.sname),
    gateway: gates.result.length ? gname : 'noGate',
    token: header,
    sid: Number(info.result.subAccount),
    access,
    info: { ...l, ...info.result },
    send: (name, body) => deskCall(t, name, body, desk.token),
  };
  return desk;
}
