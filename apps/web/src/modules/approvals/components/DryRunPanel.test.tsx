import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../platform/i18n';
import { stubServer } from '../../../testing/stubServer';
import { button, contractors, drawer, handlers, ok, renderAt, rowOf } from '../testing';
import type { DryRun } from './DryRunResult';

const due = Date.UTC(2026, 11, 3, 10);

const answer: DryRun = {
  facts: {
    kind: 'invitation',
    tid: null,
    gid: null,
    hostId: null,
    start: null,
    end: null,
    companions: 0,
    idType: '',
    visitorName: '',
    fields: {},
  },
  policy: { pid: 2, name: 'Contractors', mode: 'steps', draft: true },
  skipped: [{ pid: 3, name: 'Night', failed: 0 }],
  steps: [
    {
      name: 'Security',
      stage: 1,
      quorum: { mode: 'any', count: 1 },
      deadline: null,
      dueAt: null,
      seats: [
        {
          spec: { kind: 'role', id: 11 },
          label: 'Role: Security',
          people: [{ empId: 8, name: 'Cy Approver', standsInFor: { empId: 7, name: 'Bo Approver', why: 'leave' } }],
          hse: false,
          admin: false,
          unresolved: null,
        },
      ],
    },
    {
      name: 'Managers',
      stage: 1,
      quorum: { mode: 'count', count: 2 },
      deadline: { minutes: 240, action: 'escalate', to: 'admin', roleId: null },
      dueAt: due,
      seats: [
        { spec: { kind: 'hostManager' }, label: 'Host’s manager', people: [], hse: false, admin: true, unresolved: 'the host has no superior' },
        { spec: { kind: 'hse' }, label: 'HSE accounts', people: [], hse: true, admin: false, unresolved: null },
        { spec: { kind: 'admin' }, label: 'Administrator', people: [], hse: false, admin: true, unresolved: null },
      ],
    },
    { name: 'Gate', stage: 2, quorum: { mode: 'any', count: 1 }, deadline: null, dueAt: null, seats: [] },
  ],
};

const night = { ...contractors, pid: 3, name: 'Night', conditions: [{ field: 'time' as const, not: false, is: 'outsideHours' as const }] };

describe('DryRunPanel', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('runs the draft being edited and shows the policy, the skipped ones, stages, stand-ins and the administrator', async () => {
    const server = stubServer(
      handlers({ getApprovalPolicies: ok({ processSwitch: 1, policies: [night, contractors] }), dryRunApproval: ok(answer) }),
    );
    renderAt('/setting/approve');
    await screen.findByText('Contractors');
    fireEvent.click(within(rowOf('Contractors')).getByLabelText('Edit Contractors'));
    const d = await drawer('Edit “Contractors”');
    fireEvent.click(within(d).getByRole('tab', { name: 'Dry run' }));
    fireEvent.change(within(d).getByRole('spinbutton', { name: 'Companions' }), { target: { value: '3' } });
    fireEvent.change(within(d).getByLabelText('Visitor name'), { target: { value: 'Eve' } });
    fireEvent.click(button(d, 'Run'));
    await waitFor(() => expect(server.bodies('dryRunApproval')).toHaveLength(1));
    const body = server.bodies('dryRunApproval')[0];
    expect(body).toMatchObject({ pid: 2, vid: null, facts: { kind: 'invitation', companions: 3, visitorName: 'Eve' } });
    expect(body?.draft).toMatchObject({ name: 'Contractors', conditions: contractors.conditions });
    const result = await within(d).findByTestId('dry-result');
    expect(result.textContent).toContain('Follows: Contractors');
    expect(result.textContent).toContain('this draft');
    expect(within(result).getByTestId('dry-skipped').textContent).toBe('Night: Visit time: Outside working hours does not hold');
    expect(result.textContent).toContain('Stage 1');
    expect(result.textContent).toContain('Stage 2');
    expect(result.textContent).toContain('Cy Approver for Bo Approver (on leave)');
    expect(result.textContent).toContain('Goes to the administrator: the host has no superior');
    expect(result.textContent).toContain('2 of 3');
    expect(result.textContent).toMatch(/After 4 ?h.*Escalate → The administrator/);
    expect(result.textContent).toContain('due ');
  });

  it('runs a past visit from the list against the saved policies', async () => {
    const server = stubServer(handlers({ dryRunApproval: ok({ ...answer, policy: null, skipped: [], steps: [] }) }));
    renderAt('/setting/approve');
    await screen.findByText('Contractors');
    fireEvent.click(button(document.body, 'Try a request'));
    const d = await drawer('Dry run');
    fireEvent.click(within(d).getByText('A past visit'));
    fireEvent.change(within(d).getByLabelText('Visit number'), { target: { value: '42' } });
    fireEvent.click(button(d, 'Run'));
    await waitFor(() => expect(server.bodies('dryRunApproval')).toEqual([{ facts: null, vid: 42, draft: null, pid: null }]));
    expect(await within(d).findByText('Approval is off: nothing would be asked.')).toBeTruthy();
  });
});
