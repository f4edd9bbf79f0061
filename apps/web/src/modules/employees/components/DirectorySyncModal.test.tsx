import type { ContactSyncState, SyncReport } from '@openvisit/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../platform/i18n';
import { AppProviders, createQueryClient } from '../../../platform/providers';
import { type StubHandler as Handler, stubServer } from '../../../testing/stubServer';
import { DirectorySyncModal } from './DirectorySyncModal';

const STATE: ContactSyncState = {
  channel: 'dingtalk',
  dingtalk: { ddnotify: 1, ddcorpid: 'dingkey7x2p', ddagentid: '2934571', ddautosync: 0, hasSecret: true },
  rtx: { rtxnotify: 0, rtxip: '', rtxport: 0, rtxAuto: 0 },
  apps: { feishu: { on: 0, auto: 0, ready: true }, wecom: { on: 0, auto: 0, ready: false } },
  last: { departments: null, employees: null, relations: null, error: null },
  running: false,
  nextAutoSync: null,
};

function report(step: SyncReport['step'], extra: Partial<SyncReport> = {}): SyncReport {
  return {
    channel: 'dingtalk',
    step,
    total: 3,
    created: 2,
    updated: 1,
    unchanged: 0,
    failed: 0,
    vanishedCount: 0,
    failures: [],
    vanished: [],
    startedAt: Date.UTC(2026, 4, 1, 8),
    finishedAt: Date.UTC(2026, 4, 1, 8, 1),
    auto: false,
    ...extra,
  };
}

const ok =
  (result: unknown): Handler =>
  () => ({ status: 0, result });

function renderModal(handlers: Record<string, Handler>) {
  const server = stubServer({ GetUserInfo: ok({ escapeClause: '' }), getContactSync: ok(STATE), ...handlers });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <MemoryRouter>
        <DirectorySyncModal open onClose={() => {}} />
      </MemoryRouter>
    </AppProviders>,
  );
  return server;
}

describe('DirectorySyncModal', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('runs the three steps in order and shows their counts and the records not synced', async () => {
    const server = renderModal({
      autoGetDeptFromCT: ok(report('departments')),
      autoGetEmployeeFromCT: ok(
        report('employees', {
          failed: 1,
          failures: [{ externalId: 'dup2', name: 'Dup Two', field: 'phone', rule: 'taken', status: 24 }],
          vanishedCount: 1,
          vanished: [{ id: 9, name: 'Han Meimei', externalId: 'dev2', stopped: true }],
        }),
      ),
      autoGetEmpDeptRelation: ok(report('relations', { created: 0, updated: 2, unchanged: 1 })),
    });
    expect((await screen.findByTestId('sync-channel')).textContent).toContain('DingTalk');
    fireEvent.click(screen.getByTestId('sync-start'));
    expect((await screen.findByTestId('sync-done')).textContent).toBe('Sync finished; 1 record could not be synced');
    expect(server.paths().filter((p) => p.startsWith('autoGet'))).toEqual(['autoGetDeptFromCT', 'autoGetEmployeeFromCT', 'autoGetEmpDeptRelation']);
    expect(server.bodies('autoGetEmployeeFromCT')[0]).toEqual({ channel: 'dingtalk' });
    expect(screen.getByTestId('sync-counts-employees').textContent).toBe('2 added · 1 updated · 0 unchanged · 1 not synced · 1 no longer listed');
    const failures = screen.getByTestId('sync-failures');
    expect(within(failures).getByText('Dup Two')).toBeTruthy();
    expect(within(failures).getByText('Another employee already has this mobile phone number')).toBeTruthy();
    expect(screen.getByText('Set to stopped')).toBeTruthy();
  });

  it('stops at the step that fails and says why', async () => {
    const server = renderModal({
      autoGetDeptFromCT: ok(report('departments')),
      autoGetEmployeeFromCT: () => ({ status: 51, reason: 'DingTalk refused the AppKey and AppSecret: invalid (errcode 40089)', result: null }),
    });
    fireEvent.click(await screen.findByTestId('sync-start'));
    const error = await screen.findByTestId('sync-error');
    expect(error.textContent).toContain('The sync stopped at “Employees”');
    expect(error.textContent).toContain('errcode 40089');
    expect(server.paths()).not.toContain('autoGetEmpDeptRelation');
  });

  it('validates the DingTalk settings as you type and never sends an untouched secret', async () => {
    const server = renderModal({ updateDDNotify: ok(null) });
    fireEvent.click(await screen.findByRole('tab', { name: 'DingTalk' }));
    const form = await screen.findByTestId('dingtalk-form');
    const secret = within(form).getByLabelText('AppSecret') as HTMLInputElement;
    expect(secret.value).toBe('');
    expect(secret.placeholder).toBe('Stored — leave empty to keep it');

    const appKey = within(form).getByLabelText('AppKey (CorpId)');
    fireEvent.change(appKey, { target: { value: 'bad key!' } });
    expect(await within(form).findByText('Not a valid value')).toBeTruthy();
    fireEvent.change(appKey, { target: { value: '' } });
    expect(await within(form).findByText('Required when the channel is on')).toBeTruthy();
    fireEvent.change(appKey, { target: { value: 'dingnewkey' } });
    await waitFor(() => expect(within(form).queryByText('Required when the channel is on')).toBeNull());

    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.bodies('updateDDNotify')).toHaveLength(1));
    expect(server.bodies('updateDDNotify')[0]).toEqual({ ddnotify: 1, ddcorpid: 'dingnewkey', ddagentid: '2934571', ddautosync: 0 });
  });

  it('refuses RTX while DingTalk is on, on the switch, before asking the server', async () => {
    const server = renderModal({});
    fireEvent.click(await screen.findByRole('tab', { name: 'RTX' }));
    const form = await screen.findByTestId('rtx-form');
    fireEvent.click(within(form).getByRole('switch', { name: 'Use RTX' }));
    expect((await within(form).findAllByText('One directory at a time: switch the other one off first')).length).toBeGreaterThan(0);
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(server.paths()).not.toContain('updateRtxConf');
  });

  it('a work app’s directory: not set up, it points to Work apps; set up, it is still one directory at a time', async () => {
    const server = renderModal({});
    fireEvent.click(await screen.findByRole('tab', { name: 'WeCom' }));
    const wecom = await screen.findByTestId('wecom-form');
    expect(within(wecom).getByText('The WeCom app is not set up yet.')).toBeTruthy();
    expect(within(wecom).getByRole('link', { name: 'Open Work apps' }).getAttribute('href')).toBe('/setting/workapps');
    fireEvent.click(await screen.findByRole('tab', { name: 'Feishu' }));
    const feishu = await screen.findByTestId('feishu-form');
    fireEvent.click(within(feishu).getByRole('switch', { name: 'Use Feishu' }));
    expect((await within(feishu).findAllByText('One directory at a time: switch the other one off first')).length).toBeGreaterThan(0);
    fireEvent.click(within(feishu).getByRole('button', { name: 'Save' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(server.paths()).not.toContain('updateAppDirectory');
  });
});
