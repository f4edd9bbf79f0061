import type { ResidentProject, ResidentVisitor, Visit } from '@openvisit/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../platform/i18n';
import { AppProviders, createQueryClient } from '../../../platform/providers';
import { type StubHandler as Handler, stubServer } from '../../../testing/stubServer';
import { ResidentsPage } from './ResidentsPage';

const START = Date.UTC(2026, 0, 1);
const END = Date.UTC(2026, 11, 31);

function resident(rid: number, name: string, extra: Partial<ResidentVisitor> = {}): ResidentVisitor {
  return {
    rid,
    pid: 1,
    pName: 'Canteen',
    supplierId: null,
    company: 'Clean Co',
    name,
    phone: `1392222000${rid}`,
    certificateType: 'idCard',
    cardid: '',
    sex: 0,
    age: null,
    job: '',
    department: '',
    area: '',
    leader: '',
    plateNum: '',
    startDate: START,
    endDate: END,
    rstatus: 0,
    refuseCause: '',
    approver: '',
    face: false,
    remark: '',
    certExpiry: null,
    certStatus: 'none',
    createTime: START,
    ...extra,
  };
}

function project(pid: number, pName: string, residents = 0): ResidentProject {
  return {
    pid,
    pName,
    leader: 'Wang',
    phone: '13800005555',
    area: 'B1',
    content: '',
    startDate: START,
    endDate: END,
    remark: '',
    residents,
    createTime: START,
  };
}

const ok =
  (result: unknown): Handler =>
  () => ({ status: 0, result });
const page = <T,>(list: T[]): Handler => ok({ pageNo: 1, pageSize: 20, count: list.length, list });

const baseHandlers = (extra: Record<string, Handler> = {}): Record<string, Handler> => ({
  config: ok({ version: 'v2.4.8', siteLabel: 'OpenVisit', captcha: false, features: {} }),
  getProject: ok([project(1, 'Canteen', 2), project(2, 'Security')]),
  getAllResidentCompany: ok([{ company: 'Clean Co', count: 2 }]),
  getResidentVisitor: page([
    resident(1, 'Zhao Resident'),
    resident(2, 'Sun Resident', { rstatus: 2, refuseCause: 'no training', approver: 'Admin', cardid: '11010519491231002X' }),
  ]),
  SearchRVisitorByCondition: page<Partial<Visit>>([]),
  ...extra,
});

