import { IMPORT_MAX_BYTES } from '@openvisit/contract';
import { describe, expect, it } from 'vitest';
import { checkImportFile } from './ImportWizard';

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
