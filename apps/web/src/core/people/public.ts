/** The people kernel: employee and department look-ups, the department tree, a person's credentials on door devices. */
export * from './api';
export * from './CredentialTags';
export * from './EmployeeSelect';
export * from './FaceSyncOfPerson';
export * from './IdExportButton';
export * from './IdNumberText';
export * from './tree';
