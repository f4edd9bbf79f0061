import { DEFAULT_RETENTION, Role } from '@openvisit/contract';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../platform/i18n';
import { AppProviders, createQueryClient } from '../../../platform/providers';
import { saveLogin, signOutLocal } from '../../../platform/session';
import { stubServer } from '../../../testing/stubServer';
import { PrivacyPage } from './PrivacyPage';

const config = () => ({ status: 0, result: { version: 'v2.4.8', siteLabel: 'OpenVisit', captcha: false, features: {} } });
const types = () => ({
  status: 0,
  result: [{ tid: 7, vType: '承包商#Contractors', subTypes: [], reasons: [], povDays: 1, gids: [], order: 0, fields: [] }],
});
const sweep = {
  id: 1,
  startedAt: new Date(2026, 10, 3, 3, 0).getTime(),
  finishedAt: new Date(2026, 10, 3, 3, 1).getTime(),
  trigger: 'daily',
  removed: { ...Object.fromEntries(Object.keys(DEFAULT_RETENTION).map((k) => [k, 0])), photo: 4, idNumber: 2 },
  files: 4,
};

const at = new Date(2026, 10, 1, 9, 0).getTime();
const versions = [
  { id: 1, version: 1, lang: 'en', text: 'Face recognition is your choice.', createdAt: at, createdBy: '', accepted: 12, current: false },
  { id: 2, version: 2, lang: 'en', text: 'Face recognition is optional here.', createdAt: at, createdBy: 'Ada', accepted: 0, current: true },
  { id: 3, version: 1, lang: 'zh', text: '人脸识别为自愿选择。', createdAt: at, createdBy: '', accepted: 0, current: true },
];
const terms = [
  { id: 21, version: 2, lang: 'zh', text: '佩戴安全帽与护目镜。', createdAt: at, createdBy: 'Ada', accepted: 3, current: true },
  { id: 20, version: 1, lang: 'zh', text: '佩戴安全帽。', createdAt: at, createdBy: 'Ada', accepted: 0, current: false },
];
const acceptance = (vid: number, via: string) => ({ vid, name: `Visitor ${vid}`, company: 'Guest Co', host: 'Host One', at, via, withdrawnAt: null });

function renderPage(role: number = Role.ADMIN) {
  saveLogin({ token: 'tok', tokenExpire: 0, role, sType: 0, userid: 1, company: 'ACME' }, 'manager');
  const server = stubServer({
    config,
    getVisitorType: types,
    getRetentionRules: () => ({ status: 0, result: { company: DEFAULT_RETENTION, isDefault: true, types: [], sweeps: [sweep] } }),
    updateRetentionRules: () => ({ status: 0, result: { company: DEFAULT_RETENTION, types: [] } }),
    getFaceHoldings: () => ({
      status: 0,
      result: { faces: { employees: 40, visitors: 52, workers: 3, total: 95 }, threshold: 100, warning: true, consents: { given: 48, withdrawn: 2 } },
    }),
    setFaceThreshold: (b) => ({ status: 0, result: { threshold: b.threshold ?? 100000 } }),
    listAgreementVersions: (b) => ({ status: 0, result: { versions: b.kind === 'protocol' ? terms : versions } }),
    listAgreementAcceptances: () => ({
      status: 0,
      result: { count: 3, list: [acceptance(7, 'earlier'), acceptance(6, 'kiosk'), acceptance(5, 'desk')] },
    }),
    addAgreementVersion: (b) => ({
      status: 0,
      result: { id: 9, version: 3, lang: b.lang, text: b.text, createdAt: Date.now(), createdBy: 'Ada', accepted: 0, current: true },
    }),
    deleteAgreementVersion: (b) => ({ status: 0, result: { id: b.id } }),
  });
  const router = createMemoryRouter([{ path: '/setting/privacy', element: <PrivacyPage /> }], { initialEntries: ['/setting/privacy'] });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return server;
}

