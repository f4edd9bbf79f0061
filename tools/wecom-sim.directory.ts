// Directory changes a test makes (an administrator editing 通讯录), each pushed as a change_contact event (成员变更通知,
// document 90970; 部门变更通知, document 90971) to the corp's contacts-sync assistant when its callback is set, and to
// apps marked contactEvents (the 代开发 case). An update carries only what changed (besides UserID / Id: the documents
// mark fields "仅有变化时返回"). An assistant set after 2022-08-15 gets UserID/Department and Id/ParentId only; an app
// without privateFields gets no Mobile, Gender, Email, BizMail, Avatar or Address (the 2022-06-20 rule, as user/get).
import { type CallbackOptions, type Delivery, deliver, type Receiver } from './wecom-sim.callback.js';
import { type Corp, toUser, type WeComApp, type WeComDepartment, type WeComUser, type WeComUserInput } from './wecom-sim.state.js';

export interface DirCtx {
  apps: WeComApp[];
  deliveries: Delivery[];
  pending: Set<Promise<unknown>>;
  callbackOptions(): CallbackOptions;
  now(): number;
}

const USER_FIELDS: [keyof WeComUser, string, (u: WeComUser) => unknown][] = [
  ['name', 'Name', (u) => u.name],
  ['department', 'Department', (u) => u.department.join(',')],
  ['main_department', 'MainDepartment', (u) => u.main_department],
  ['is_leader_in_dept', 'IsLeaderInDept', (u) => u.is_leader_in_dept.join(',')],
  ['direct_leader', 'DirectLeader', (u) => u.direct_leader.join(',')],
  ['position', 'Position', (u) => u.position],
  ['mobile', 'Mobile', (u) => u.mobile],
  ['gender', 'Gender', (u) => u.gender],
  ['email', 'Email', (u) => u.email],
  ['biz_mail', 'BizMail', (u) => u.biz_mail],
  ['status', 'Status', (u) => u.status],
  ['avatar', 'Avatar', (u) => u.avatar],
  ['alias', 'Alias', (u) => u.alias],
  ['telephone', 'Telephone', (u) => u.telephone],
  ['address', 'Address', (u) => u.address],
  [
    'extattr',
    'ExtAttr',
    (u) => ({ Item: u.extattr.attrs.map((a) => ({ Name: a.name, Type: a.type, Text: a.text ? { Value: a.text.value } : undefined })) }),
  ],
];
const PRIVATE_TAGS = new Set(['Mobile', 'Gender', 'Email', 'BizMail', 'Avatar', 'Address']);

/** What a receiver of change_contact reads: the assistant new-style (minimal), the assistant old-style or an app. */
type Audience = { minimal: boolean; privateFields: boolean };

/** Sends one change_contact to each receiver of the corp; deliveries run in the background (see settled()). */
function push(ctx: DirCtx, corp: Corp, changeType: string, body: (who: Audience) => Record<string, unknown> | null): void {
  const targets: [Receiver, Audience][] = ctx.apps
    .filter((a) => a.corpId === corp.corpId && a.callback && a.contactEvents)
    .map((a) => [a, { minimal: false, privateFields: a.privateFields }]);
  const sync = corp.contactSync;
  if (sync)
    targets.unshift([
      { corpId: corp.corpId, agentId: null, callback: sync.callback },
      { minimal: !sync.fullFields, privateFields: true },
    ]);
  for (const [receiver, who] of targets) {
    const extra = body(who);
    if (!extra) continue;
    const fields = {
      ToUserName: corp.corpId,
      FromUserName: 'sys',
      CreateTime: Math.floor(ctx.now() / 1000),
      MsgType: 'event',
      Event: 'change_contact',
      ChangeType: changeType,
      ...extra,
    };
    const p = deliver(receiver, fields, ctx.callbackOptions()).then((d) => {
      ctx.deliveries.push(d);
    });
    ctx.pending.add(p);
    void p.finally(() => ctx.pending.delete(p));
  }
}

function userFields(u: WeComUser, who: Audience, only?: Set<keyof WeComUser>): Record<string, unknown> {
  const out: Record<string, unknown> = { UserID: u.userid };
  for (const [key, tag, value] of USER_FIELDS) {
    if (only && !only.has(key)) continue;
    if (who.minimal && tag !== 'Department') continue;
    if (!who.privateFields && PRIVATE_TAGS.has(tag)) continue;
    out[tag] = value(u);
  }
  return out;
}

