import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../platform/i18n';
import { stubServer } from '../../../testing/stubServer';
import { button, dialog, handlers, ok, page, record, renderAt, rowOf } from '../testing';

const mine = record(5, {
  vname: 'Guest five',
  level: 2,
  levels: 3,
  why: { kind: 'role', name: 'Security' },
  standInFor: 'Bo Approver',
  standInWhy: 'leave',
  dueAt: Date.now() + (2 * 60 + 30) * 60_000,
  deadlineAction: 'escalate',
  quorum: { mode: 'count', count: 2, seats: 3 },
  others: [
    { why: { kind: 'employee', name: 'Di Approver' }, status: 'approved', approver: 'Di Approver' },
    { why: { kind: 'hse', name: '' }, status: 'pending', approver: '' },
  ],
  fields: [
    { name: 'Escort', required: true, value: '' },
    { name: 'Badge', required: false, value: '' },
  ],
  reasonToApprove: true,
});

describe('ApprovalQueue: why, time left, the rest of the step', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows why the item is theirs, the quorum, the others on the step and the time left', async () => {
    stubServer(handlers({ getNoApproveRecords: page([mine]) }));
    renderAt('/emporder/approve');
    await screen.findByText('Guest five');
    const row = rowOf('Guest five');
    expect(row.textContent).toContain('Role: Security');
    expect(row.textContent).toContain('standing in for Bo Approver (on leave)');
    expect(row.textContent).toContain('2 of 3');
    const others = within(row).getAllByTestId('queue-other');
    expect(others.map((o) => o.textContent)).toEqual(['Di ApproverApproved', 'HSE accountsPending']);
    expect(row.textContent).toMatch(/2 ?h 2\d ?min left/);
    expect(row.textContent).toContain('then: Escalate');
  });

  it('approving asks for the required fields and a reason when the step wants one, and sends them', async () => {
    const server = stubServer(handlers({ getNoApproveRecords: page([mine]), completeProcessRecord: ok(mine) }));
    renderAt('/emporder/approve');
    await screen.findByText('Guest five');
    fireEvent.click(within(rowOf('Guest five')).getByText('Approve'));
    const modal = await dialog('Approve the visit of Guest five?');
    fireEvent.click(button(modal, 'Approve'));
    expect(await within(modal).findByText('Fill this in to approve')).toBeTruthy();
    expect(within(modal).getByText('Give a reason')).toBeTruthy();
    fireEvent.change(within(modal).getByLabelText('Escort'), { target: { value: 'Lee' } });
    fireEvent.change(within(modal).getByLabelText('Reason'), { target: { value: 'known visitor' } });
    fireEvent.click(button(modal, 'Approve'));
    await waitFor(() =>
      expect(server.bodies('completeProcessRecord')).toEqual([
        { rid: 5, result: 'approve', remark: 'known visitor', fields: { Escort: 'Lee', Badge: '' } },
      ]),
    );
  });
});
