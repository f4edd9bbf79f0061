import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../platform/i18n';
import { stubServer } from '../../../testing/stubServer';
import { button, drawer, handlers, ok, policy, renderAt } from '../testing';

/** Opens an antd Select by its label and picks the option shown with `title`. */
async function choose(root: HTMLElement, label: string, title: string) {
  fireEvent.mouseDown(within(root).getByRole('combobox', { name: label }));
  const options = await screen.findAllByTitle(title);
  fireEvent.click(options.at(-1) as HTMLElement);
}

async function openNew(): Promise<HTMLElement> {
  await screen.findByText('Contractors');
  fireEvent.click(button(document.body, 'Add policy'));
  return drawer('Add approval policy');
}

describe('PolicyEditor', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('validates as typed: an empty condition, a quorum above the approvers, an escalation to a missing role', async () => {
    const server = stubServer(handlers());
    renderAt('/setting/approve');
    const d = await openNew();
    fireEvent.click(button(d, 'Add condition'));
    expect(await within(d).findByText('Choose at least one')).toBeTruthy();
    await choose(d, 'Step 1: decided when', 'Some of them approve');
    // One approver (the host): 2 of 1 cannot be reached.
    expect(await within(d).findByText('of 1 approvers')).toBeTruthy();
    fireEvent.change(within(d).getByLabelText('Step 1: approvals needed'), { target: { value: '2' } });
    expect(await within(d).findByText('More than the step’s approvers')).toBeTruthy();
    fireEvent.click(within(d).getByText('Time limit'));
    await choose(d, 'Step 1: escalate to', 'A role');
    expect(await within(d).findAllByText('Required')).toHaveLength(1);
    fireEvent.click(button(d, 'Save'));
    // The name now shows its problem too, and nothing was sent.
    await waitFor(() => expect(within(d).getAllByText('Required')).toHaveLength(2));
    expect(server.bodies('addApprovalPolicy')).toEqual([]);
  });

  it('saves a policy with a condition, a parallel 2-of-3 step and a deadline', async () => {
    const server = stubServer(handlers({ addApprovalPolicy: ok(policy(5)) }));
    renderAt('/setting/approve');
    const d = await openNew();
    fireEvent.change(within(d).getByLabelText('Name'), { target: { value: 'Trucks at night' } });
    fireEvent.click(button(d, 'Add condition'));
    await choose(d, 'Condition 1: values', 'Truck booking');
    fireEvent.click(button(d, 'Add step'));
    const step2 = within(d).getByText('Step 2').closest<HTMLElement>('.ant-card') as HTMLElement;
    fireEvent.click(within(step2).getByText('Runs in parallel with the previous step'));
    fireEvent.click(within(step2).getByLabelText('Remove approver Host'));
    await choose(step2, 'Step 2: approver type', 'Employee');
    for (const name of ['Bo Approver', 'Cy Approver', 'Di Approver']) {
      await choose(step2, 'Step 2: choose the approver', `${name} · Ops · E${name === 'Bo Approver' ? 7 : name === 'Cy Approver' ? 8 : 9}`);
      fireEvent.click(button(step2, 'Add approver'));
    }
    await choose(step2, 'Step 2: decided when', 'Some of them approve');
    expect(await within(step2).findByText('of 3 approvers')).toBeTruthy();
    fireEvent.click(within(step2).getByText('Time limit'));
    fireEvent.change(within(step2).getByLabelText('Step 2: time limit'), { target: { value: '4' } });
    await choose(step2, 'Step 2: when the time is up', 'Refuse');
    fireEvent.click(button(d, 'Save'));
    await waitFor(() => expect(server.bodies('addApprovalPolicy')).toHaveLength(1));
    expect(server.bodies('addApprovalPolicy')[0]).toEqual({
      name: 'Trucks at night',
      enabled: true,
      mode: 'steps',
      conditions: [{ field: 'kind', not: false, in: ['truck'] }],
      steps: [
        {
          name: '',
          parallel: false,
          approvers: [{ kind: 'host' }],
          quorum: { mode: 'any', count: 1 },
          reasonToApprove: false,
          fields: [],
          deadline: null,
        },
        {
          name: '',
          parallel: true,
          approvers: [
            { kind: 'employee', id: 7 },
            { kind: 'employee', id: 8 },
            { kind: 'employee', id: 9 },
          ],
          quorum: { mode: 'count', count: 2 },
          reasonToApprove: false,
          fields: [],
          deadline: { minutes: 240, action: 'refuse', to: 'admin', roleId: null },
        },
      ],
      material: ['time', 'gate', 'visitType', 'companions'],
    });
  });

  it('shows the server’s field errors on the field it names', async () => {
    const server = stubServer(
      handlers({
        addApprovalPolicy: () => ({
          status: 400,
          reason: 'bad',
          result: {
            errors: [
              { field: 'steps.0.approvers.0.id', rule: 'noMembers' },
              { field: 'steps.0.material', rule: 'tooLong' },
            ],
          },
        }),
      }),
    );
    renderAt('/setting/approve');
    const d = await openNew();
    fireEvent.change(within(d).getByLabelText('Name'), { target: { value: 'Hosts' } });
    fireEvent.click(button(d, 'Save'));
    await waitFor(() => expect(server.bodies('addApprovalPolicy')).toHaveLength(1));
    // On the approver's chip (below its path), and what the form has no field for in the alert, in the user's words.
    expect(await within(d).findByText(/Nobody could be asked/)).toBeTruthy();
    expect(within(d).getByText('Step 1 · material: Too long')).toBeTruthy();
  });

  it('says a name is taken on the name', async () => {
    stubServer(handlers({ addApprovalPolicy: () => ({ status: 3, reason: 'exists' }) }));
    renderAt('/setting/approve');
    const d = await openNew();
    fireEvent.change(within(d).getByLabelText('Name'), { target: { value: 'Contractors' } });
    fireEvent.click(button(d, 'Save'));
    expect(await within(d).findByText('A policy with this name exists')).toBeTruthy();
  });
});
