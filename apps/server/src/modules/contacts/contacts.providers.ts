import { type ContactChannel, Status } from '@openvisit/contract';
import { z } from 'zod';
import { EndpointRefused } from '../../platform/http/endpoints.js';
import { AppError } from '../../platform/http/errors.js';
import { fetchBounded, type HttpAnswer, type HttpLimits, mapLimit, sleep } from './contacts.http.js';

/** A department as a provider lists it; `parentId` null is the top level (directly under the company). */
export interface ExtDepartment {
  id: string;
  name: string;
  parentId: string | null;
}

/** A person as a provider lists them, with the provider departments they are in. */
export interface ExtUser {
  id: string;
  name: string;
  mobile: string;
  email: string;
  jobNumber: string;
  title: string;
  telephone: string;
  deptIds: string[];
}

/** One directory behind one interface: DingTalk's open API, an RTX server, or a work app's (Feishu, WeCom: modules/im). */
export interface DirectoryProvider {
  readonly channel: ContactChannel;
  /** Checks the credentials (DingTalk: gets a token); throws 51 / 675 / 674. */
  verify(): Promise<void>;
  /** Every department, parents before their children. */
  departments(): Promise<ExtDepartment[]>;
  /** Every person of these departments (and of the top level), each once. */
  users(departments: readonly ExtDepartment[]): Promise<ExtUser[]>;
}

/** Directory size limits: beyond them a sync refuses with 44 rather than hold an unbounded answer in memory. */
export const MAX_DEPARTMENTS = 10_000;
export const MAX_USERS = 50_000;
const CONCURRENCY = 4;

const tooLarge = (what: string, max: number) =>
  new AppError(Status.SYNC_COUNT_EXCEEDED, `The directory lists more than ${max} ${what}; the sync handles at most that many`);

export function mergeUser(byId: Map<string, ExtUser>, u: ExtUser): void {
  const seen = byId.get(u.id);
  if (seen) {
    for (const d of u.deptIds) if (!seen.deptIds.includes(d)) seen.deptIds.push(d);
    return;
  }
  if (byId.size >= MAX_USERS) throw tooLarge('people', MAX_USERS);
  byId.set(u.id, u);
}

/** Walks a department tree level by level from its root, `children` answering the direct sub-departments. */
export async function walkTree(rootId: string, children: (id: string) => Promise<{ id: string; name: string }[]>): Promise<ExtDepartment[]> {
  const all: ExtDepartment[] = [];
  const seen = new Set<string>([rootId]);
  let level = [rootId];
  while (level.length) {
    const found = await mapLimit(level, CONCURRENCY, async (parent) => ({ parent, list: await children(parent) }));
    const next: string[] = [];
    for (const { parent, list } of found) {
      for (const d of list) {
        if (seen.has(d.id)) continue; // a provider answering a cycle must not loop us forever
        seen.add(d.id);
        all.push({ id: d.id, name: d.name, parentId: parent === rootId ? null : parent });
        next.push(d.id);
        if (all.length > MAX_DEPARTMENTS) throw tooLarge('departments', MAX_DEPARTMENTS);
      }
    }
    level = next;
  }
  return all;
}

// ---------------------------------------------------------------------------------------------
// DingTalk (open platform, internal app): gettoken with appkey/appsecret, then topapi v2 calls
// ---------------------------------------------------------------------------------------------

const DD_ROOT = '1';
/** errcodes of an expired or invalid access token: get a new one and try once more. */
const DD_TOKEN_ERRORS = new Set([40014, 42001]);
/** errcodes of a busy platform or a rate limit: wait and try again. */
const DD_BUSY_ERRORS = new Set([-1, 90002, 90005, 90006, 90018]);

