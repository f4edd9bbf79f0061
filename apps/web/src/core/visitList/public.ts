/** The visitor list's filters (kept in the URL), filter bar and visitor cell: the visitor list and the visit report. */
export * from './query';
export * from './VisitFilterBar';
export * from './VisitorCell';
