import {
  checkEmail,
  checkPersonName,
  DEPT_NAME_MAX,
  logDesc,
  normalizeEmail,
  normalizePhone,
  PERSON_NAME_MAX,
  WORK_NUMBER_MAX,
} from '@openvisit/contract';
import {
  departmentsRepository,
  type EmployeeRow,
  employees,
  employeesRepository,
  normalisePath,
  pathResolver,
} from '../../core/people/people.public.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { AppError } from '../../platform/http/errors.js';
import { providerRoles } from '../roles/roles.public.js';
import { type Filter, matches } from './scim.filter.js';
import { applyPatch, PatchError } from './scim.patch.js';
import { type ScimUserRow, scimRepository } from './scim.repository.js';
import { baseUrl, bool, get, type Json, logScim, meta, notFound, SCHEMA, ScimError, text } from './scim.resources.js';

/** Employee status codes (contract: 0 enabled, 1 forbidden, 2 stopped). */
const ENABLED = 0;
const STOPPED = 2;
const USER_NAME_MAX = 256;
const EXTERNAL_ID_MAX = 256;
const TEXT_MAX = 64;

/** What a request says of a person, checked; undefined fields are left as they are. */
interface UserFields {
  userName: string;
  externalId?: string;
  name?: string;
  nameParts: { givenName?: string; familyName?: string };
  email?: string;
  phone?: string;
  telephone?: string;
  position?: string;
  empNo?: string;
  department?: string;
  active?: boolean;
}

const CJK = /[\u3400-\u9fff]/;

/** The person's name from displayName, name.formatted or name's parts (family name first in Chinese), in that order. */
function nameOf(r: Json): string | undefined {
  const name = get(r, 'name');
  const given = text(get(name, 'givenName'), 'name.givenName', PERSON_NAME_MAX) ?? '';
  const family = text(get(name, 'familyName'), 'name.familyName', PERSON_NAME_MAX) ?? '';
  const parts = CJK.test(family + given) ? `${family}${given}` : `${given} ${family}`.trim();
  return (
    text(get(r, 'displayName'), 'displayName', PERSON_NAME_MAX) ||
    text(get(name, 'formatted'), 'name.formatted', PERSON_NAME_MAX) ||
    parts ||
    undefined
  );
}

/** The value of a multi-valued attribute's entry of this type, else the primary one, else the first. */
function pick(list: unknown, field: string, type?: string): unknown {
  if (list === undefined || list === null) return undefined;
  if (!Array.isArray(list)) throw new ScimError(400, `${field}: a list`, 'invalidValue');
  const entries = list.filter((e): e is Json => !!e && typeof e === 'object');
  const chosen =
    (type ? entries.find((e) => String(get(e, 'type') ?? '').toLowerCase() === type) : undefined) ??
    entries.find((e) => bool(get(e, 'primary'), `${field}.primary`)) ??
    (type ? undefined : entries[0]);
  return get(chosen, 'value') ?? (list.length ? undefined : '');
}

function fieldsOf(r: Json): UserFields {
  const userName = text(get(r, 'userName'), 'userName', USER_NAME_MAX);
  if (!userName) throw new ScimError(400, 'userName: required', 'invalidValue');
  const ext = get(r, SCHEMA.enterprise);
  const name = nameOf(r);
  if (name !== undefined && checkPersonName(name)) throw new ScimError(400, `name: not a person's name (${checkPersonName(name)})`, 'invalidValue');
  const emailRaw = text(pick(get(r, 'emails'), 'emails'), 'emails.value', 254);
  if (emailRaw && checkEmail(emailRaw)) throw new ScimError(400, `emails: "${emailRaw}" is not an e-mail address`, 'invalidValue');
  const phoneRaw = text(
    pick(get(r, 'phoneNumbers'), 'phoneNumbers', 'mobile') ?? pick(get(r, 'phoneNumbers'), 'phoneNumbers'),
    'phoneNumbers.value',
    32,
  );
  const phone = phoneRaw ? normalizePhone(phoneRaw) : phoneRaw;
  if (phone === null) throw new ScimError(400, `phoneNumbers: "${phoneRaw}" is not a phone number`, 'invalidValue');
  const department = text(get(ext, 'department'), 'department', DEPT_NAME_MAX * 4);
  const path = department === undefined ? undefined : normalisePath(department);
  if (path?.split('/').some((level) => [...level].length > DEPT_NAME_MAX))
    throw new ScimError(400, `department: each level at most ${DEPT_NAME_MAX} characters`, 'invalidValue');
  const parts = get(r, 'name');
  const nameParts = {
    givenName: text(get(parts, 'givenName'), 'name.givenName', PERSON_NAME_MAX) || undefined,
    familyName: text(get(parts, 'familyName'), 'name.familyName', PERSON_NAME_MAX) || undefined,
  };
  return {
    userName,
    nameParts,
    externalId: text(get(r, 'externalId'), 'externalId', EXTERNAL_ID_MAX),
    name: name ?? userName,
    email: emailRaw === undefined ? undefined : normalizeEmail(emailRaw),
    phone,
    telephone: text(pick(get(r, 'phoneNumbers'), 'phoneNumbers', 'work'), 'phoneNumbers.value', 32),
    position: text(get(r, 'title'), 'title', TEXT_MAX),
    empNo: text(get(ext, 'employeeNumber'), 'employeeNumber', WORK_NUMBER_MAX),
    department: path,
    active: bool(get(r, 'active'), 'active'),
  };
}

