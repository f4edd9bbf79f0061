/** English texts of the import's check of employees: the rows that change existing employees. */
export const importCheckEn = {
  nothingValid: 'No row can be imported: correct the file and choose it again.',
  errorsTitle: 'Rows with errors (they will be skipped)',
  skippedTitle: 'Skipped rows',
  deptUpdates: {
    title_one: '{{count}} row changes an existing department (of {{rows}} naming one)',
    title_other: '{{count}} rows change existing departments (of {{rows}} naming one)',
    which: 'Existing department',
  },
  updates: {
    title_one: '{{count}} row changes an existing employee',
    title_other: '{{count}} rows change existing employees',
    more: 'The first {{shown}} that change something are listed.',
    who: 'Existing employee',
    changes: 'Before → after',
    empty: '(empty)',
    all: 'Add new rows and update existing employees',
    newOnly_one: 'Add new rows only (leave the {{count}} update out)',
    newOnly_other: 'Add new rows only (leave the {{count}} updates out)',
  },
  leftOut_one: '{{count}} row matching an existing employee was left out',
  leftOut_other: '{{count}} rows matching existing employees were left out',
};
