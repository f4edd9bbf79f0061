export { BatchBar, type BatchBarProps } from './BatchBar';
export { CellText, type ColumnKind, type ListColumn } from './columns';
export { FitTable, type FitTableProps } from './FitTable';
export { ListSearch } from './ListSearch';
export { ListTable, type ListTableProps } from './ListTable';
export * from './params';
export { inputMax, ReasonModal, type ReasonModalProps } from './ReasonModal';
export { type CountedAnswer, type ListTotal, totalOf, useCountedPage } from './useCountedPage';
export { useListExport } from './useListExport';
export {
  type ListPage,
  type ListPageOptions,
  type ListPageProps,
  type ListPageQuery,
  type PagedRows,
  useListPage,
  useWholeListPage,
} from './useListPage';
export { type ListQuery, useListQuery, usePaging } from './useListQuery';