const ddEnvelope = z.object({ errcode: z.number(), errmsg: z.string().optional().default('') }).passthrough();
const ddToken = z.object({ access_token: z.string().min(1), expires_in: z.number().optional() });
const ddDepartments = z.object({ result: z.array(z.object({ dept_id: z.number(), name: z.string(), parent_id: z.number().optional() })) });
const ddUsers = z.object({
  result: z.object({
    has_more: z.boolean(),
    next_cursor: z.number().optional(),
    list: z.array(
      z.object({
        userid: z.string().min(1),
        name: z.string().default(''),
        mobile: z.string().optional().default(''),
        state_code: z.string().optional().default(''),
        email: z.string().optional().default(''),
        org_email: z.string().optional().default(''),
        job_number: z.string().optional().default(''),
        title: z.string().optional().default(''),
        telephone: z.string().optional().default(''),
        dept_id_list: z.array(z.number()).optional().default([]),
      }),
    ),
  }),
});

/** DingTalk's own words for a refusal are safe to show (they never echo credentials); kept short. */
function ddMessage(errmsg: string, errcode: number): string {
  const msg = errmsg.replace(/[\r\n]+/g, ' ').slice(0, 120);
  return `${msg || 'error'} (errcode ${errcode})`;
}

/** A DingTalk answer's envelope; anything but a JSON envelope with an errcode is "unreachable". */
async function ddJson(answer: Awaited<ReturnType<typeof fetchBounded>>): Promise<z.infer<typeof ddEnvelope>> {
  if (answer.status !== 200) throw new AppError(Status.DIRECTORY_UNREACHABLE, `DingTalk answered HTTP ${answer.status}`);
  let body: unknown;
  try {
    body = JSON.parse(answer.body.toString('utf8'));
  } catch {
    throw new AppError(Status.DIRECTORY_UNREACHABLE, 'DingTalk answered something that is not JSON');
  }
  const env = ddEnvelope.safeParse(body);
  if (!env.success) throw new AppError(Status.DIRECTORY_UNREACHABLE, 'DingTalk answered without errcode');
  return env.data;
}