/** Turns links and their employees into the Users the provider reads (departments and roles read once per request). */
async function viewer(ctx: AuthedContext, emps: EmployeeRow[]) {
  const depts = new Map((await departmentsRepository(ctx.tenant).all()).map((d) => [d.id, d]));
  const pathOf = (id: number) => {
    const names: string[] = [];
    for (let d = depts.get(id), hops = 0; d && hops < 50; d = depts.get(d.parentId), hops++) names.unshift(d.name);
    return names.join('/');
  };
  const deptIds = await employees.departmentIdsOf(
    ctx,
    emps.map((e) => e.id),
  );
  const groupsOf = new Map<number, { id: number; name: string }[]>();
  const linked = (await scimRepository(ctx.tenant).groups()).map((g) => g.roleId);
  for (const role of await providerRoles(ctx.tenant).withMembers(linked))
    for (const empId of role.members) groupsOf.set(empId, [...(groupsOf.get(empId) ?? []), { id: role.id, name: role.name }]);
  return (link: ScimUserRow, emp: EmployeeRow): Json => {
    const department = (deptIds.get(emp.id) ?? []).map(pathOf).filter(Boolean)[0];
    return {
      schemas: [SCHEMA.user, SCHEMA.enterprise],
      id: String(emp.id),
      ...(link.externalId ? { externalId: link.externalId } : {}),
      userName: link.userName,
      name: { ...link.nameParts, formatted: emp.name },
      displayName: emp.name,
      ...(emp.position ? { title: emp.position } : {}),
      active: emp.status === ENABLED,
      emails: emp.email ? [{ value: emp.email, type: 'work', primary: true }] : [],
      phoneNumbers: [
        ...(emp.phone ? [{ value: emp.phone, type: 'mobile' }] : []),
        ...(emp.telephone ? [{ value: emp.telephone, type: 'work' }] : []),
      ],
      groups: (groupsOf.get(emp.id) ?? []).map((g) => ({ value: String(g.id), display: g.name, $ref: `${baseUrl(ctx)}/Groups/${g.id}` })),
      [SCHEMA.enterprise]: { ...(emp.empNo ? { employeeNumber: emp.empNo } : {}), ...(department ? { department } : {}) },
      meta: meta(ctx, 'User', emp.id, link),
    };
  };
}

/** Provisioned people as SCIM Users: all of them, or the one with this id. */
async function users(ctx: AuthedContext, only?: number): Promise<Json[]> {
  const repo = scimRepository(ctx.tenant);
  const links = only === undefined ? await repo.users() : [await repo.userOf(only)].filter((l): l is ScimUserRow => !!l);
  if (!links.length) return [];
  const emps = await employeesRepository(ctx.tenant).byIds(links.map((l) => l.empId));
  const byId = new Map(emps.map((e) => [e.id, e]));
  const view = await viewer(ctx, emps);
  return links.flatMap((l) => {
    const emp = byId.get(l.empId);
    return emp ? [view(l, emp)] : [];
  });
}

export async function listUsers(ctx: AuthedContext, filter: Filter | undefined): Promise<Json[]> {
  const list = await users(ctx);
  return filter ? list.filter((u) => matches(filter, u)) : list;
}

export async function getUser(ctx: AuthedContext, id: string): Promise<Json> {
  const empId = idOf(id);
  const [user] = empId === undefined ? [] : await users(ctx, empId);
  if (!user) throw notFound('user');
  return user;
}

export const idOf = (id: string): number | undefined => (/^[1-9]\d{0,8}$/.test(id) ? Number(id) : undefined);

/**
 * Provisions a person: an employee of the company not yet provisioned with the same e-mail, else work number, else
 * phone, is taken over (a directory the company built before connecting its provider); else a new employee.
 */
export async function createUser(ctx: AuthedContext, body: Json): Promise<Json> {
  const f = fieldsOf(body);
  const repo = scimRepository(ctx.tenant);
  if (await repo.userNamed(f.userName)) throw new ScimError(409, `userName "${f.userName}" is already provisioned`, 'uniqueness');
  const people = employeesRepository(ctx.tenant);
  const sameEmail = f.email ? await people.byEmail(f.email) : [];
  const candidates = [
    sameEmail.length === 1 ? sameEmail[0] : undefined,
    f.empNo ? await people.byEmpNo(f.empNo) : undefined,
    f.phone ? await people.byPhone(f.phone) : undefined,
  ].filter((e): e is EmployeeRow => !!e);
  let existing: EmployeeRow | undefined;
  for (const c of candidates) if (!existing && !(await repo.userOf(c.id))) existing = c;
  const emp = await save(ctx, existing?.id ?? null, { ...f, active: f.active ?? true });
  const link = await repo.insertUser({ empId: emp.id, userName: f.userName, externalId: f.externalId ?? '', nameParts: f.nameParts });
  await logScim(ctx, { event: existing ? 'update' : 'add', objId: emp.id, objName: emp.name, desc: logDesc('scimProvisioned') });
  return (await viewer(ctx, [emp]))(link, emp);
}

