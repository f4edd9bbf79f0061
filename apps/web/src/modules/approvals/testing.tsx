import type { ApprovalPolicy, ProcessRecord } from '@openvisit/contract';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders, createQueryClient } from '../../platform/providers';
import { configStub } from '../../testing/fixtures';
import type { StubHandler as Handler } from '../../testing/stubServer';
import { ApprovalQueuePage } from './pages/ApprovalQueuePage';
import { ApprovalSettingsPage } from './pages/ApprovalSettingsPage';

/** Fixtures and helpers of the approvals module's component tests. */
export const ok =
  (result: unknown): Handler =>
  () => ({ status: 0, result });
export const page = <T,>(list: T[]): Handler => ok({ pageNo: 1, pageSize: 20, count: list.length, list });

export function policy(pid: number, extra: Partial<ApprovalPolicy> = {}): ApprovalPolicy {
  return {
    pid,
    name: `Policy ${pid}`,
    enabled: true,
    mode: 'steps',
    conditions: [],
    steps: [
      {
        name: '',
        parallel: false,
        approvers: [{ kind: 'host' }],
        quorum: { mode: 'any', count: 1 },
        reasonToApprove: false,
        fields: [],
        deadline: null,
      },
    ],
    material: ['time', 'gate', 'visitType', 'companions'],
    subCompanyId: null,
    isDefault: false,
    position: pid,
    waiting: 0,
    area: false,
    updateTime: Date.UTC(2026, 10, 20),
    ...extra,
  };
}

export const contractors = policy(2, {
  name: 'Contractors',
  conditions: [{ field: 'kind', not: false, in: ['truck'] }],
  steps: [
    {
      name: 'Security',
      parallel: false,
      approvers: [{ kind: 'role', id: 11 }],
      quorum: { mode: 'any', count: 1 },
      reasonToApprove: false,
      fields: [],
      deadline: null,
    },
    {
      name: 'HSE',
      parallel: true,
      approvers: [{ kind: 'hse' }],
      quorum: { mode: 'any', count: 1 },
      reasonToApprove: false,
      fields: [],
      deadline: null,
    },
  ],
  waiting: 3,
});
export const fallback = policy(1, { name: 'Default', isDefault: true, position: 9 });

export function record(rid: number, extra: Partial<ProcessRecord> = {}): ProcessRecord {
  return {
    rid,
    subject: 'visit',
    subjectId: 100 + rid,
    vid: 100 + rid,
    aid: 1,
    aName: 'Head office',
    level: 1,
    levels: 2,
    status: 'pending',
    submitter: 'Ada Host',
    submitTime: Date.UTC(2026, 10, 20, 2),
    approver: '',
    approveTime: null,
    remark: '',
    vname: `Guest ${rid}`,
    vphone: '13900000000',
    vcompany: 'Guest Co',
    empName: 'Ada Host',
    visitType: 'Business',
    visitReason: 'Audit',
    appointmentDate: Date.UTC(2026, 10, 21, 2),
    gname: '',
    kind: 'invite',
    canDecide: true,
    can: { approve: true, refuse: true, return: true },
    why: { kind: 'host', name: '' },
    standInFor: '',
    standInWhy: '',
    dueAt: null,
    deadlineAction: null,
    others: [],
    quorum: { mode: 'any', count: 1, seats: 1 },
    fields: [],
    reasonToApprove: false,
    note: '',
    ...extra,
  };
}

/** As the server answers a step the caller does not approve at, or one decided. */
export const nothing = { approve: false, refuse: false, return: false };

export const handlers = (extra: Record<string, Handler> = {}): Record<string, Handler> => ({
  config: ok(configStub),
  getApprovalPolicies: ok({ processSwitch: 0, policies: [contractors, fallback] }),
  getGate: ok([{ gid: 5, gname: 'Plant gate' }]),
  getVisitorType: ok([]),
  getSubAccountByUserid: ok([]),
  getDeptList: ok([]),
  getRARG: ok([
    { rid: 10, rgName: 'Guards', parentId: 0, empCount: 0, children: [{ rid: 11, rgName: 'Security', parentId: 10, empCount: 1, children: [] }] },
  ]),
  GetEmpList: ok([
    { empid: 7, empName: 'Bo Approver', empNo: 'E7', empPhone: '', deptNames: ['Ops'] },
    { empid: 8, empName: 'Cy Approver', empNo: 'E8', empPhone: '', deptNames: ['Ops'] },
    { empid: 9, empName: 'Di Approver', empNo: 'E9', empPhone: '', deptNames: ['Ops'] },
  ]),
  getApproverLeaves: ok([]),
  getNoApproveRecords: page([record(1), record(2, { canDecide: false, can: nothing, vname: 'Guest elsewhere' })]),
  getApproveRecords: page([record(3, { can: nothing, status: 'refused', approver: 'Bo Approver', remark: 'no escort' })]),
  ...extra,
});

export function renderAt(url: string) {
  const router = createMemoryRouter(
    [
      { path: '/setting/approve', element: <ApprovalSettingsPage /> },
      { path: '/emporder/approve', element: <ApprovalQueuePage /> },
    ],
    { initialEntries: [url] },
  );
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

export function rowOf(name: string): HTMLElement {
  const row = [...document.querySelectorAll<HTMLElement>('tr.ant-table-row')].find((r) => r.textContent?.includes(name));
  if (!row) throw new Error(`no row with ${name}`);
  return row;
}

export async function dialog(title: string): Promise<HTMLElement> {
  const el = (await screen.findByText(title, { selector: '.ant-modal-title' })).closest<HTMLElement>('.ant-modal');
  if (!el) throw new Error(`no dialog ${title}`);
  return el;
}

export async function drawer(title: string): Promise<HTMLElement> {
  const el = (await screen.findByText(title, { selector: '.ant-drawer-title' })).closest<HTMLElement>('.ant-drawer');
  if (!el) throw new Error(`no drawer ${title}`);
  return el;
}

export function button(root: HTMLElement, text: string): HTMLElement {
  const b = within(root)
    .getAllByText(text)
    .map((e) => e.closest('button'))
    .find((e) => e !== null);
  if (!b) throw new Error(`no button ${text}`);
  return b;
}
