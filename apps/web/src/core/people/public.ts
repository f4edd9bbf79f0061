/** The people kernel: employee and department look-ups, the department tree, a person on the face terminals. */
export * from './api';
export * from './EmployeeSelect';
export * from './FaceSyncOfPerson';
export * from './tree';
