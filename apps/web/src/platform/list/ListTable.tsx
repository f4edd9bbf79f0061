import { Empty, type TableProps } from 'antd';
import { type Key, type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ListColumn, SELECTION_WIDTH } from './columns';
import { FitTable } from './FitTable';
import { PAGE_SIZES, type Paging } from './params';

export interface ListTableProps<T> extends Omit<TableProps<T>, 'pagination' | 'loading' | 'rowSelection' | 'columns' | 'scroll' | 'tableLayout'> {
  /** The columns, each with its kind (phone, date, name…), which gives its width and whether it wraps. */
  columns: ListColumn<T>[];
  /** The page shown and how to move to another (a `useListQuery` result fits). */
  paging: { values: Paging; set(patch: Partial<Paging>): void };
  total: number;
  /** Nothing has arrived yet: the empty state waits instead of saying there is nothing. */
  pending: boolean;
  /** A page is being fetched (the rows of the last one stay, dimmed). */
  fetching: boolean;
  /** What the empty state says, and what it offers (a clear-filters or add button). */
  empty?: ReactNode;
  emptyAction?: ReactNode;
  /** The total under the table; "N in total" unless given. */
  totalText?: (total: number) => ReactNode;
  /** No pager when everything fits on one page. */
  hideOnSinglePage?: boolean;
  /** Row selection, kept across pages. */
  selection?: {
    keys: readonly Key[];
    onChange(keys: Key[]): void;
    getCheckboxProps?: NonNullable<TableProps<T>['rowSelection']>['getCheckboxProps'];
  };
}

/**
 * The select-all box of the header. antd copies each column title into a hidden (aria-hidden) row that measures the
 * columns; a checkbox there is focusable while hidden from assistive technology, so the copy drops it once it finds
 * itself there (the selection column's width is fixed). Found in the page, not through antd's internal context, which
 * is another module instance wherever `antd` and `antd/es` resolve apart (tests on Node).
 */
function SelectAllTitle({ box }: { box: ReactNode }) {
  const ref = useRef<HTMLSpanElement>(null);
  const [hidden, setHidden] = useState(false);
  useLayoutEffect(() => {
    if (ref.current?.closest('[aria-hidden="true"]')) setHidden(true);
  }, []);
  return hidden ? null : <span ref={ref}>{box}</span>;
}

/**
 * A paged table that fits its container (`FitTable`: column kinds, no sideways scrolling but on a phone) bound to `paging` (the URL's through `useListQuery`, or a drawer's own through `usePaging`), with the
 * console's loading and empty states and, when asked, row selection.
 */
export function ListTable<T extends object>({
  paging,
  total,
  pending,
  fetching,
  empty,
  emptyAction,
  totalText,
  selection,
  hideOnSinglePage,
  onChange,
  locale,
  ...rest
}: ListTableProps<T>) {
  const { t } = useTranslation();
  const { page, size } = paging.values;
  return (
    <FitTable<T>
      size="middle"
      {...rest}
      loading={fetching}
      rowSelection={
        selection && {
          selectedRowKeys: [...selection.keys],
          onChange: (keys) => selection.onChange(keys),
          getCheckboxProps: selection.getCheckboxProps,
          preserveSelectedRowKeys: true,
          columnWidth: SELECTION_WIDTH,
          columnTitle: (box) => <SelectAllTitle box={box} />,
        }
      }
      onChange={(pagination, filters, sorter, extra) => {
        if (extra.action === 'paginate') {
          const next = pagination.pageSize ?? size;
          paging.set(next !== size ? { size: next } : { page: pagination.current ?? 1 });
        }
        onChange?.(pagination, filters, sorter, extra);
      }}
      pagination={{
        current: page,
        pageSize: size,
        total,
        showSizeChanger: true,
        hideOnSinglePage,
        pageSizeOptions: PAGE_SIZES.map(String),
        showTotal: totalText ?? ((n) => t('common.list.total', { count: n })),
      }}
      locale={{
        ...locale,
        emptyText: pending ? <div style={{ height: 120 }} /> : <Empty description={empty ?? t('common.empty')}>{emptyAction}</Empty>,
      }}
    />
  );
}