export function dingTalkProvider(opts: { baseUrl: string; appKey: string; appSecret: string; limits: HttpLimits }): DirectoryProvider {
  let token: string | undefined;

  async function getToken(): Promise<string> {
    const url = `${opts.baseUrl}/gettoken?${new URLSearchParams({ appkey: opts.appKey, appsecret: opts.appSecret })}`;
    const env = await ddJson(await fetchBounded('DingTalk', url, { method: 'GET' }, opts.limits));
    if (env.errcode !== 0)
      throw new AppError(Status.DINGTALK_VERIFY_FAILED, `DingTalk refused the AppKey and AppSecret: ${ddMessage(env.errmsg, env.errcode)}`);
    const parsed = ddToken.safeParse(env);
    if (!parsed.success) throw new AppError(Status.DIRECTORY_UNREACHABLE, 'DingTalk answered a token request without a token');
    token = parsed.data.access_token;
    return token;
  }

  /** POST a topapi call; refreshes the token once, waits out busy answers (3 tries), refusals are 51. */
  async function call<T>(path: string, body: unknown, shape: z.ZodType<T>): Promise<T> {
    let refreshed = false;
    for (let attempt = 1; ; attempt++) {
      const access = token ?? (await getToken());
      const url = `${opts.baseUrl}${path}?${new URLSearchParams({ access_token: access })}`;
      const env = await ddJson(
        await fetchBounded(
          'DingTalk',
          url,
          { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
          opts.limits,
        ),
      );
      if (env.errcode === 0) {
        const parsed = shape.safeParse(env);
        if (!parsed.success) throw new AppError(Status.DIRECTORY_UNREACHABLE, `DingTalk answered ${path} in an unexpected shape`);
        return parsed.data;
      }
      // topapi answers a stale token as errcode 88 with the token's own code in sub_code (a string), as DingTalk does.
      const stale = DD_TOKEN_ERRORS.has(env.errcode) || (env.errcode === 88 && DD_TOKEN_ERRORS.has(Number(env.sub_code)));
      if (stale && !refreshed) {
        refreshed = true;
        token = undefined;
        continue;
      }
      if (DD_BUSY_ERRORS.has(env.errcode) && attempt < 3) {
        await sleep(400 * attempt);
        continue;
      }
      throw new AppError(Status.DINGTALK_VERIFY_FAILED, `DingTalk refused ${path}: ${ddMessage(env.errmsg, env.errcode)}`);
    }
  }

  const phoneOf = (mobile: string, stateCode: string) => (mobile && stateCode && stateCode !== '86' ? `+${stateCode}${mobile}` : mobile);

  return {
    channel: 'dingtalk',
    async verify() {
      await getToken();
    },
    departments: () =>
      walkTree(DD_ROOT, async (id) => {
        const r = await call('/topapi/v2/department/listsub', { dept_id: Number(id), language: 'zh_CN' }, ddDepartments);
        return r.result.map((d) => ({ id: String(d.dept_id), name: d.name }));
      }),
    async users(departments) {
      const byId = new Map<string, ExtUser>();
      await mapLimit([DD_ROOT, ...departments.map((d) => d.id)], CONCURRENCY, async (deptId) => {
        let cursor = 0;
        for (let page = 0; ; page++) {
          if (page > MAX_USERS / 100) throw new AppError(Status.DIRECTORY_UNREACHABLE, 'DingTalk kept answering more pages of one department');
          const r = await call(
            '/topapi/v2/user/list',
            { dept_id: Number(deptId), cursor, size: 100, contain_access_limit: false, language: 'zh_CN' },
            ddUsers,
          );
          for (const u of r.result.list)
            mergeUser(byId, {
              id: u.userid,
              name: u.name,
              mobile: phoneOf(u.mobile, u.state_code),
              email: u.email || u.org_email,
              jobNumber: u.job_number,
              title: u.title,
              telephone: u.telephone,
              deptIds: u.dept_id_list.map(String).filter((d) => d !== DD_ROOT),
            });
          if (!r.result.has_more) break;
          if (r.result.next_cursor === undefined || r.result.next_cursor <= cursor)
            throw new AppError(Status.DIRECTORY_UNREACHABLE, 'DingTalk answered a page without a next cursor');
          cursor = r.result.next_cursor;
        }
      });
      return [...byId.values()];
    },
  };
}

// ---------------------------------------------------------------------------------------------
// RTX (Tencent RTX server, SDK HTTP interface on port 8012 by default)
// ---------------------------------------------------------------------------------------------

/** Decodes an RTX answer: the charset of the header, else of the XML declaration, else GBK (RTX servers are Chinese Windows). */
export function decodeRtx(body: Buffer, contentType: string): string {
  const head = body.subarray(0, 200).toString('latin1');
  const label = /charset=([\w-]+)/i.exec(contentType)?.[1] ?? /encoding=["']([\w-]+)["']/i.exec(head)?.[1] ?? 'gbk';
  try {
    return new TextDecoder(label.toLowerCase() === 'gb2312' ? 'gbk' : label).decode(body);
  } catch {
    return body.toString('utf8');
  }
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
function unescapeXml(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (m, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' || e[1] === 'X' ? Number.parseInt(e.slice(2), 16) : Number.parseInt(e.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : '';
    }
    return ENTITIES[e.toLowerCase()] ?? m;
  });
}

/** The attributes of every `<tag …>` element of a flat XML list (the RTX answers are lists of empty elements). */
export function xmlElements(xml: string, tag: string): Record<string, string>[] {
  const out: Record<string, string>[] = [];
  const element = new RegExp(`<${tag}\\b([^>]*?)/?>`, 'g');
  for (const m of xml.matchAll(element)) {
    const attrs: Record<string, string> = {};
    for (const a of (m[1] ?? '').matchAll(/([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) attrs[a[1] as string] = unescapeXml(a[2] ?? a[3] ?? '');
    out.push(attrs);
  }
  return out;
}

/**
 * RTX: the server's SDK answers HTTP on its SDK port. The stock CGIs (SendNotify.cgi, GetMobile.cgi…) have no
 * directory listing, so the sync reads the department and user CGIs of the RTX SDK's organisation interface
 * (DeptManager.cgi, modelled on the SDK's DeptManager.GetChildDepts / GetDeptUsers), answering XML lists:
 *   GET /DeptManager.cgi?mode=GetChildDepts&deptid=0 → <Departments><Department ID="2" Name="研发部"/>…</Departments>
 *   GET /DeptManager.cgi?mode=GetDeptUsers&deptid=2  → <Users><User UserName="zhangsan" Name="张三" Mobile="…" Email="…" Phone="…"/>…</Users>
 * A server that does not allow our address answers «IP受限制» (its SDKProperty.xml lists the allowed addresses): 675.
 */
export function rtxProvider(opts: { host: string; port: number; limits: HttpLimits; allowPrivate: boolean }): DirectoryProvider {
  const base = `http://${opts.host.includes(':') ? `[${opts.host}]` : opts.host}:${opts.port}`;

  async function list(mode: 'GetChildDepts' | 'GetDeptUsers', deptId: string, root: 'Departments' | 'Users'): Promise<string> {
    // The RTX server is the company's own: a public address only, unless the operator allows private ones.
    let answer: HttpAnswer;
    try {
      answer = await fetchBounded(
        'The RTX server',
        `${base}/DeptManager.cgi?${new URLSearchParams({ mode, deptid: deptId })}`,
        { method: 'GET' },
        opts.limits,
        { allowPrivate: opts.allowPrivate },
      );
    } catch (err) {
      if (err instanceof EndpointRefused) throw new AppError(Status.DIRECTORY_REFUSED, `The RTX server cannot be used: ${err.message}`);
      throw err;
    }
    const text = decodeRtx(answer.body, answer.contentType);
    if (answer.status === 403 || /IP\s*受限|IP\s*is\s*restricted/i.test(text))
      throw new AppError(Status.DIRECTORY_REFUSED, "The RTX server refused this server's address; allow it in the RTX server's SDKProperty.xml");
    if (answer.status !== 200) throw new AppError(Status.DIRECTORY_UNREACHABLE, `The RTX server answered HTTP ${answer.status}`);
    if (!new RegExp(`<${root}\\b`).test(text))
      throw new AppError(Status.DIRECTORY_UNREACHABLE, `The RTX server answered ${mode} without a <${root}> list`);
    return text;
  }

  return {
    channel: 'rtx',
    async verify() {
      await list('GetChildDepts', '0', 'Departments');
    },
    departments: () =>
      walkTree('0', async (id) =>
        xmlElements(await list('GetChildDepts', id, 'Departments'), 'Department')
          .filter((d) => d.ID && d.Name)
          .map((d) => ({ id: d.ID as string, name: (d.Name as string).trim() })),
      ),
    async users(departments) {
      const byId = new Map<string, ExtUser>();
      await mapLimit(['0', ...departments.map((d) => d.id)], CONCURRENCY, async (deptId) => {
        for (const u of xmlElements(await list('GetDeptUsers', deptId, 'Users'), 'User')) {
          const account = (u.UserName ?? '').trim();
          if (!account) continue;
          mergeUser(byId, {
            id: account,
            name: (u.Name ?? '').trim() || account,
            mobile: (u.Mobile ?? '').trim(),
            email: (u.Email ?? '').trim(),
            jobNumber: '',
            title: (u.Position ?? '').trim(),
            telephone: (u.Phone ?? '').trim(),
            deptIds: deptId === '0' ? [] : [deptId],
          });
        }
      });
      return [...byId.values()];
    },
  };
}
