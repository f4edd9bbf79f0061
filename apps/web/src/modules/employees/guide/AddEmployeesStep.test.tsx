import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../platform/i18n';
import { AppProviders, createQueryClient } from '../../../platform/providers';
import { stubServer } from '../../../testing/stubServer';
import { AddEmployeesStep, isBlankRow, rowPayload } from './AddEmployeesStep';

function renderStep(onDone: () => void, isLast = true) {
  render(
    <AppProviders queryClient={createQueryClient()}>
      <AddEmployeesStep isLast={isLast} onDone={onDone} />
    </AppProviders>,
  );
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('onboarding: add employees step', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('leaves blank rows out and sends the optional fields only when given', () => {
    expect(isBlankRow({ id: 1 })).toBe(true);
    expect(isBlankRow({ id: 1, employee_name: '  ', phone: '' })).toBe(true);
    expect(isBlankRow({ id: 1, email: 'a@b.cn' })).toBe(false);
    expect(rowPayload({ id: 1, employee_name: ' Li Lei ', phone: '13800138000', empNo: ' ', email: '' }, false)).toEqual({
      employee_name: 'Li Lei',
      phone: '13800138000',
    });
    expect(rowPayload({ id: 1, employee_name: 'Li', phone: '1', empNo: 'E1', email: 'li@x.cn' }, true)).toEqual({
      employee_name: 'Li',
      phone: '1',
      empNo: 'E1',
      email: 'li@x.cn',
      acceptClause: true,
    });
  });

  it('saves each row, keeps a failed row with its error, and finishes once every row is saved', async () => {
    const taken = new Set<string>();
    const { bodies } = stubServer({
      GetUserInfo: () => ({ status: 0, result: { escapeClause: '' } }),
      addEmployee: (b) => {
        const no = String(b.empNo ?? '');
        if (no && taken.has(no)) return { status: 241, reason: 'Work number is not unique', result: null };
        if (no) taken.add(no);
        return { status: 0, result: {} };
      },
      ModifyUserInfo: () => ({ status: 0, result: {} }),
    });
    const onDone = vi.fn();
    renderStep(onDone);
    type('Name, row 1', 'Li Lei');
    type('Mobile phone, row 1', '13800138001');
    type('Work number (optional), row 1', 'E1');
    type('Name, row 2', 'Han Meimei');
    type('Mobile phone, row 2', '13800138002');
    type('Work number (optional), row 2', 'E1');
    fireEvent.click(screen.getByRole('button', { name: 'Save and finish' }));

    expect(await screen.findByText('This work number is already used by another employee')).toBeTruthy();
    expect(await screen.findByTestId('guide-row-1-saved')).toBeTruthy();
    expect(screen.getByText('1 row could not be saved: correct it or remove it.')).toBeTruthy();
    expect(bodies('addEmployee')).toEqual([
      { employee_name: 'Li Lei', phone: '13800138001', empNo: 'E1' },
      { employee_name: 'Han Meimei', phone: '13800138002', empNo: 'E1' },
    ]);
    expect(onDone).not.toHaveBeenCalled();

    type('Work number (optional), row 2', 'E2');
    fireEvent.click(screen.getByRole('button', { name: 'Save and finish' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    // Only the failed row is sent again; then the wizard is marked done.
    expect(bodies('addEmployee')).toHaveLength(3);
    expect(bodies('addEmployee')[2]).toMatchObject({ employee_name: 'Han Meimei', empNo: 'E2' });
    expect(bodies('ModifyUserInfo')).toEqual([{ guideDone: true }]);
  });

  it('validates a filled row with the contract validators and shows other failures under the row', async () => {
    const { bodies } = stubServer({
      GetUserInfo: () => ({ status: 0, result: { escapeClause: '' } }),
      addEmployee: () => ({ status: 55, reason: 'Employee does not exist', result: null }),
    });
    renderStep(vi.fn());
    type('Name, row 1', 'Li Lei');
    type('Mobile phone, row 1', '555');
    expect(await screen.findByText('The format of the phone number is not correct')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save and finish' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(bodies('addEmployee')).toHaveLength(0);

    type('Mobile phone, row 1', '13800138001');
    fireEvent.click(screen.getByRole('button', { name: 'Save and finish' }));
    expect((await screen.findByTestId('guide-row-1-error')).textContent).toBe('Employee does not exist');
  });

  it('can be skipped without saving anything', async () => {
    const { bodies } = stubServer({
      GetUserInfo: () => ({ status: 0, result: { escapeClause: '' } }),
      ModifyUserInfo: () => ({ status: 0, result: {} }),
    });
    const onDone = vi.fn();
    renderStep(onDone);
    type('Name, row 1', 'Typed but skipped');
    fireEvent.click(screen.getByRole('button', { name: 'Skip this step' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(bodies('addEmployee')).toHaveLength(0);
    expect(bodies('ModifyUserInfo')).toEqual([{ guideDone: true }]);
  });

  it('asks for the exemption clause when the company has one, and sends the acceptance', async () => {
    const { bodies } = stubServer({
      GetUserInfo: () => ({ status: 0, result: { escapeClause: 'Clause text' } }),
      addEmployee: () => ({ status: 0, result: {} }),
    });
    const onDone = vi.fn();
    renderStep(onDone, false);
    expect(await screen.findByTestId('escape-clause')).toBeTruthy();
    type('Name, row 1', 'Li Lei');
    type('Mobile phone, row 1', '13800138001');
    fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText('Accept the exemption clause to save')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'I accept' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(bodies('addEmployee')).toEqual([{ employee_name: 'Li Lei', phone: '13800138001', acceptClause: true }]);
    // Not the last step: the wizard is not marked done here.
    expect(bodies('ModifyUserInfo')).toHaveLength(0);
  });
});
