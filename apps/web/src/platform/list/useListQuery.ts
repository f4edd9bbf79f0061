import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { type ListParams, type Paging, pageWindow } from './params';

export interface ListQuery<V extends Paging> {
  /** The filters and paging the URL holds now. */
  values: V;
  /** Writes a change into the URL (replacing the entry): a change of anything but the page goes back to page 1. */
  set(patch: Partial<V>): void;
  /** Whether any filter narrows the list. */
  filtered: boolean;
  /** The page as a paged call takes it. */
  startIndex: number;
  requestedCount: number;
}

/** A list's filters and paging, kept in the URL query through `list`'s typed parameters. */
export function useListQuery<V extends Paging>(list: ListParams<V>): ListQuery<V> {
  const [params, setParams] = useSearchParams();
  const values = useMemo(() => list.read(params), [list, params]);
  // From the URL as it is when the change lands, so two changes in one event both stick.
  const set = useCallback(
    (patch: Partial<V>) => setParams((prev) => list.write(list.change(list.read(prev), patch), prev), { replace: true }),
    [list, setParams],
  );
  return { values, set, filtered: list.isFiltered(values), ...pageWindow(values) };
}
