import { type ResidentVisitor, Role } from '@openvisit/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../platform/i18n';
import { AppProviders, createQueryClient } from '../../../platform/providers';
import { saveLogin } from '../../../platform/session';
import { type StubHandler as Handler, stubServer } from '../../../testing/stubServer';
import { WorkersPage } from './WorkersPage';

const ok =
  (result: unknown): Handler =>
  () => ({ status: 0, result });

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

describe('WorkersPage', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    saveLogin({ token: 'tok', tokenExpire: 0, role: Role.SERVER_COMPANY, sType: 1, userid: 1, company: 'ACME' }, 'servercom');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the certificate state, filters by it, lists a worker’s files and shows their QR pass', async () => {
    const server = stubServer({
      config: ok({ version: 'v2.4.8', siteLabel: 'OpenVisit', captcha: false, features: {} }),
      getResidentVisitor: ok({
        pageNo: 1,
        pageSize: 20,
        count: 2,
        list: [worker(1, 'Zhao Worker', { certStatus: 'expiring', certExpiry: '2026-01-20' }), worker(2, 'Qian Worker', { rstatus: 1 })],
      }),
      showResidentAllFileByRid: ok([
        { fid: 7, rid: 1, kind: 'certificate', name: 'cert.pdf', type: 'pdf', size: 100, expiresOn: '2026-01-20', uploadedBy: 'SC', createTime: 0 },
      ]),
      getRvQrcode: ok({ rid: 1, name: 'Zhao Worker', qrcode: 'OVR1-1-abcdefghijklmnop', rstatus: 0, startDate: 0, endDate: 0 }),
    });
    render(
      <AppProviders queryClient={createQueryClient()}>
        <WorkersPage />
      </AppProviders>,
    );
    const zhao = await waitFor(() => rowOf('Zhao Worker'));
    expect(within(zhao).getByText('Expires within 30 days · 2026-01-20')).toBeTruthy();
    expect(within(rowOf('Qian Worker')).getByText('Approved')).toBeTruthy();
    expect(await screen.findByText('Add worker')).toBeTruthy();

    fireEvent.click(within(zhao).getByText('Files'));
    expect(await screen.findByText('cert.pdf')).toBeTruthy();
    expect(server.bodies('showResidentAllFileByRid')).toEqual([{ rid: 1 }]);

    fireEvent.click(within(zhao).getByText('QR pass'));
    expect(await screen.findByAltText('QR pass of Zhao Worker')).toBeTruthy();
    expect(screen.getByText(/Not approved yet/)).toBeTruthy();
    expect(within(zhao).queryByText('Approve')).toBeNull();
  });

  it('lets HSE approve a worker; a server company sees no approval', async () => {
    saveLogin({ token: 'tok', tokenExpire: 0, role: Role.HSE, sType: 0, userid: 1, company: 'ACME' }, 'hse');
    const server = stubServer({
      config: ok({ version: 'v2.4.8', siteLabel: 'OpenVisit', captcha: false, features: {} }),
      getResidentVisitor: ok({ pageNo: 1, pageSize: 20, count: 1, list: [worker(1, 'Zhao Worker')] }),
      updateRvPermission: ok({ updated: 1 }),
    });
    render(
      <AppProviders queryClient={createQueryClient()}>
        <WorkersPage />
      </AppProviders>,
    );
    const zhao = await waitFor(() => rowOf('Zhao Worker'));
    fireEvent.click(within(zhao).getByLabelText('Approve Zhao Worker'));
    expect(await screen.findByText('Zhao Worker approved')).toBeTruthy();
    expect(server.bodies('updateRvPermission')).toEqual([{ rids: [1], rstatus: 1, refuseCause: '' }]);
  });
});
