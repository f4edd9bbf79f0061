import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../platform/i18n';
import { stubServer } from '../../../testing/stubServer';
import { button, contractors, dialog, fallback, handlers, ok, record, renderAt, rowOf } from '../testing';

describe('ApprovalSettingsPage: the policy list', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists the policies in order with their conditions and steps, and switches approval on', async () => {
    const server = stubServer(handlers({ updateProcessSwitch: ok({ processSwitch: 1 }) }));
    renderAt('/setting/approve');
    await screen.findByText('Contractors');
    const row = rowOf('Contractors');
    expect(row.textContent).toContain('Request kind: Truck booking');
    await waitFor(() => expect(rowOf('Contractors').textContent).toContain('Security + HSE'));
    expect(rowOf('Default').textContent).toContain('Every request no policy above matches');
    expect(within(rowOf('Default')).queryByLabelText('Delete Default')).toBeNull();
    fireEvent.click(screen.getByRole('switch', { name: 'Approve visits before they check in' }));
    await waitFor(() => expect(server.bodies('updateProcessSwitch')).toEqual([{ processSwitch: 1 }]));
  });

  it('moves a policy down below another, never below the default', async () => {
    const other = { ...contractors, pid: 3, name: 'Night' };
    const server = stubServer(
      handlers({ getApprovalPolicies: ok({ processSwitch: 1, policies: [contractors, other, fallback] }), orderApprovalPolicies: ok([]) }),
    );
    renderAt('/setting/approve');
    await screen.findByText('Night');
    expect(within(rowOf('Night')).getByLabelText('Move down Night').closest('button')?.disabled).toBe(true);
    expect(within(rowOf('Default')).getByLabelText('Move up Default').closest('button')?.disabled).toBe(true);
    fireEvent.click(within(rowOf('Contractors')).getByLabelText('Move down Contractors'));
    await waitFor(() => expect(server.bodies('orderApprovalPolicies')).toEqual([{ pids: [3, 2, 1] }]));
  });

  it('deletes a policy after a confirmation', async () => {
    const server = stubServer(handlers({ delApprovalPolicy: ok(null) }));
    renderAt('/setting/approve');
    await screen.findByText('Contractors');
    fireEvent.click(within(rowOf('Contractors')).getByLabelText('Delete Contractors'));
    expect(server.bodies('delApprovalPolicy')).toEqual([]);
    fireEvent.click(button(document.querySelector('.ant-popover') as HTMLElement, 'Delete'));
    await waitFor(() => expect(server.bodies('delApprovalPolicy')).toEqual([{ pid: 2 }]));
  });

  it('turns a policy off by saving it whole with enabled false', async () => {
    const server = stubServer(handlers({ updateApprovalPolicy: ok(contractors) }));
    renderAt('/setting/approve');
    await screen.findByText('Contractors');
    fireEvent.click(screen.getByRole('switch', { name: 'Use Contractors' }));
    await waitFor(() => expect(server.bodies('updateApprovalPolicy')).toHaveLength(1));
    expect(server.bodies('updateApprovalPolicy')[0]).toMatchObject({
      pid: 2,
      enabled: false,
      name: 'Contractors',
      conditions: contractors.conditions,
    });
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
