/** The visit kernel: query keys, the visitor list's filters, and the status tag, visitor cell and filter bar features show. */
export * from './api';
export * from './query';
export * from './VisitFilterBar';
export * from './VisitorCell';
export * from './VisitStatusTag';
