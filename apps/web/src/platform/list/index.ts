export { BatchBar, type BatchBarProps } from './BatchBar';
export { ListTable, type ListTableProps } from './ListTable';
export * from './params';
export { type ListQuery, useListQuery, usePaging } from './useListQuery';
