import { z } from 'zod';
import { defineCall, ok, pageInput, pageOf } from '../call.js';
import { Status } from '../errors.js';
import { LogModule, Role } from '../lookups.js';
import { employee } from './employees.js';

const ORG_MANAGERS = [Role.ADMIN, Role.SUBADMIN, Role.HSE] as const;

export interface RoleNode {
  rid: number;
  rgName: string;
  /** 0 for a role group; a role's parentId is its group. */
  parentId: number;
  empCount: number;
  children: RoleNode[];
}

export const roleNode: z.ZodType<RoleNode> = z.lazy(() =>
  z.object({ rid: z.int32(), rgName: z.string(), parentId: z.int32(), empCount: z.int32(), children: z.array(roleNode) }),
);

/** Role and role-group names (shared with the console's form). */
export const ROLE_NAME_MAX = 64;
const zRoleName = z.string().trim().min(1).max(ROLE_NAME_MAX);

export const getRARG = defineCall({
  name: 'getRARG',
  area: 'roles',
  module: 'roles',
  summary: 'Role groups with their roles and member counts',
  access: ORG_MANAGERS,
  input: z.object({ userid: z.int32().optional() }),
  output: z.array(roleNode),
});

export const addRARG = defineCall({
  name: 'addRARG',
  area: 'roles',
  module: 'roles',
  summary: 'Add a role group (parentId 0) or a role in a group (3 when the name exists there)',
  access: ORG_MANAGERS,
  statuses: [Status.NO_SUCH_RECORD],
  fieldStatuses: { [Status.ALREADY_EXISTS]: 'rgName' },
  log: { module: LogModule.EMPLOYEE, event: 'add' },
  input: z.object({ userid: z.int32().optional(), rgName: zRoleName, parentId: z.int32().min(0).default(0) }),
  output: z.object({ rid: z.int32() }),
});

export const updateRARG = defineCall({
  name: 'updateRARG',
  area: 'roles',
  module: 'roles',
  summary: 'Rename a role group or role',
  access: ORG_MANAGERS,
  statuses: [Status.NO_SUCH_RECORD],
  fieldStatuses: { [Status.ALREADY_EXISTS]: 'rgName' },
  log: { module: LogModule.EMPLOYEE, event: 'update' },
  input: z.object({ userid: z.int32().optional(), rid: z.int32().positive(), rgName: zRoleName }),
  output: ok,
});

export const delRARG = defineCall({
  name: 'delRARG',
  area: 'roles',
  module: 'roles',
  summary: 'Delete a role group or role; 257 while a role has members or a group has roles',
  access: ORG_MANAGERS,
  statuses: [Status.NO_SUCH_RECORD],
  fieldStatuses: { [Status.ROLE_IN_USE]: null },
  log: { module: LogModule.EMPLOYEE, event: 'delete' },
  input: z.object({ userid: z.int32().optional(), rid: z.int32().positive() }),
  output: ok,
});

export const getEmpRoleList = defineCall({
  name: 'getEmpRoleList',
  area: 'roles',
  module: 'roles',
  summary: 'Members of a role, paged',
  access: ORG_MANAGERS,
  statuses: [Status.NO_SUCH_RECORD],
  input: z.object({ userid: z.int32().optional(), rid: z.int32().positive(), ...pageInput }),
  output: pageOf(employee),
});

export const addEmpRole = defineCall({
  name: 'addEmpRole',
  area: 'roles',
  module: 'roles',
  summary: "Give employees a role (a role, not a group); other companies' employees are ignored",
  access: ORG_MANAGERS,
  statuses: [Status.NO_SUCH_RECORD],
  log: { module: LogModule.EMPLOYEE, event: 'update' },
  input: z.object({
    userid: z.int32().optional(),
    rid: z.int32().positive(),
    empids: z.array(z.int32().positive()).min(1).max(1000),
  }),
  output: z.object({ changed: z.int32() }),
});

export const delRoleEmp = defineCall({
  name: 'delRoleEmp',
  area: 'roles',
  module: 'roles',
  summary: 'Take a role away from employees',
  access: ORG_MANAGERS,
  statuses: [Status.NO_SUCH_RECORD],
  log: { module: LogModule.EMPLOYEE, event: 'update' },
  input: z.object({
    userid: z.int32().optional(),
    rid: z.int32().positive(),
    empids: z.array(z.int32().positive()).min(1).max(1000),
  }),
  output: z.object({ changed: z.int32() }),
});

export const roleCalls = [getRARG, addRARG, updateRARG, delRARG, getEmpRoleList, addEmpRole, delRoleEmp] as const;
