import { Role } from '@openvisit/contract';
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../platform/i18n';
import { AppProviders, createQueryClient } from '../../../platform/providers';
import { saveLogin, signOutLocal } from '../../../platform/session';
import { stubServer } from '../../../testing/stubServer';
import { handlers, ok, record, renderAt } from '../testing';
import { ApprovalHistory } from './ApprovalHistory';

describe('ApprovalHistory and my leave', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    signOutLocal();
  });

  it('shows what happened to a step without a decision, and whom a stand-in decided for', async () => {
    stubServer(
      handlers({
        getProcessRecords: ok([
          record(1, { status: 'approved', approver: 'Cy Approver', standInFor: 'Bo Approver', approveTime: Date.UTC(2026, 10, 20, 3) }),
          record(2, { level: 2, status: 'agreed', note: 'deadlineApproved' }),
          record(3, { level: 2, status: 'notHandled', note: 'escalated', fields: [{ name: 'Escort', required: true, value: 'Lee' }] }),
        ]),
      }),
    );
    render(
      <AppProviders queryClient={createQueryClient()}>
        <ApprovalHistory vid={101} />
      </AppProviders>,
    );
    const history = await screen.findByTestId('approval-history');
    expect(history.textContent).toContain('for Bo Approver');
    expect(history.textContent).toContain('Approved when the time limit passed');
    expect(history.textContent).toContain('Escalated when the time limit passed');
    expect(history.textContent).toContain('Escort: Lee');
  });

  it('shows the signed-in employee their own leave under their queue', async () => {
    saveLogin({ token: 'tok', tokenExpire: 0, role: Role.EMPLOYEE, userid: 1, empid: 7, company: 'ACME' }, 'emporder', { tabOnly: true });
    const server = stubServer(handlers());
    renderAt('/emporder/approve');
    expect(await screen.findByText('My leave')).toBeTruthy();
    expect(await screen.findByText('Nobody is on leave')).toBeTruthy();
    expect(server.paths()).toContain('getApproverLeaves');
  });
});
