// Directory changes of the Feishu simulator (tools/feishu-sim.ts): departments and users added, changed and removed,
// each pushing the contact v3 event (v2 schema) to every app subscribed to it, with that app's ids
// (docs/protocols/feishu.md, "Events").
import type { Gateway } from './feishu-sim.gateway.js';
import {
  type DepartmentInput,
  departmentJson,
  makeUser,
  type Obj,
  openDepartmentIdOf,
  openIdOf,
  type SimDepartment,
  type SimState,
  type SimUser,
  type UserInput,
  userJson,
} from './feishu-sim.model.js';

export interface Directory {
  addDepartment(d: DepartmentInput): SimDepartment;
  updateDepartment(departmentId: string, patch: Partial<Omit<DepartmentInput, 'departmentId'>>): SimDepartment;
  removeDepartment(departmentId: string): void;
  addUser(u: UserInput): SimUser;
  updateUser(userId: string, patch: Partial<Omit<UserInput, 'userId'>>): SimUser;
  /** A leaver: marked resigned (status.is_resigned, out of every department); `hard` also deletes the record. */
  removeUser(userId: string, opts?: { hard?: boolean }): void;
}

/** Pushes an event to every app that subscribed to its type; the builder renders it with the app's ids. */
function emit(s: SimState, gw: Gateway, eventType: string, build: (appId: string) => Obj): void {
  for (const app of s.apps.values()) {
    if (app.events === 'all' || app.events.includes(eventType)) gw.pushEvent(app.appId, eventType, build(app.appId));
  }
}

/** old_object of an updated event: the fields of `before` that changed. */
function changed(before: Obj, after: Obj): Obj {
  return Object.fromEntries(Object.entries(before).filter(([k, v]) => JSON.stringify(v) !== JSON.stringify(after[k])));
}

export function directory(s: SimState, gw: Gateway): Directory {
  const dept = (id: string): SimDepartment => {
    const d = s.departments.get(id);
    if (!d) throw new Error(`feishu-sim: no department ${id}`);
    return d;
  };
  const usr = (id: string): SimUser => {
    const u = s.users.get(id);
    if (!u) throw new Error(`feishu-sim: no user ${id}`);
    return u;
  };
  return {
    addDepartment(d) {
      const rec: SimDepartment = {
        departmentId: d.departmentId,
        openDepartmentId: openDepartmentIdOf(d.departmentId),
        name: d.name,
        parentId: d.parentId ?? '0',
        order: d.order ?? s.departments.size,
        leaderUserId: d.leaderUserId ?? '',
        deleted: false,
      };
      s.departments.set(rec.departmentId, rec);
      emit(s, gw, 'contact.department.created_v3', (a) => ({ object: departmentJson(a, rec) }));
      return rec;
    },
    updateDepartment(id, patch) {
      const d = dept(id);
      const before = (a: string) => departmentJson(a, d);
      const olds = new Map([...s.apps.keys()].map((a) => [a, before(a)]));
      Object.assign(d, Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)));
      emit(s, gw, 'contact.department.updated_v3', (a) => ({
        object: departmentJson(a, d),
        old_object: changed(olds.get(a) ?? {}, departmentJson(a, d)),
      }));
      return d;
    },
    removeDepartment(id) {
      const d = dept(id);
      d.deleted = true;
      emit(s, gw, 'contact.department.deleted_v3', (a) => ({
        object: departmentJson(a, d),
        old_object: { status: { is_deleted: false }, open_department_id: d.openDepartmentId },
      }));
    },
    addUser(u) {
      if (s.users.has(u.userId)) throw new Error(`feishu-sim: user ${u.userId} exists`);
      const rec = makeUser(u);
      s.users.set(rec.userId, rec);
      emit(s, gw, 'contact.user.created_v3', (a) => ({ object: userJson(a, rec) }));
      return rec;
    },
    updateUser(id, patch) {
      const u = usr(id);
      const olds = new Map([...s.apps.keys()].map((a) => [a, userJson(a, u)]));
      const { status, ...rest } = patch;
      Object.assign(u, Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)));
      if (status) Object.assign(u.status, status);
      emit(s, gw, 'contact.user.updated_v3', (a) => ({ object: userJson(a, u), old_object: changed(olds.get(a) ?? {}, userJson(a, u)) }));
      return u;
    },
    removeUser(id, o) {
      const u = usr(id);
      const oldDepts = new Map([...s.apps.keys()].map((a) => [a, userJson(a, u).department_ids]));
      Object.assign(u.status, { is_resigned: true, is_activated: false });
      u.departmentIds = [];
      emit(s, gw, 'contact.user.deleted_v3', (a) => ({
        object: userJson(a, u),
        old_object: { department_ids: oldDepts.get(a), open_id: openIdOf(a, u.userId) },
      }));
      if (o?.hard) s.users.delete(id);
    },
  };
}
