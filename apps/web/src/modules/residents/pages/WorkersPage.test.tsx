import { type ResidentVisitor, Role } from '@openvisit/contract';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../platform/i18n';
import { AppProviders, createQueryClient } from '../../../platform/providers';
import { saveLogin } from '../../../platform/session';
import { type StubHandler as Handler, stubServer } from '../../../testing/stubServer';
import { type PendingUpload, stubXhr } from '../../../testing/stubXhr';
import { WorkerApprovalPage } from './WorkerApprovalPage';
import { SupplierResidentsPage, WorkersPage } from './WorkersPage';

const ok =
  (result: unknown): Handler =>
  () => ({ status: 0, result });
const page = (list: ResidentVisitor[]): Handler => ok({ pageNo: 1, pageSize: 20, count: list.length, list });
const jpeg = () => new Response(new Uint8Array([0xff, 0xd8, 0xff, 0xd9]), { status: 200, headers: { 'content-type': 'image/jpeg' } });
const CONFIG = ok({ version: 'v2.4.8', siteLabel: 'OpenVisit', captcha: false, features: { supplier: true } });
const SUPPLIERS = ok([{ supplierId: 1, name: 'Clean Co', contact: '', phone: '', remark: '', workers: 2, accounts: 1, createTime: 0 }]);

function worker(rid: number, name: string, extra: Partial<ResidentVisitor> = {}): ResidentVisitor {
  return {
    rid,
    pid: 1,
    pName: 'Plant',
    supplierId: 1,
    company: 'Clean Co',
    name,
    phone: `1391111000${rid}`,
    certificateType: 'idCard',
    cardid: '',
    sex: 0,
    age: null,
    job: '',
    department: '',
    area: '',
    leader: '',
    plateNum: '',
    startDate: Date.UTC(2026, 0, 1),
    endDate: Date.UTC(2026, 11, 31),
    rstatus: 0,
    refuseCause: '',
    approver: '',
    face: false,
    remark: '',
    certExpiry: null,
    certStatus: 'none',
    createTime: 0,
    ...extra,
  };
}

function rowOf(name: string): HTMLElement {
  const row = [...document.querySelectorAll<HTMLElement>('tr.ant-table-row')].find((r) => r.textContent?.includes(name));
  if (!row) throw new Error(`no row with ${name}`);
  return row;
}

/** The screen at `url`, beside a stand-in for the approval queue. */
function show(node: ReactNode, url = '/screen') {
  const router = createMemoryRouter(
    [
      { path: '/screen', element: node },
      { path: '/supplier/approvelist', element: <p>approval queue</p> },
    ],
    { initialEntries: [url] },
  );
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

/** Chooses a file in the (hidden) input of an antd Upload inside `container`. */
function choose(container: HTMLElement, name: string) {
  const input = container.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File([new Uint8Array(16)], name)] } });
}

async function dialog(title: string): Promise<HTMLElement> {
  const el = (await screen.findByText(title)).closest<HTMLElement>('.ant-modal, .ant-drawer');
  if (!el) throw new Error(`no dialog ${title}`);
  return el;
}

