import { Status } from '@openvisit/contract';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../platform/i18n';
import { AppProviders, createQueryClient } from '../../../platform/providers';
import { configStub } from '../../../testing/fixtures';
import { type StubHandler, stubServer } from '../../../testing/stubServer';
import { record } from '../testing';
import { ApprovalLinkPage } from './ApprovalLinkPage';

const TOKEN = '7~41~9~1790000000~abcdefabcdef';
const due = Date.now() + (2 * 60 + 30) * 60_000;

const waiting = record(41, {
  vname: 'Lin Guest',
  vcompany: 'Acme Audit',
  empName: 'Ada Host',
  gname: 'North gate',
  visitReason: 'Audit',
  why: { kind: 'employee', name: 'Bo Approver' },
  quorum: { mode: 'count', count: 2, seats: 3 },
  others: [
    { why: { kind: 'employee', name: 'Cy Approver' }, status: 'agreed', approver: 'Cy Approver' },
    { why: { kind: 'employee', name: 'Di Approver' }, status: 'pending', approver: '' },
  ],
  dueAt: due,
  deadlineAction: 'escalate',
  fields: [{ name: 'Escort', required: true, value: '' }],
});
const answer = (extra: object = {}) => ({
  status: 0,
  result: { record: waiting, approver: 'Bo Approver', company: 'Plant Co', open: true, lang: 'en', ...extra },
});

function setup(handlers: Record<string, StubHandler>) {
  const server = stubServer({ config: configStub, ...handlers });
  const router = createMemoryRouter([{ path: '/approval/:token', element: <ApprovalLinkPage /> }], { initialEntries: [`/approval/${TOKEN}`] });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return server;
}

const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

describe('ApprovalLinkPage (public)', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the request, why it is the approver’s, the 2-of-3 step and time left; asks the field and a reason, then approves', async () => {
    const decided = record(41, { ...waiting, status: 'agreed', approver: 'Bo Approver', approveTime: Date.now() });
    const server = setup({
      getApprovalByLink: () => answer(),
      decideApprovalByLink: () => answer({ record: decided, open: false }),
    });
    expect(await screen.findByText('Approval request · Plant Co')).toBeTruthy();
    expect(screen.getByText('Bo Approver, your decision is asked on this visit.')).toBeTruthy();
    for (const text of [
      'Lin Guest',
      'Acme Audit',
      'Ada Host',
      'North gate',
      'Audit',
      'Employee: Bo Approver',
      '1 of 2 · Needs 2 of 3',
      'Cy Approver',
    ])
      expect(screen.getByText(text)).toBeTruthy();
    expect(screen.getAllByTestId('approval-other').map((e) => e.textContent)).toEqual(['Cy ApproverAgreed', 'Employee: Di ApproverPending']);
    expect(screen.getByTestId('approval-deadline').textContent).toMatch(/^2 h 29 min left|^2 h 30 min left/);
    expect(screen.getByText(/then: Escalate/)).toBeTruthy();

    // Refusing needs a reason; approving needs the step's required field.
    click('Refuse');
    expect(await screen.findByText('Give a reason')).toBeTruthy();
    click('Approve');
    expect(await screen.findByText('Fill this in to approve')).toBeTruthy();
    expect(server.bodies('decideApprovalByLink')).toEqual([]);

    fireEvent.change(screen.getByLabelText('Escort'), { target: { value: ' Sam ' } });
    click('Approve');
    expect(await screen.findByText('You approved this visit')).toBeTruthy();
    expect(server.bodies('decideApprovalByLink')).toEqual([{ token: TOKEN, result: 'approve', remark: '', fields: { Escort: 'Sam' } }]);
    expect(server.bodies('getApprovalByLink')).toEqual([{ token: TOKEN }]);
    // Decided: the outcome, no more buttons.
    expect(screen.getByTestId('approval-decision').textContent).toContain('Bo Approver');
    expect(screen.getByText('Sent to Bo Approver.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('refuses with the reason; a step that needs a reason to approve asks it', async () => {
    const server = setup({
      getApprovalByLink: () => answer({ record: { ...waiting, fields: [], reasonToApprove: true } }),
      decideApprovalByLink: () => answer({ record: { ...waiting, status: 'refused', remark: 'No escort' }, open: false }),
    });
    await screen.findByText('Approval request · Plant Co');
    click('Approve');
    expect(await screen.findByText('Give a reason')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'No escort' } });
    click('Refuse');
    expect(await screen.findByText('You refused this visit')).toBeTruthy();
    expect(server.bodies('decideApprovalByLink')).toEqual([{ token: TOKEN, result: 'refuse', remark: 'No escort', fields: {} }]);
    expect(screen.getByText('No escort')).toBeTruthy();
  });

  it('shows what was decided when the link is spent, and "already decided" when the step moved meanwhile (58)', async () => {
    setup({ getApprovalByLink: () => answer({ record: { ...waiting, status: 'approved', approver: 'Cy Approver', remark: 'fine' }, open: false }) });
    const decision = await screen.findByTestId('approval-decision');
    expect(decision.textContent).toContain('Approved');
    expect(decision.textContent).toContain('Cy Approver');
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    vi.unstubAllGlobals();
    document.body.innerHTML = '';

    setup({
      getApprovalByLink: () => answer({ record: { ...waiting, fields: [] } }),
      decideApprovalByLink: () => ({ status: Status.UPDATE_NOT_ALLOWED }),
    });
    await screen.findByText('Approval request · Plant Co');
    click('Approve');
    expect(await screen.findByText('Already decided')).toBeTruthy();
    expect(screen.getByText('This step was already decided, or the visit was called off.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull());
  });

  it('says a forged or expired link does not work (1135), with a way to sign in', async () => {
    setup({ getApprovalByLink: () => ({ status: Status.APPROVAL_LINK_INVALID }) });
    expect(await screen.findByText('This approval link is invalid or has expired')).toBeTruthy();
    expect(screen.getByTestId('approval-signin').getAttribute('href')).toBe('/signin');
  });

  it('opens in the company’s language, the mail’s: Chinese', async () => {
    setup({ getApprovalByLink: () => answer({ lang: 'zh' }) });
    expect(await screen.findByText('审批申请 · Plant Co')).toBeTruthy();
    expect(screen.getByText('Bo Approver，请审批此次来访。')).toBeTruthy();
    expect(screen.getByRole('button', { name: /同\s?意/ })).toBeTruthy();
  });
});