describe('PrivacyPage', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    signOutLocal();
    await i18n.changeLanguage('en');
  });

  it('shows the defaults, refuses a kind kept longer than the record as typed, and saves every kind', async () => {
    const server = renderPage();
    const company = (await screen.findByText('Company rules')).closest('.ant-card') as HTMLElement;
    expect(within(company).getByText('Installation defaults')).toBeTruthy();
    const photo = within(company).getByLabelText('Photo') as HTMLInputElement;
    expect(photo.value).toBe('30');
    fireEvent.change(photo, { target: { value: '400' } });
    expect(await within(company).findByText('Cannot be kept longer than the visit record')).toBeTruthy();
    fireEvent.click(within(company).getByRole('button', { name: 'Save rules' }));
    fireEvent.change(photo, { target: { value: '14' } });
    fireEvent.click(within(company).getByRole('button', { name: 'Save rules' }));
    await waitFor(() => expect(server.bodies('updateRetentionRules')).toEqual([{ rules: { ...DEFAULT_RETENTION, photo: 14 } }]));
    // Only the valid rules were sent: the first press was refused in the browser.
    // The last sweep's report, per kind.
    expect(screen.getByText('Photo 4')).toBeTruthy();
    expect(screen.getByText('ID number 2')).toBeTruthy();
  });

  it("saves a visitor type's own rules, only the kinds filled in, in Chinese too", async () => {
    await act(() => i18n.changeLanguage('zh'));
    const server = renderPage();
    await screen.findByText('公司规则');
    const typeCard = (await screen.findByText('访客类型', { selector: '.ant-card-head-title' })).closest('.ant-card') as HTMLElement;
    const id = (await within(typeCard).findByLabelText('证件号码')) as HTMLInputElement;
    expect(id.placeholder).toBe('公司：30');
    fireEvent.change(id, { target: { value: '7' } });
    fireEvent.click(within(typeCard).getByRole('button', { name: '保存此类型' }));
    await waitFor(() => expect(server.bodies('updateRetentionRules')).toEqual([{ tid: 7, rules: { idNumber: 7 } }]));
  });

  it('lets a sub-administrator read the rules and change nothing', async () => {
    renderPage(Role.SUBADMIN);
    const company = (await screen.findByText('Company rules')).closest('.ant-card') as HTMLElement;
    expect((within(company).getByLabelText('Photo') as HTMLInputElement).disabled).toBe(true);
    expect(within(company).queryByRole('button', { name: 'Save rules' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Run sweep now/ })).toBeNull();
  });

  it('counts the faces held against the threshold, warns near it, and saves a threshold checked as typed', async () => {
    const server = renderPage();
    const card = await screen.findByTestId('face-holdings');
    expect(await within(card).findByText('95 of 100 people')).toBeTruthy();
    expect(within(card).getByRole('alert').textContent).toContain('near the threshold of 100 people');
    expect(within(card).getByText('Employees').closest('tr')?.textContent).toContain('40');
    const input = within(card).getByLabelText('Warn near') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '5' } });
    expect(await within(card).findByText('A whole number from 100 to 10,000,000')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Save threshold' }));
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(server.bodies('setFaceThreshold')).toEqual([]);
    fireEvent.change(input, { target: { value: '5000' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Save threshold' }));
    await waitFor(() => expect(server.bodies('setFaceThreshold')).toEqual([{ threshold: 5000 }]));
  });

  it('lists the face consent’s versions per language; one accepted or the only one cannot be deleted; a new one is checked as typed', async () => {
    const server = renderPage();
    const card = await screen.findByTestId('agreement-versions-face');
    fireEvent.click(await within(card).findByRole('tab', { name: 'English' }));
    expect((await within(card).findByTestId('agreement-current-en')).textContent).toBe('Face recognition is optional here.');
    const pane = within(card).getByTestId('agreement-current-en').closest('[role="tabpanel"]') as HTMLElement;
    const rows = within(pane).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/^1.*OpenVisit’s text12Delete$/),
      expect.stringMatching(/^2Current.*Ada0Delete$/),
    ]);
    expect(
      within(rows[0] as HTMLElement)
        .getByRole('button', { name: 'Delete' })
        .hasAttribute('disabled'),
    ).toBe(true);
    fireEvent.click(within(rows[1] as HTMLElement).getByRole('button', { name: 'Delete' }));
    fireEvent.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(server.bodies('deleteAgreementVersion')).toEqual([{ id: 2 }]));
    fireEvent.click(within(pane).getByRole('button', { name: 'Publish as the next version' }));
    expect(await within(pane).findByText('Write the text')).toBeTruthy();
    fireEvent.change(within(pane).getByLabelText('New version'), { target: { value: 'Your face, your choice.' } });
    fireEvent.click(within(pane).getByRole('button', { name: 'Publish as the next version' }));
    await waitFor(() => expect(server.bodies('addAgreementVersion')).toEqual([{ kind: 'face', lang: 'en', text: 'Your face, your choice.' }]));
  });

  it('lists the safety terms’ versions with who accepted each; the current terms are kept and written in the kiosk settings', async () => {
    const server = renderPage();
    const card = await screen.findByTestId('agreement-versions-protocol');
    expect((await within(card).findByTestId('agreement-current-zh')).textContent).toBe('佩戴安全帽与护目镜。');
    expect(within(card).queryByRole('button', { name: 'Publish as the next version' })).toBeNull();
    expect(within(card).getByRole('link', { name: 'the kiosk settings' }).getAttribute('href')).toBe('/setting/padset');
    const rows = within(card).getAllByRole('row').slice(1);
    expect(
      within(rows[0] as HTMLElement)
        .getByRole('button', { name: 'Delete' })
        .hasAttribute('disabled'),
    ).toBe(true);
    expect(
      within(rows[1] as HTMLElement)
        .getByRole('button', { name: 'Delete' })
        .hasAttribute('disabled'),
    ).toBe(false);
    fireEvent.click(within(card).getByTestId('acceptances-zh-2'));
    const drawer = await screen.findByTestId('acceptances');
    expect(await within(drawer).findByText('Visitor 7')).toBeTruthy();
    expect(
      within(drawer)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual([
      expect.stringMatching(/^Visitor 7Guest CoHost One.*At an earlier visit$/),
      expect.stringMatching(/^Visitor 6.*Kiosk$/),
      expect.stringMatching(/^Visitor 5.*Front desk$/),
    ]);
    expect(server.bodies('listAgreementAcceptances')).toEqual([{ id: 21, startIndex: 0, requestedCount: 20 }]);
  });
});