describe('WorkersPage', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    saveLogin({ token: 'tok', tokenExpire: 0, role: Role.SERVER_COMPANY, sType: 1, userid: 1, company: 'ACME' }, 'servercom');
    URL.createObjectURL = vi.fn(() => 'blob:face');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the certificate state, the stored face, a worker’s files and QR pass; adds to the own company', async () => {
    const server = stubServer({
      config: CONFIG,
      getSupplierList: SUPPLIERS,
      getProject: ok([]),
      getAllResidentCompany: ok([{ supplierId: 1, company: 'Clean Co', count: 2 }]),
      getResidentVisitor: page([
        worker(1, 'Zhao Worker', { certStatus: 'expiring', certExpiry: '2026-01-20', face: true }),
        worker(2, 'Qian Worker', { rstatus: 1 }),
      ]),
      RvFacePhoto: jpeg,
      showResidentAllFileByRid: ok([
        { fid: 7, rid: 1, kind: 'certificate', name: 'cert.pdf', type: 'pdf', size: 100, expiresOn: '2026-01-20', uploadedBy: 'SC', createTime: 0 },
      ]),
      getRvQrcode: ok({ rid: 1, name: 'Zhao Worker', qrcode: 'OVR1-1-abcdefghijklmnop', rstatus: 0, startDate: 0, endDate: 0 }),
    });
    show(<WorkersPage />);
    const zhao = await waitFor(() => rowOf('Zhao Worker'));
    expect(within(zhao).getByText('Expires within 30 days · 2026-01-20')).toBeTruthy();
    expect(within(rowOf('Qian Worker')).getByText('Approved')).toBeTruthy();
    expect(await within(zhao).findByAltText('Face photo of Zhao Worker')).toBeTruthy();
    expect(server.urls('RvFacePhoto')).toEqual(['/api/RvFacePhoto?rid=1']);
    expect(within(rowOf('Qian Worker')).getByLabelText('No face photo yet')).toBeTruthy();
    // A server company has no supplier company filter: its own are all it sees.
    expect(screen.queryByLabelText('Supplier company')).toBeNull();

    fireEvent.click(within(zhao).getByText('Files'));
    expect(await screen.findByText('cert.pdf')).toBeTruthy();
    expect(server.bodies('showResidentAllFileByRid')).toEqual([{ rid: 1 }]);

    fireEvent.click(within(zhao).getByText('QR pass'));
    expect(await screen.findByAltText('QR pass of Zhao Worker')).toBeTruthy();
    expect(screen.getByText(/Not approved yet/)).toBeTruthy();
    expect(within(zhao).queryByText('Approve')).toBeNull();

    // The company a server company adds to is its own, shown and not chosen.
    const add = (await screen.findByText('Add worker')).closest('button') as HTMLButtonElement;
    await waitFor(() => expect(add.disabled).toBe(false));
    fireEvent.click(add);
    const drawer = await dialog('Add a resident visitor');
    const company = within(drawer).getByLabelText('Supplier company') as HTMLInputElement;
    expect(company.value).toBe('Clean Co');
    expect(company.disabled).toBe(true);
  });

  it('uploads a face photo: a wrong file is refused before sending, the server’s refusal is shown, then it is saved', async () => {
    stubServer({ config: CONFIG, getSupplierList: SUPPLIERS, getResidentVisitor: page([worker(1, 'Zhao Worker')]) });
    const uploads = stubXhr();
    show(<WorkersPage />);
    fireEvent.click(within(await waitFor(() => rowOf('Zhao Worker'))).getByLabelText('Face photo of Zhao Worker'));
    const modal = await screen.findByTestId('worker-face');
    expect(within(modal).getByText('No face photo yet')).toBeTruthy();
    choose(modal, 'face.bmp');
    expect((await within(modal).findByTestId('worker-face-problem')).textContent).toBe('Only JPG, PNG, GIF or WebP photos are accepted');
    expect(uploads).toHaveLength(0);

    choose(modal, 'face.jpg');
    await waitFor(() => expect(uploads).toHaveLength(1));
    const first = uploads[0] as PendingUpload;
    expect(first.path).toBe('uploadRvFace');
    expect(first.form.get('rid')).toBe('1');
    act(() => first.progress(0.5));
    await waitFor(() => expect(within(modal).getByText('Uploading… 50%')).toBeTruthy());
    act(() => first.answer({ status: 400, reason: 'Bad parameters', result: { errors: [{ field: 'file', rule: 'imageTooSmall' }] } }));
    await waitFor(() => expect(within(modal).getByTestId('worker-face-problem').textContent).toBe('The photo is too small: at least 100×100 pixels'));

    choose(modal, 'face.png');
    await waitFor(() => expect(uploads).toHaveLength(2));
    act(() => uploads[1]?.answer({ status: 0, result: worker(1, 'Zhao Worker', { face: true }) }));
    expect(await screen.findByText('Face photo of Zhao Worker saved')).toBeTruthy();
    expect(within(modal).queryByTestId('worker-face-problem')).toBeNull();
    expect(within(modal).getByText('Replace photo')).toBeTruthy();
  });

  it('sends a zip of photos named by phone or certificate number and shows each file’s result', async () => {
    stubServer({ config: CONFIG, getSupplierList: SUPPLIERS, getResidentVisitor: page([worker(1, 'Zhao Worker')]) });
    const uploads = stubXhr();
    show(<WorkersPage />);
    fireEvent.click(await screen.findByText('Batch face photos'));
    const modal = await screen.findByTestId('face-zip-modal');
    expect(within(modal).getByText(/each named by the worker’s phone or certificate number/)).toBeTruthy();
    choose(modal, 'workers.zip');
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(uploads[0]?.path).toBe('updateAllResidentFace');
    act(() =>
      uploads[0]?.answer({
        status: 0,
        result: {
          saved: 1,
          failed: 1,
          results: [
            { file: '13911110001.jpg', key: '13911110001', rid: 1, outcome: 'saved' },
            { file: '13999999999.jpg', key: '13999999999', rid: null, outcome: 'noEmployee' },
          ],
        },
      }),
    );
    const results = await within(modal).findByTestId('face-zip-results');
    expect(within(results).getByTestId('face-zip-summary').textContent).toBe('1 saved · 1 not saved');
    expect(within(results).getByText('No worker with this phone or certificate number')).toBeTruthy();
    expect(within(results).getByText('Phone or certificate number')).toBeTruthy();
  });

  it('lets HSE approve a worker and filter by supplier company; the filters come from the URL', async () => {
    saveLogin({ token: 'tok', tokenExpire: 0, role: Role.HSE, sType: 0, userid: 1, company: 'ACME' }, 'hse');
    const server = stubServer({
      config: CONFIG,
      getSupplierList: SUPPLIERS,
      getResidentVisitor: page([worker(1, 'Zhao Worker')]),
      updateRvPermission: ok({ updated: 1 }),
    });
    const router = show(<WorkersPage />, '/screen?name=Zhao&certStatus=expiring&rstatus=0&page=2');
    const zhao = await waitFor(() => rowOf('Zhao Worker'));
    expect(server.bodies('getResidentVisitor')[0]).toEqual({ startIndex: 20, requestedCount: 20, name: 'Zhao', certStatus: 'expiring', rstatus: 0 });
    fireEvent.click(within(zhao).getByLabelText('Approve Zhao Worker'));
    expect(await screen.findByText('Zhao Worker approved')).toBeTruthy();
    expect(server.bodies('updateRvPermission')).toEqual([{ rids: [1], rstatus: 1, refuseCause: '' }]);

    const search = screen.getByLabelText('Name') as HTMLInputElement;
    expect(search.value).toBe('Zhao');
    fireEvent.change(search, { target: { value: 'Qian' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(router.state.location.search).toBe('?name=Qian&certStatus=expiring&rstatus=0'));
    expect(screen.getByLabelText('Supplier company')).toBeTruthy();
  });

  it('the administrator’s workers lead to the approval queue', async () => {
    saveLogin({ token: 'tok', tokenExpire: 0, role: Role.ADMIN, sType: -1, userid: 1, company: 'ACME' }, 'manager');
    stubServer({ config: CONFIG, getSupplierList: SUPPLIERS, getResidentVisitor: page([worker(1, 'Zhao Worker')]) });
    const router = show(<SupplierResidentsPage />);
    fireEvent.click((await screen.findByText('Waiting for approval')).closest('button') as HTMLElement);
    await waitFor(() => expect(router.state.location.pathname).toBe('/supplier/approvelist'));
  });
});