export function addUser(ctx: DirCtx, corp: Corp, input: WeComUserInput): WeComUser {
  if (corp.users.has(input.userid)) throw new Error(`userid ${input.userid} exists`);
  for (const d of input.department) if (!corp.departments.has(d)) throw new Error(`department ${d} does not exist`);
  const u = toUser(input);
  corp.users.set(u.userid, u);
  push(ctx, corp, 'create_user', (who) => userFields(u, who));
  return u;
}

export function updateUser(ctx: DirCtx, corp: Corp, userid: string, patch: Partial<WeComUserInput>): WeComUser {
  const prev = corp.users.get(userid);
  if (!prev) throw new Error(`no user ${userid}`);
  const input: WeComUserInput = { ...prev, ...patch, userid };
  if (patch.department) {
    // New departments without their per-department lists: reset them, as the console does.
    if (!patch.order) input.order = patch.department.map(() => 0);
    if (!patch.is_leader_in_dept) input.is_leader_in_dept = patch.department.map(() => 0);
    if (!patch.main_department && !patch.department.includes(prev.main_department)) input.main_department = patch.department[0];
  }
  const next = toUser(input, prev);
  corp.users.set(userid, next);
  const changed = new Set(USER_FIELDS.map(([k]) => k).filter((k) => JSON.stringify(prev[k]) !== JSON.stringify(next[k])));
  if (changed.size > 0) push(ctx, corp, 'update_user', (who) => userFields(next, who, changed));
  return next;
}

/** A leaver: WeCom deletes the member (user/get then answers 60111) and sends delete_user with the UserID only. */
export function removeUser(ctx: DirCtx, corp: Corp, userid: string): void {
  if (!corp.users.delete(userid)) throw new Error(`no user ${userid}`);
  push(ctx, corp, 'delete_user', () => ({ UserID: userid }));
}

export type DepartmentInput = Pick<WeComDepartment, 'id' | 'name'> & Partial<WeComDepartment>;

export function addDepartment(ctx: DirCtx, corp: Corp, d: DepartmentInput): WeComDepartment {
  if (corp.departments.has(d.id)) throw new Error(`department ${d.id} exists`);
  const dep: WeComDepartment = { parentid: 1, order: 0, department_leader: [], ...d };
  if (!corp.departments.has(dep.parentid)) throw new Error(`parent department ${dep.parentid} does not exist`);
  corp.departments.set(dep.id, dep);
  push(ctx, corp, 'create_party', (who) =>
    who.minimal ? { Id: dep.id, ParentId: String(dep.parentid) } : { Id: dep.id, Name: dep.name, ParentId: String(dep.parentid), Order: dep.order },
  );
  return dep;
}

export function updateDepartment(ctx: DirCtx, corp: Corp, id: number, patch: Partial<DepartmentInput>): WeComDepartment {
  const prev = corp.departments.get(id);
  if (!prev) throw new Error(`no department ${id}`);
  const next = { ...prev, ...patch, id };
  corp.departments.set(id, next);
  const changes: Record<string, unknown> = {};
  if (next.name !== prev.name) changes.Name = next.name;
  if (next.parentid !== prev.parentid) changes.ParentId = String(next.parentid);
  if (Object.keys(changes).length > 0) {
    push(ctx, corp, 'update_party', (who) => {
      if (!who.minimal) return { Id: id, ...changes };
      return changes.ParentId === undefined ? null : { Id: id, ParentId: changes.ParentId };
    });
  }
  return next;
}

/** WeCom refuses to delete a department with members or sub-departments (60005 / 60006); so does this. */
export function removeDepartment(ctx: DirCtx, corp: Corp, id: number): void {
  if (id === 1) throw new Error('the root department cannot be deleted');
  if ([...corp.departments.values()].some((d) => d.parentid === id)) throw new Error(`department ${id} has sub-departments`);
  if ([...corp.users.values()].some((u) => u.department.includes(id))) throw new Error(`department ${id} has members`);
  if (!corp.departments.delete(id)) throw new Error(`no department ${id}`);
  push(ctx, corp, 'delete_party', () => ({ Id: id }));
}
