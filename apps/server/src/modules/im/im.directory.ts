import { Status } from '@openvisit/contract';
import { AppError } from '../../platform/http/errors.js';
import { type DirectoryProvider, type ExtUser, type HttpLimits, mapLimit, mergeUser, walkTree } from '../contacts/contacts.public.js';
import { type Json, platformApi } from './im.api.js';
import type { PlatformTarget } from './im.tokens.js';

/**
 * The directories of Feishu (contact v3) and WeCom (通讯录), read through the company's work app for the directory
 * sync of modules/contacts (docs/protocols/feishu.md "Directory", wecom.md "REST"). Ids are the organisation's own
 * (Feishu user_id and department_id, WeCom UserID and department id): the ones sign-in links to, so a sync and a
 * sign-in find the same employee.
 */

const CONCURRENCY = 4;
const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const list = (v: unknown): Json[] => (Array.isArray(v) ? v.filter((x): x is Json => !!x && typeof x === 'object') : []);
/** A platform that keeps answering pages is refused rather than followed forever. */
const MAX_PAGES = 5_000;

/** Every item of a Feishu list, page by page (`page_size` at most 50; an empty page has no `items`). */
async function feishuPages(api: ReturnType<typeof platformApi>, path: string, query: Record<string, string>): Promise<Json[]> {
  const out: Json[] = [];
  let pageToken = '';
  for (let page = 0; ; page++) {
    if (page > MAX_PAGES) throw new AppError(Status.DIRECTORY_UNREACHABLE, `Feishu kept answering more pages of ${path}`);
    const r = await api.get(path, { ...query, page_size: '50', ...(pageToken ? { page_token: pageToken } : {}) });
    const data = (r.data ?? {}) as Json;
    out.push(...list(data.items));
    if (data.has_more !== true) return out;
    const next = str(data.page_token);
    if (!next || next === pageToken)
      throw new AppError(Status.DIRECTORY_UNREACHABLE, `Feishu answered a page of ${path} without the next one's token`);
    pageToken = next;
  }
}

const FEISHU_IDS = { user_id_type: 'user_id', department_id_type: 'department_id' };

/** Feishu: departments walked from the root `0`; people per department by find_by_department, which omits leavers. */
export function feishuDirectory(t: PlatformTarget & { platform: 'feishu' }, limits: HttpLimits): DirectoryProvider {
  const api = platformApi(t, limits);
  return {
    channel: 'feishu',
    verify: () => api.verify(),
    departments: () =>
      walkTree('0', async (id) =>
        (await feishuPages(api, `/open-apis/contact/v3/departments/${encodeURIComponent(id)}/children`, FEISHU_IDS))
          .map((d) => ({ id: str(d.department_id), name: str(d.name).trim() }))
          .filter((d) => d.id && d.name),
      ),
    async users(departments) {
      const byId = new Map<string, ExtUser>();
      await mapLimit(['0', ...departments.map((d) => d.id)], CONCURRENCY, async (deptId) => {
        const members = await feishuPages(api, '/open-apis/contact/v3/users/find_by_department', { ...FEISHU_IDS, department_id: deptId });
        for (const u of members) {
          const status = (u.status ?? {}) as Json;
          // A frozen account is suspended: listed, but not someone who may host visitors; it is stopped like a leaver.
          if (!str(u.user_id) || status.is_resigned === true || status.is_frozen === true) continue;
          mergeUser(byId, {
            id: str(u.user_id),
            name: str(u.name).trim() || str(u.user_id),
            mobile: str(u.mobile),
            email: str(u.enterprise_email) || str(u.email),
            jobNumber: str(u.employee_no),
            title: str(u.job_title),
            telephone: '',
            deptIds: (Array.isArray(u.department_ids) ? u.department_ids.map(str) : []).filter((d) => d && d !== '0'),
          });
        }
      });
      return [...byId.values()];
    },
  };
}

/** WeCom has no work-number field: companies keep it as a custom text attribute, by convention named 工号. */
function weComJobNumber(u: Json): string {
  const attrs = list(((u.extattr ?? {}) as Json).attrs);
  const a = attrs.find((x) => /^(工号|员工编号|employee ?(no|number|id))$/i.test(str(x.name).trim()));
  return str(((a?.text ?? {}) as Json).value).trim();
}

/** WeCom member statuses that are not (or no longer) a working member: 2 disabled, 5 left. 4 (not yet joined) is one. */
const WECOM_GONE = new Set([2, 5]);

/** WeCom: the whole tree in one `department/list`, every member in one `user/list?fetch_child=1` from the root (id 1). */
export function weComDirectory(t: PlatformTarget & { platform: 'wecom' }, limits: HttpLimits): DirectoryProvider {
  const api = platformApi(t, limits);
  let rootId = '1';
  return {
    channel: 'wecom',
    verify: () => api.verify(),
    async departments() {
      const all = list((await api.get('/cgi-bin/department/list')).department).map((d) => ({
        id: str(d.id),
        name: str(d.name).trim(),
        parent: str(d.parentid),
      }));
      // The first department is the root of what the app sees (the company itself, or the app's visible range).
      rootId = all[0]?.id ?? '1';
      const byParent = new Map<string, { id: string; name: string }[]>();
      for (const d of all.slice(1)) if (d.id && d.name) byParent.set(d.parent, [...(byParent.get(d.parent) ?? []), d]);
      return walkTree(rootId, async (id) => byParent.get(id) ?? []);
    },
    async users() {
      const byId = new Map<string, ExtUser>();
      const members = list((await api.get('/cgi-bin/user/list', { department_id: rootId, fetch_child: '1' })).userlist);
      for (const u of members) {
        if (!str(u.userid) || WECOM_GONE.has(Number(u.status))) continue;
        mergeUser(byId, {
          id: str(u.userid),
          name: str(u.name).trim() || str(u.userid),
          // Since 2022 WeCom hides mobile and e-mail from most apps' lists: then '' (ours are kept as they are).
          mobile: str(u.mobile),
          email: str(u.biz_mail) || str(u.email),
          jobNumber: weComJobNumber(u),
          title: str(u.position),
          telephone: str(u.telephone),
          deptIds: (Array.isArray(u.department) ? u.department.map(str) : []).filter((d) => d && d !== rootId),
        });
      }
      return [...byId.values()];
    },
  };
}
