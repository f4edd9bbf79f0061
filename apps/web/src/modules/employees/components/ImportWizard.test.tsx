import { IMPORT_MAX_BYTES } from '@openvisit/contract';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../platform/i18n';
import { AppProviders, createQueryClient } from '../../../platform/providers';
import { stubServer } from '../../../testing/stubServer';
import { type PendingUpload, stubXhr } from '../../../testing/stubXhr';
import { checkImportFile, ImportWizard } from './ImportWizard';

describe('checkImportFile', () => {
  it('takes csv, xls and xlsx up to the server limit, whatever the case of the extension', () => {
    expect(checkImportFile({ name: 'staff.csv', size: 10 })).toBeNull();
    expect(checkImportFile({ name: '员工.XLS', size: 10 })).toBeNull();
    expect(checkImportFile({ name: 'staff.v2.xlsx', size: IMPORT_MAX_BYTES })).toBeNull();
  });

  it('refuses other types and larger files, as the server would', () => {
    expect(checkImportFile({ name: 'staff.numbers', size: 10 })).toBe('type');
    expect(checkImportFile({ name: 'xlsx', size: 10 })).toBe('type');
    expect(checkImportFile({ name: 'staff.xlsx', size: IMPORT_MAX_BYTES + 1 })).toBe('size');
  });
});

const checked = {
  total: 2,
  valid: 2,
  created: 0,
  updated: 0,
  departmentsCreated: 0,
  errors: [],
  exampleRows: [2],
  updating: 1,
  leftOut: 0,
  preview: [
    { row: 3, empName: 'Zhang Wei-Li', empNo: 'E001', phone: '13700000001', email: '', departments: '', action: 'update' },
    { row: 4, empName: 'Bo', empNo: 'E003', phone: '13700000003', email: '', departments: '', action: 'create' },
  ],
  updates: [
    {
      row: 3,
      empid: 7,
      empName: 'Zhang Wei',
      empNo: 'E001',
      phone: '13700000001',
      changes: [{ field: 'employee_name', before: 'Zhang Wei', after: 'Zhang Wei-Li' }],
    },
  ],
};

describe('ImportWizard: example rows and updates', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('says the example row was skipped, names whom an update changes, and sends the choice to leave updates out', async () => {
    stubServer({ GetUserInfo: () => ({ status: 0, result: { escapeClause: '' } }) });
    const uploads = stubXhr();
    render(
      <AppProviders queryClient={createQueryClient()}>
        <ImportWizard kind="employees" open onClose={() => {}} />
      </AppProviders>,
    );
    const input = (await waitFor(() => document.querySelector('input[type="file"]'))) as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'staff.xlsx')] } });
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect((uploads[0] as PendingUpload).form.get('updateExisting')).toBe('true');
    act(() => uploads[0]?.answer({ status: 0, result: checked }));

    expect((await screen.findByTestId('import-examples')).textContent).toContain('Example row skipped (row 2)');
    const updates = screen.getByTestId('import-updates');
    expect(within(updates).getByText('1 row changes an existing employee')).toBeTruthy();
    expect(within(updates).getByText('Zhang Wei · E001 · 13700000001')).toBeTruthy();
    expect(within(updates).getByText('Zhang Wei', { selector: 'del' })).toBeTruthy();
    expect(screen.getByTestId('import-run').textContent).toBe('Import 2 rows');

    fireEvent.click(within(updates).getByLabelText('Add new rows only (leave the 1 update out)'));
    expect(screen.getByTestId('import-run').textContent).toBe('Import 1 row');
    fireEvent.click(screen.getByTestId('import-run'));
    await waitFor(() => expect(uploads).toHaveLength(2));
    const run = uploads[1] as PendingUpload;
    expect([run.form.get('dryRun'), run.form.get('updateExisting')]).toEqual(['false', 'false']);
    act(() => run.answer({ status: 0, result: { ...checked, created: 1, leftOut: 1 } }));
    expect((await screen.findByTestId('import-done')).textContent).toContain('1 row matching an existing employee was left out');
  });

  it('departments: names which existing department a row changes, number and manager before → after, with no choice it would not honour', async () => {
    stubServer({});
    const uploads = stubXhr();
    render(
      <AppProviders queryClient={createQueryClient()}>
        <ImportWizard kind="departments" open onClose={() => {}} />
      </AppProviders>,
    );
    const input = (await waitFor(() => document.querySelector('input[type="file"]'))) as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'departments.xlsx')] } });
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect((uploads[0] as PendingUpload).form.get('updateExisting')).toBeNull();
    act(() =>
      uploads[0]?.answer({
        status: 0,
        result: {
          total: 3,
          valid: 3,
          created: 0,
          updated: 0,
          errors: [],
          exampleRows: [2],
          updating: 2,
          updates: [
            {
              row: 3,
              deptid: 5,
              path: 'Headquarters/Sales',
              changes: [
                { field: 'deptNo', before: 'D1', after: 'D2' },
                { field: 'managerNo', before: '', after: 'E002' },
              ],
            },
          ],
          preview: [
            { row: 3, path: 'Headquarters/Sales', deptNo: 'D2', managerNo: 'E002', action: 'update' },
            { row: 4, path: 'Headquarters/Legal', deptNo: '', managerNo: '', action: 'update' },
            { row: 5, path: 'Headquarters/Ops', deptNo: '', managerNo: '', action: 'create' },
          ],
        },
      }),
    );
    expect((await screen.findByTestId('import-examples')).textContent).toContain('Example row skipped (row 2)');
    const updates = screen.getByTestId('import-updates');
    expect(within(updates).getByText('1 row changes an existing department (of 2 naming one)')).toBeTruthy();
    expect(within(updates).getByText('Headquarters/Sales')).toBeTruthy();
    expect(within(updates).getByText('D1', { selector: 'del' })).toBeTruthy();
    expect(within(updates).getByText('(empty)', { selector: 'del' })).toBeTruthy();
    expect(within(updates).queryByRole('radio')).toBeNull();
  });
});
