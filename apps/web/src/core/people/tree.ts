import type { DepartmentNode } from '@openvisit/contract';

/** parentId of a top-level department. */
export const TOP_LEVEL = 0;

/** Department names and numbers as the contract takes them (addDepartment / updateDepartment). */
export { CODE_PATTERN, DEPT_NAME_MAX, DEPT_NO_MAX } from '@openvisit/contract';

/** One department in a pre-order walk of the tree, with its depth and the names above it. */
export interface FlatDept {
  deptid: number;
  deptName: string;
  deptNo: string;
  parentId: number;
  empCount: number;
  depth: number;
  /** Names from the top level down to this department, itself included. */
  path: readonly string[];
  node: DepartmentNode;
}

/** The tree in pre-order (parents before their children, siblings in order). */
export function flattenDepts(tree: readonly DepartmentNode[]): FlatDept[] {
  const out: FlatDept[] = [];
  const walk = (nodes: readonly DepartmentNode[], depth: number, above: readonly string[]) => {
    for (const node of nodes) {
      const path = [...above, node.deptName];
      out.push({
        deptid: node.deptid,
        deptName: node.deptName,
        deptNo: node.deptNo,
        parentId: node.parentId,
        empCount: node.empCount,
        depth,
        path,
        node,
      });
      walk(node.childDeptList, depth + 1, path);
    }
  };
  walk(tree, 0, []);
  return out;
}

export function findDept(tree: readonly DepartmentNode[], deptid: number): DepartmentNode | undefined {
  for (const node of tree) {
    if (node.deptid === deptid) return node;
    const inner = findDept(node.childDeptList, deptid);
    if (inner) return inner;
  }
  return undefined;
}

/** A department and everything under it. */
export function subtreeIds(node: DepartmentNode): Set<number> {
  const ids = new Set<number>([node.deptid]);
  for (const child of node.childDeptList) for (const id of subtreeIds(child)) ids.add(id);
  return ids;
}

/** The tree without the given departments (and so without anything under them). */
export function pruneTree(tree: readonly DepartmentNode[], exclude: ReadonlySet<number>): DepartmentNode[] {
  return tree.filter((n) => !exclude.has(n.deptid)).map((n) => ({ ...n, childDeptList: pruneTree(n.childDeptList, exclude) }));
}

/**
 * Where a department may move: anywhere but under itself, i.e. the tree without the department
 * and its descendants (the top level is offered separately).
 */
export function moveTargets(tree: readonly DepartmentNode[], deptid: number): DepartmentNode[] {
  const node = findDept(tree, deptid);
  return node ? pruneTree(tree, subtreeIds(node)) : [...tree];
}

/** Departments that can receive the members of a department being deleted: every other one. */
export function receiverTargets(tree: readonly DepartmentNode[], deptid: number): DepartmentNode[] {
  return pruneTree(tree, new Set([deptid]));
}

/** Ids of the departments that have sub-departments (for expanding the whole tree). */
export function parentIds(tree: readonly DepartmentNode[]): number[] {
  return flattenDepts(tree)
    .filter((d) => d.node.childDeptList.length > 0)
    .map((d) => d.deptid);
}

export interface DeptOption {
  value: number;
  title: string;
  children: DeptOption[];
}

/** antd TreeSelect data (value = deptid, title = name). */
export function deptOptions(tree: readonly DepartmentNode[]): DeptOption[] {
  return tree.map((n) => ({ value: n.deptid, title: n.deptName, children: deptOptions(n.childDeptList) }));
}

/** The 'HQ / Sales' label of a department, or undefined when it is not in the tree. */
export function deptPathLabel(tree: readonly DepartmentNode[], deptid: number, separator = ' / '): string | undefined {
  return flattenDepts(tree)
    .find((d) => d.deptid === deptid)
    ?.path.join(separator);
}
