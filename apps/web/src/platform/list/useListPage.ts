import { type Dispatch, type SetStateAction, useEffect, useState } from 'react';
import type { ListTableProps } from './ListTable';
import type { Paging } from './params';
import type { ListTotal } from './useCountedPage';
import { usePaging } from './useListQuery';

/** What a paged call answers: one page of rows and the total. */
export interface PagedRows<Row> {
  count: number;
  list: Row[];
}

/** A page's query as the modules' hooks answer it: a TanStack query of a paged call, or `useCountedPage`'s. */
export interface ListPageQuery<Row> {
  data?: PagedRows<Row>;
  isPending: boolean;
  isFetching: boolean;
  isPlaceholderData?: boolean;
  /** `useCountedPage`'s total (kept while paging); preferred over the page's own count. */
  total?: ListTotal;
}

export interface ListPageOptions {
  /** Rows can be selected (by their numeric key), the selection kept across pages. */
  selectable?: boolean;
  /** A page past the end (after deletions, or an old link) moves to the last page. */
  stepBack?: boolean;
  /** The list refreshes itself (polled or pushed): the table shows loading only until its first page arrives. */
  background?: boolean;
}

/** The props of `ListTable` a page's query decides. */
export type ListPageProps<Row> = Pick<ListTableProps<Row>, 'paging' | 'total' | 'pending' | 'fetching' | 'selection'> & {
  dataSource: Row[];
};

export interface ListPage<Row> {
  /** Spread into `ListTable`: paging, total, loading states, rows and (when selectable) the selection. */
  props: ListPageProps<Row>;
  rows: Row[];
  total: number;
  /** The selected rows' keys (empty unless `selectable`). */
  selection: number[];
  setSelection: Dispatch<SetStateAction<number[]>>;
}

const NO_ROWS: never[] = [];

/**
 * A list page's table wiring from its paging (`useListQuery` or `usePaging`) and its page query, so every list shows
 * its rows, total, loading and empty states and selection the same way.
 */
export function useListPage<Row>(
  paging: ListTableProps<Row>['paging'],
  query: ListPageQuery<Row>,
  { selectable = false, stepBack = false, background = false }: ListPageOptions = {},
): ListPage<Row> {
  const [selection, setSelection] = useState<number[]>([]);
  const rows = query.data?.list ?? NO_ROWS;
  const total = query.total?.count ?? query.data?.count ?? 0;
  const { page, size }: Paging = paging.values;
  const pastEnd = stepBack && !query.isPlaceholderData && query.data !== undefined && rows.length === 0 && total > 0 && page > 1;
  useEffect(() => {
    if (pastEnd) paging.set({ page: Math.max(1, Math.ceil(total / size)) });
  });
  return {
    props: {
      paging,
      total,
      pending: query.isPending,
      fetching: background ? query.isFetching && query.data === undefined : query.isFetching,
      dataSource: rows,
      selection: selectable ? { keys: selection, onChange: (keys) => setSelection(keys.map(Number)) } : undefined,
    },
    rows,
    total,
    selection,
    setSelection,
  };
}

/**
 * `useListPage` for a call that answers the whole list (a company's webhook endpoints, its API keys: a few dozen at
 * most): the table pages it in the browser, with the same states as a paged call.
 */
export function useWholeListPage<Row>(query: { data?: Row[]; isPending: boolean; isFetching: boolean }, size?: number): ListPage<Row> {
  const paging = usePaging(size);
  const all = query.data;
  const page = all && { list: all.slice(paging.startIndex, paging.startIndex + paging.requestedCount), count: all.length };
  return useListPage(paging, { isPending: query.isPending, isFetching: query.isFetching, data: page });
}