describe('WorkerApprovalPage', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    saveLogin({ token: 'tok', tokenExpire: 0, role: Role.ADMIN, sType: -1, userid: 1, company: 'ACME' }, 'manager');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists the waiting workers with certificate warnings, approves the selected and refuses with a reason', async () => {
    const server = stubServer({
      config: CONFIG,
      getSupplierList: SUPPLIERS,
      getResidentVisitor: page([
        worker(1, 'Zhao Worker', { certStatus: 'expiring', certExpiry: '2026-01-20' }),
        worker(2, 'Qian Worker', { certStatus: 'expired', certExpiry: '2025-12-01' }),
        worker(3, 'Sun Worker', { certStatus: 'valid', certExpiry: '2027-01-01' }),
      ]),
      updateRvPermission: (b) => ({ status: 0, result: { updated: (b.rids as number[]).length } }),
    });
    show(<WorkerApprovalPage />, '/screen?supplierId=1');
    const zhao = await waitFor(() => rowOf('Zhao Worker'));
    expect(server.bodies('getResidentVisitor')[0]).toEqual({ startIndex: 0, requestedCount: 20, supplierId: 1, rstatus: 0 });
    expect(screen.getByTestId('certificate-warning').textContent).toContain('1 expire within 30 days, 1 have expired');
    expect(within(rowOf('Qian Worker')).getByText('Expired · 2025-12-01')).toBeTruthy();

    fireEvent.click(within(zhao).getByRole('checkbox'));
    fireEvent.click(within(rowOf('Sun Worker')).getByRole('checkbox'));
    fireEvent.click((await screen.findByText('Approve selected')).closest('button') as HTMLElement);
    expect(await screen.findByText('2 workers approved')).toBeTruthy();
    expect(server.bodies('updateRvPermission')).toEqual([{ rids: [1, 3], rstatus: 1, refuseCause: '' }]);

    fireEvent.click(within(rowOf('Qian Worker')).getByLabelText('Refuse Qian Worker'));
    const refuse = await dialog('Refuse Qian Worker');
    fireEvent.change(within(refuse).getByLabelText('Reason'), { target: { value: 'certificate expired' } });
    fireEvent.click(within(refuse).getByText('Refuse').closest('button') as HTMLElement);
    expect(await screen.findByText('Qian Worker refused')).toBeTruthy();
    expect(server.bodies('updateRvPermission').at(-1)).toEqual({ rids: [2], rstatus: 2, refuseCause: 'certificate expired' });
  });
});
