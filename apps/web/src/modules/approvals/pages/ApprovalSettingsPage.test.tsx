import type { ProcessArea, ProcessRecord } from '@openvisit/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../platform/i18n';
import { AppProviders, createQueryClient } from '../../../platform/providers';
import { configStub } from '../../../testing/fixtures';
import { type StubHandler as Handler, stubServer } from '../../../testing/stubServer';
import { ApprovalQueuePage } from './ApprovalQueuePage';
import { ApprovalSettingsPage } from './ApprovalSettingsPage';

const ok =
  (result: unknown): Handler =>
  () => ({ status: 0, result });
const page = <T,>(list: T[]): Handler => ok({ pageNo: 1, pageSize: 20, count: list.length, list });

const headOffice: ProcessArea = {
  aid: 1,
  aName: 'Head office',
  address: '1 Main St',
  gids: [],
  levels: [
    { level: 1, approvers: [{ rType: 0, id: 11, name: 'Security' }] },
    { level: 2, approvers: [{ rType: 3, id: 0, name: '' }] },
  ],
  waiting: 2,
};

function record(rid: number, extra: Partial<ProcessRecord> = {}): ProcessRecord {
  return {
    rid,
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
    why: { kind: 'role', name: 'Security' },
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

/** As the server answers a level the caller does not approve at, or one decided. */
const nothing = { approve: false, refuse: false, return: false };

const handlers = (extra: Record<string, Handler> = {}): Record<string, Handler> => ({
  config: ok(configStub),
  getProcessArea: ok({ processSwitch: 0, areas: [headOffice] }),
  getGate: ok([{ gid: 5, gname: 'Plant gate' }]),
  getRARG: ok([
    { rid: 10, rgName: 'Guards', parentId: 0, empCount: 0, children: [{ rid: 11, rgName: 'Security', parentId: 10, empCount: 1, children: [] }] },
  ]),
  GetEmpList: ok([{ empid: 7, empName: 'Bo Approver', empNo: 'E7', empPhone: '', deptNames: ['Ops'] }]),
  getNoApproveRecords: page([record(1), record(2, { canDecide: false, can: nothing, vname: 'Guest elsewhere' })]),
  getApproveRecords: page([record(3, { can: nothing, status: 'refused', approver: 'Bo Approver', remark: 'no escort' })]),
  ...extra,
});

function renderAt(url: string) {
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

function rowOf(name: string): HTMLElement {
  const row = [...document.querySelectorAll<HTMLElement>('tr.ant-table-row')].find((r) => r.textContent?.includes(name));
  if (!row) throw new Error(`no row with ${name}`);
  return row;
}

async function dialog(title: string): Promise<HTMLElement> {
  const el = (await screen.findByText(title, { selector: '.ant-modal-title' })).closest<HTMLElement>('.ant-modal');
  if (!el) throw new Error(`no dialog ${title}`);
  return el;
}

function button(root: HTMLElement, text: string): HTMLElement {
  const b = within(root)
    .getAllByText(text)
    .map((e) => e.closest('button'))
    .find((e) => e !== null);
  if (!b) throw new Error(`no button ${text}`);
  return b;
}

describe('ApprovalSettingsPage', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows each area with its gates and levels, and switches approval on', async () => {
    const server = stubServer(handlers({ updateProcessSwitch: ok({ processSwitch: 1 }) }));
    renderAt('/setting/approve');
    await screen.findByText('Head office');
    const row = rowOf('Head office');
    expect(row.textContent).toContain('Every other gate (default)');
    expect(row.textContent).toContain('Level 1: Security');
    expect(row.textContent).toContain('Level 2: Administrator');
    fireEvent.click(screen.getByRole('switch', { name: 'Approve visits before they check in' }));
    await waitFor(() => expect(server.bodies('updateProcessSwitch')).toEqual([{ processSwitch: 1 }]));
  });

  it('adds an area: the name is required as you type, a taken name lands on the field', async () => {
    const server = stubServer(handlers({ addProcessArea: () => ({ status: 3, reason: 'exists' }) }));
    renderAt('/setting/approve');
    await screen.findByText('Head office');
    fireEvent.click(screen.getAllByText('Add approval area')[0]?.closest('button') as HTMLElement);
    const modal = await dialog('Add approval area');
    fireEvent.click(button(modal, 'OK'));
    expect(await within(modal).findByText('Required')).toBeTruthy();
    expect(server.bodies('addProcessArea')).toEqual([]);
    fireEvent.change(within(modal).getByLabelText('Name'), { target: { value: 'Head office' } });
    fireEvent.click(button(modal, 'OK'));
    expect(await within(modal).findByText('An approval area with this name exists')).toBeTruthy();
    expect(server.bodies('addProcessArea')).toEqual([{ aName: 'Head office', address: '', gids: [] }]);
  });

  it('edits levels: an employee approver must be chosen, levels are numbered in order when saved', async () => {
    const server = stubServer(handlers({ addProcessRule: ok(headOffice) }));
    renderAt('/setting/approve');
    await screen.findByText('Head office');
    fireEvent.click(within(rowOf('Head office')).getByLabelText('Levels and approvers Head office'));
    const modal = await dialog('Levels of “Head office”');
    fireEvent.click(button(modal, 'Add level'));
    fireEvent.click(button(modal, 'OK'));
    expect(await within(modal).findByText('Choose an employee', { selector: '.ant-form-item-explain-error' })).toBeTruthy();
    expect(server.bodies('addProcessRule')).toEqual([]);
    const pickers = within(modal).getAllByRole('combobox', { name: 'Choose an employee' });
    fireEvent.mouseDown(pickers.at(-1) as HTMLElement);
    fireEvent.click((await screen.findAllByTitle('Bo Approver · Ops · E7')).at(-1) as HTMLElement);
    fireEvent.click(button(modal, 'OK'));
    await waitFor(() =>
      expect(server.bodies('addProcessRule')).toEqual([
        {
          aid: 1,
          levels: [
            { level: 1, approvers: [{ rType: 0, id: 11 }] },
            { level: 2, approvers: [{ rType: 3, id: 0 }] },
            { level: 3, approvers: [{ rType: 1, id: 7 }] },
          ],
        },
      ]),
    );
  });

  it('deletes an area after a confirmation, and says so when visits still wait there', async () => {
    const server = stubServer(handlers({ delProcessArea: () => ({ status: 58, reason: 'waiting' }) }));
    renderAt('/setting/approve');
    await screen.findByText('Head office');
    fireEvent.click(within(rowOf('Head office')).getByLabelText('Delete Head office'));
    expect(server.bodies('delProcessArea')).toEqual([]);
    fireEvent.click(button(document.querySelector('.ant-popover') as HTMLElement, 'Delete'));
    await waitFor(() => expect(server.bodies('delProcessArea')).toEqual([{ aid: 1 }]));
    expect(await screen.findByText('Visits are waiting for approval in this area; decide them first.')).toBeTruthy();
  });
});