/** PUT: the person as the provider now has them; what the request leaves out is kept. */
export async function replaceUser(ctx: AuthedContext, id: string, body: Json): Promise<Json> {
  const current = await getUser(ctx, id);
  return saveUser(ctx, Number(current.id), fieldsOf(body));
}

export async function patchUser(ctx: AuthedContext, id: string, body: Json): Promise<Json> {
  const current = await getUser(ctx, id);
  let patched: Json;
  try {
    patched = applyPatch(current, body);
  } catch (err) {
    if (err instanceof PatchError) throw new ScimError(400, err.message, err.scimType);
    throw err;
  }
  // The representation answers the name as displayName and name.formatted: a patch of the name's parts alone means them.
  const name = get(patched, 'name');
  const parts = { givenName: get(name, 'givenName'), familyName: get(name, 'familyName') };
  if (
    get(patched, 'displayName') === current.displayName &&
    get(name, 'formatted') === get(current.name, 'formatted') &&
    (parts.givenName !== get(current.name, 'givenName') || parts.familyName !== get(current.name, 'familyName'))
  ) {
    delete patched[Object.keys(patched).find((k) => k.toLowerCase() === 'displayname') ?? 'displayName'];
    patched[Object.keys(patched).find((k) => k.toLowerCase() === 'name') ?? 'name'] = parts;
  }
  return saveUser(ctx, Number(current.id), fieldsOf(patched));
}

async function saveUser(ctx: AuthedContext, empId: number, f: UserFields): Promise<Json> {
  const repo = scimRepository(ctx.tenant);
  const holder = await repo.userNamed(f.userName);
  if (holder && holder.empId !== empId) throw new ScimError(409, `userName "${f.userName}" is already provisioned`, 'uniqueness');
  const emp = await save(ctx, empId, f);
  const link = await repo.updateUser(empId, { userName: f.userName, externalId: f.externalId ?? '', nameParts: f.nameParts });
  if (!link) throw notFound('user');
  await logScim(ctx, { event: 'update', objId: emp.id, objName: emp.name, desc: logDesc('scimProvisioned') });
  return (await viewer(ctx, [emp]))(link, emp);
}

/** DELETE: deprovisioned people are stopped, never deleted (their visits and records stay theirs); the link goes. */
export async function removeUser(ctx: AuthedContext, id: string): Promise<void> {
  const current = await getUser(ctx, id);
  const empId = Number(current.id);
  const emp = await employees.saveFromDirectory(ctx, empId, { status: STOPPED });
  await scimRepository(ctx.tenant).deleteUser(empId);
  await logScim(ctx, { event: 'update', objId: emp.id, objName: emp.name, desc: logDesc('scimDeprovisioned') });
}

/** Writes the employee's fields and department; another employee's phone or work number is a uniqueness conflict. */
async function save(ctx: AuthedContext, empId: number | null, f: UserFields): Promise<EmployeeRow> {
  const people = employeesRepository(ctx.tenant);
  if (f.phone && (await people.clash('phone', f.phone, empId ?? undefined)))
    throw new ScimError(409, `phoneNumbers: another employee has ${f.phone}`, 'uniqueness');
  if (f.empNo && (await people.clash('empNo', f.empNo, empId ?? undefined)))
    throw new ScimError(409, `employeeNumber: another employee has ${f.empNo}`, 'uniqueness');
  const values: Partial<employees.DirectoryFields> = {};
  if (f.name !== undefined) values.name = f.name;
  if (f.email !== undefined) values.email = f.email;
  if (f.phone !== undefined) values.phone = f.phone;
  if (f.telephone !== undefined) values.telephone = f.telephone;
  if (f.position !== undefined) values.position = f.position;
  if (f.empNo !== undefined) values.empNo = f.empNo;
  if (f.active !== undefined) values.status = f.active ? ENABLED : STOPPED;
  let emp: EmployeeRow;
  try {
    emp = await employees.saveFromDirectory(ctx, empId, empId === null ? { name: f.userName, ...values } : values);
  } catch (err) {
    if (err instanceof AppError) throw new ScimError(409, err.message, 'uniqueness');
    throw err;
  }
  if (f.department) {
    const deptId = await (await pathResolver(ctx.tenant)).resolve(f.department);
    if (deptId) await employees.setDepartmentIds(ctx, emp.id, [deptId]);
  }
  return emp;
}
