import type { DepartmentNode } from '@openvisit/contract';
import { describe, expect, it } from 'vitest';
import {
  deptOptions,
  deptPathLabel,
  findDept,
  flattenDepts,
  moveTargets,
  parentIds,
  pruneTree,
  receiverTargets,
  subtreeIds,
  TOP_LEVEL,
} from '../../core/people/public';
import { parentPickerData } from './components/DepartmentModal';

function dept(deptid: number, deptName: string, parentId: number, empCount: number, children: DepartmentNode[] = []): DepartmentNode {
  return {
    deptid,
    deptName,
    deptNo: `D${deptid}`,
    parentId,
    deptManagerEmpid: null,
    deptManager: '',
    empCount,
    subtreeCount: empCount,
    childDeptList: children,
  };
}

// HQ(1) ─ Sales(2) ─ North(4)
//       │          └ South(5)
//       └ Finance(3)
// Plant(6)
const tree: DepartmentNode[] = [
  dept(1, 'HQ', 0, 2, [dept(2, 'Sales', 1, 3, [dept(4, 'North', 2, 1), dept(5, 'South', 2, 0)]), dept(3, 'Finance', 1, 4)]),
  dept(6, 'Plant', 0, 5),
];

/** The ids of a picker tree, in pre-order. */
function ids(nodes: readonly { value: number; children: readonly unknown[] }[]): number[] {
  return nodes.flatMap((n) => [n.value, ...ids(n.children as { value: number; children: unknown[] }[])]);
}

describe('department tree helpers', () => {
  it('flattens in pre-order with depth and the path of names', () => {
    const flat = flattenDepts(tree);
    expect(flat.map((d) => d.deptid)).toEqual([1, 2, 4, 5, 3, 6]);
    expect(flat.map((d) => d.depth)).toEqual([0, 1, 2, 2, 1, 0]);
    expect(flat.find((d) => d.deptid === 5)?.path).toEqual(['HQ', 'Sales', 'South']);
    expect(flat.find((d) => d.deptid === 6)?.path).toEqual(['Plant']);
    expect(flattenDepts([])).toEqual([]);
  });

  it('finds departments at any depth', () => {
    expect(findDept(tree, 4)?.deptName).toBe('North');
    expect(findDept(tree, 6)?.deptName).toBe('Plant');
    expect(findDept(tree, 99)).toBeUndefined();
  });

  it('collects a subtree', () => {
    const sales = findDept(tree, 2);
    expect(sales && [...subtreeIds(sales)].sort()).toEqual([2, 4, 5]);
    expect(parentIds(tree)).toEqual([1, 2]);
  });

  it('prunes without touching the original tree', () => {
    const pruned = pruneTree(tree, new Set([2]));
    expect(flattenDepts(pruned).map((d) => d.deptid)).toEqual([1, 3, 6]);
    expect(flattenDepts(tree)).toHaveLength(6);
  });

  it('offers as move targets everything but the department and its descendants', () => {
    expect(flattenDepts(moveTargets(tree, 2)).map((d) => d.deptid)).toEqual([1, 3, 6]);
    expect(flattenDepts(moveTargets(tree, 1)).map((d) => d.deptid)).toEqual([6]);
    // A leaf excludes only itself; its parent stays (moving there changes nothing).
    expect(flattenDepts(moveTargets(tree, 4)).map((d) => d.deptid)).toEqual([1, 2, 5, 3, 6]);
    // An unknown department excludes nothing.
    expect(flattenDepts(moveTargets(tree, 99)).map((d) => d.deptid)).toEqual([1, 2, 4, 5, 3, 6]);
  });

  it('builds the parent picker with a top level that holds the allowed departments', () => {
    const data = parentPickerData(tree, 2, 'Top level');
    expect(data).toHaveLength(1);
    expect(data[0]?.value).toBe(TOP_LEVEL);
    expect(data[0]?.title).toBe('Top level');
    expect(ids(data)).toEqual([TOP_LEVEL, 1, 3, 6]);
  });

  it('offers every other department to receive the members of a deleted one', () => {
    expect(flattenDepts(receiverTargets(tree, 5)).map((d) => d.deptid)).toEqual([1, 2, 4, 3, 6]);
  });

  it('labels departments by their path and builds TreeSelect options', () => {
    expect(deptPathLabel(tree, 4)).toBe('HQ / Sales / North');
    expect(deptPathLabel(tree, 99)).toBeUndefined();
    const options = deptOptions(tree);
    expect(ids(options)).toEqual([1, 2, 4, 5, 3, 6]);
    expect(options[0]?.title).toBe('HQ');
  });
});