describe('ApprovalQueue', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('offers decisions only where the approver may decide; refusing needs a reason', async () => {
    const server = stubServer(handlers({ completeProcessRecord: ok(record(1, { status: 'refused' })) }));
    renderAt('/emporder/approve');
    await screen.findByText('Guest 1');
    expect(server.bodies('getNoApproveRecords')[0]).toMatchObject({ all: false, startIndex: 0 });
    expect(within(rowOf('Guest elsewhere')).queryByText('Approve')).toBeNull();
    fireEvent.click(within(rowOf('Guest 1')).getByText('Refuse'));
    const modal = await dialog('Refuse the visit of Guest 1');
    fireEvent.click(button(modal, 'Refuse'));
    expect(await within(modal).findByText('Give a reason')).toBeTruthy();
    expect(server.bodies('completeProcessRecord')).toEqual([]);
    fireEvent.change(within(modal).getByLabelText('Reason'), { target: { value: 'no escort' } });
    fireEvent.click(button(modal, 'Refuse'));
    await waitFor(() => expect(server.bodies('completeProcessRecord')).toEqual([{ rid: 1, result: 'refuse', remark: 'no escort' }]));
  });

  it('approves without a reason, and shows decisions with their outcome', async () => {
    const server = stubServer(handlers({ completeProcessRecord: ok(record(1, { status: 'approved' })) }));
    renderAt('/emporder/approve');
    await screen.findByText('Guest 1');
    fireEvent.click(within(rowOf('Guest 1')).getByText('Approve'));
    const modal = await dialog('Approve the visit of Guest 1?');
    fireEvent.click(button(modal, 'Approve'));
    await waitFor(() => expect(server.bodies('completeProcessRecord')).toEqual([{ rid: 1, result: 'approve', remark: '' }]));
    fireEvent.click(screen.getByText('Decided by me'));
    await screen.findByText('Guest 3');
    expect(rowOf('Guest 3').textContent).toContain('Refused');
    expect(rowOf('Guest 3').textContent).toContain('no escort');
  });
});
