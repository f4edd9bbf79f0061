import type { ApproverLeave } from '@openvisit/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../platform/i18n';
import { stubServer } from '../../../testing/stubServer';
import { button, dialog, handlers, ok, renderAt, rowOf } from '../testing';

const leave: ApproverLeave = {
  lid: 4,
  empId: 7,
  empName: 'Bo Approver',
  startDate: '2026-12-10',
  endDate: '2026-12-12',
  standInId: 8,
  standInName: 'Cy Approver',
  note: 'Training',
};

function typeDate(input: HTMLElement, value: string) {
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
  fireEvent.blur(input);
}

/** Types into an EmployeeSelect (it searches by name after a pause) and picks the one found. */
async function pickEmployee(root: HTMLElement, label: string, name: string) {
  const box = within(root).getByLabelText(label);
  fireEvent.mouseDown(box);
  fireEvent.change(box, { target: { value: name } });
  fireEvent.click(await screen.findByTitle(`${name} · Ops`, {}, { timeout: 2000 }));
}

const found = (body: Record<string, unknown>) => ({
  status: 0,
  result: [
    { empid: 7, empName: 'Bo Approver', empNo: 'E7', empPhone: '', deptNames: ['Ops'] },
    { empid: 8, empName: 'Cy Approver', empNo: 'E8', empPhone: '', deptNames: ['Ops'] },
  ].filter((e) => e.empName.startsWith(String(body.name))),
});

describe('LeavePanel', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('adds a leave: a stand-in chain back to the approver lands on the stand-in', async () => {
    const server = stubServer(
      handlers({
        getEmpByName: found,
        addApproverLeave: () => ({ status: 400, reason: 'bad', result: { errors: [{ field: 'standInId', rule: 'cycle' }] } }),
      }),
    );
    renderAt('/setting/approve?tab=leave');
    expect(await screen.findByText('Nobody is on leave')).toBeTruthy();
    fireEvent.click(button(document.body, 'Add leave'));
    const modal = await dialog('Add leave');
    await pickEmployee(modal, 'Approver', 'Bo Approver');
    // Typed as the picker shows days in English (the contract's pattern).
    typeDate(within(modal).getByLabelText('From'), '10 Dec 2026');
    typeDate(within(modal).getByLabelText('To'), '12 Dec 2026');
    await pickEmployee(modal, 'Stand-in', 'Cy Approver');
    fireEvent.click(button(modal, 'OK'));
    await waitFor(() =>
      expect(server.bodies('addApproverLeave')).toEqual([{ empId: 7, startDate: '2026-12-10', endDate: '2026-12-12', standInId: 8, note: '' }]),
    );
    expect(await within(modal).findByText('The stand-ins come back to this approver: choose another')).toBeTruthy();
  });

  it('lists leave with the stand-in and deletes after a confirmation', async () => {
    const server = stubServer(handlers({ getApproverLeaves: ok([leave]), delApproverLeave: ok(null) }));
    renderAt('/setting/approve?tab=leave');
    await screen.findByText('Bo Approver');
    expect(rowOf('Bo Approver').textContent).toContain('Cy Approver');
    expect(rowOf('Bo Approver').textContent).toContain('Training');
    fireEvent.click(within(rowOf('Bo Approver')).getByRole('button'));
    expect(server.bodies('delApproverLeave')).toEqual([]);
    fireEvent.click(button(document.querySelector('.ant-popover') as HTMLElement, 'Delete'));
    await waitFor(() => expect(server.bodies('delApproverLeave')).toEqual([{ lid: 4 }]));
  });
});