function renderAt(url: string) {
  const router = createMemoryRouter([{ path: '/visitlist', element: <ResidentsPage /> }], { initialEntries: [url] });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

// Role queries compute styles of the whole antd tree in jsdom (seconds each on a busy machine): these find by markup.
function rowOf(name: string): HTMLElement {
  const row = [...document.querySelectorAll<HTMLElement>('tr.ant-table-row')].find((r) => r.textContent?.includes(name));
  if (!row) throw new Error(`no row with ${name}`);
  return row;
}

/** The dialog or drawer whose title is shown. */
async function panel(title: string): Promise<HTMLElement> {
  const el = (await screen.findByText(title)).closest<HTMLElement>('.ant-modal, .ant-drawer');
  if (!el) throw new Error(`no dialog ${title}`);
  return el;
}

/** A button by its text. */
function button(root: HTMLElement, text: string): HTMLElement {
  const b = within(root)
    .getAllByText(text)
    .map((e) => e.closest('button'))
    .find((e) => e !== null);
  if (!b) throw new Error(`no button ${text}`);
  return b;
}

describe('ResidentsPage', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists residents with the filters of the URL, their approval state, and writes a new search back at page 1', async () => {
    const server = stubServer(baseHandlers());
    const router = renderAt('/visitlist?pid=1&rstatus=2&page=2');
    expect(await screen.findByText('Zhao Resident')).toBeTruthy();
    expect(server.bodies('getResidentVisitor')[0]).toEqual({ startIndex: 20, requestedCount: 20, pid: 1, rstatus: 2 });
    expect(within(rowOf('Sun Resident')).getByText('Refused')).toBeTruthy();
    expect(within(rowOf('Zhao Resident')).getByText('Waiting for approval')).toBeTruthy();
    expect(rowOf('Sun Resident').textContent).toContain('11010519491231002X');

    fireEvent.change(screen.getByLabelText('Name'), { target: { value: ' Zhao ' } });
    fireEvent.click(button(document.body, 'Search'));
    await waitFor(() => expect(router.state.location.search).toBe('?name=Zhao&pid=1&rstatus=2'));
    await waitFor(() =>
      expect(server.bodies('getResidentVisitor').at(-1)).toEqual({ startIndex: 0, requestedCount: 20, name: 'Zhao', pid: 1, rstatus: 2 }),
    );
  });

  it('approves at once', async () => {
    const server = stubServer(baseHandlers({ updateRvPermission: (b) => ({ status: 0, result: { updated: (b.rids as number[]).length } }) }));
    renderAt('/visitlist');
    await screen.findByText('Zhao Resident');
    fireEvent.click(within(rowOf('Zhao Resident')).getByLabelText('Approve Zhao Resident'));
    expect(await screen.findByText('1 approved')).toBeTruthy();
    expect(server.bodies('updateRvPermission')).toEqual([{ rids: [1], rstatus: 1, refuseCause: '' }]);
  });

  it('refuses only with a reason', async () => {
    const server = stubServer(baseHandlers({ updateRvPermission: (b) => ({ status: 0, result: { updated: (b.rids as number[]).length } }) }));
    renderAt('/visitlist');
    await screen.findByText('Zhao Resident');
    fireEvent.click(within(rowOf('Zhao Resident')).getByLabelText('Refuse Zhao Resident'));
    const dialog = await panel('Refuse 1 resident visitors');
    fireEvent.click(button(dialog, 'Refuse'));
    expect(await within(dialog).findByText('Required')).toBeTruthy();
    expect(server.bodies('updateRvPermission')).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'No safety training' } });
    fireEvent.click(button(dialog, 'Refuse'));
    expect(await screen.findByText('1 refused')).toBeTruthy();
    expect(server.bodies('updateRvPermission')).toEqual([{ rids: [1], rstatus: 2, refuseCause: 'No safety training' }]);
  });

  it('checks the add drawer as typed with the contract’s identity rules', async () => {
    const server = stubServer(baseHandlers());
    renderAt('/visitlist?pid=1');
    await screen.findByText('Zhao Resident');
    fireEvent.click(button(document.body, 'Add resident visitor'));
    const drawer = await panel('Add a resident visitor');
    fireEvent.click(button(drawer, 'Save'));
    expect(await within(drawer).findByText('Fill in the phone number or the certificate number')).toBeTruthy();
    fireEvent.change(within(drawer).getByLabelText('Phone'), { target: { value: '12345' } });
    expect(await within(drawer).findByText('The format of the phone number is not correct')).toBeTruthy();
    fireEvent.change(within(drawer).getByLabelText('Phone'), { target: { value: '' } });
    fireEvent.change(within(drawer).getByLabelText('Certificate number'), { target: { value: '110105194912310021' } });
    expect(await within(drawer).findByText('Check digit error')).toBeTruthy();
    fireEvent.change(within(drawer).getByLabelText('Certificate number'), { target: { value: '11010519491231002x' } });
    await waitFor(() => expect(within(drawer).queryByText('Check digit error')).toBeNull());
    expect(server.bodies('addResidentVisitor')).toHaveLength(0);
  });

  it('edits a resident: the body sent, a phone taken by another resident (24) shown on the field', async () => {
    let tries = 0;
    const server = stubServer(
      baseHandlers({
        updateResidentVisitor: (b) => {
          tries += 1;
          return tries === 1 ? { status: 24, reason: 'taken' } : { status: 0, result: resident(1, String(b.name)) };
        },
      }),
    );
    renderAt('/visitlist');
    await screen.findByText('Zhao Resident');
    fireEvent.click(within(rowOf('Zhao Resident')).getByLabelText('Edit Zhao Resident'));
    const drawer = await panel('Edit Zhao Resident');
    fireEvent.change(within(drawer).getByLabelText('Phone'), { target: { value: '13922220009' } });
    fireEvent.click(button(drawer, 'Save'));
    expect(await within(drawer).findByText('Another resident visitor has this phone number')).toBeTruthy();
    expect(server.bodies('updateResidentVisitor')[0]).toMatchObject({
      rid: 1,
      pid: 1,
      company: 'Clean Co',
      name: 'Zhao Resident',
      phone: '13922220009',
      certificateType: 'idCard',
      cardid: '',
      sex: 0,
    });
    const body = server.bodies('updateResidentVisitor')[0] as { startDate: number; endDate: number };
    expect(new Date(body.startDate).getDate()).toBe(new Date(START).getDate());
    expect(body.endDate).toBeGreaterThanOrEqual(END);
    fireEvent.click(button(drawer, 'Save'));
    expect(await screen.findByText('Zhao Resident saved')).toBeTruthy();
  });

  it('deletes the selected residents after a confirmation', async () => {
    const server = stubServer(baseHandlers({ delResidentVisitor: (b) => ({ status: 0, result: { deleted: (b.rids as number[]).length } }) }));
    renderAt('/visitlist');
    await screen.findByText('Zhao Resident');
    for (const name of ['Zhao Resident', 'Sun Resident']) fireEvent.click(rowOf(name).querySelector('input[type=checkbox]') as HTMLElement);
    fireEvent.click(screen.getByTestId('residents-batch-delete'));
    expect(await screen.findByText('Delete 2 resident visitors? Their visit records stay.')).toBeTruthy();
    expect(server.bodies('delResidentVisitor')).toHaveLength(0);
    fireEvent.click(button(document.querySelector('.ant-popover') as HTMLElement, 'Delete'));
    await waitFor(() => expect(server.bodies('delResidentVisitor')).toEqual([{ rids: [1, 2] }]));
    expect(await screen.findByText('2 deleted')).toBeTruthy();
  });

  it('projects: listed with their residents; one in use is kept (58) and said so', async () => {
    const server = stubServer(baseHandlers({ delProject: () => ({ status: 58, reason: 'in use', result: { residents: 2 } }) }));
    renderAt('/visitlist?tab=projects');
    await screen.findByText('Security');
    const row = rowOf('Security');
    expect(rowOf('Canteen').textContent).toContain('2');
    expect(row.textContent).toContain('Wang');
    fireEvent.click(within(rowOf('Canteen')).getByLabelText('Delete Canteen'));
    await screen.findByText('Delete project Canteen?');
    fireEvent.click(button(document.querySelector('.ant-popover') as HTMLElement, 'Delete'));
    expect(await screen.findByText('2 resident visitors belong to this project: move or delete them first.')).toBeTruthy();
    expect(server.bodies('delProject')).toEqual([{ pid: 1 }]);
  });

  it('an empty company is led to add a project first; visit records are searched paged; Chinese', async () => {
    const server = stubServer(baseHandlers({ getProject: ok([]), getResidentVisitor: page([]) }));
    const router = renderAt('/visitlist');
    expect(await screen.findByText('Add a project first: every resident visitor belongs to one.')).toBeTruthy();
    fireEvent.click(screen.getByText('Visit records'));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=visits'));
    expect(await screen.findByText('No resident visits in this period')).toBeTruthy();
    expect(server.bodies('SearchRVisitorByCondition')[0]).toEqual({ startIndex: 0, requestedCount: 20, withCount: true });
    await i18n.changeLanguage('zh');
    expect(await screen.findByText('该时间段内没有常驻访客来访')).toBeTruthy();
    expect(screen.getByText('来访记录', { selector: '.ant-tabs-tab-btn' })).toBeTruthy();
  });
});
