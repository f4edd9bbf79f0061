import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_PAGE_SIZE, type ListParams, type Paging, pageWindow } from './params';

export interface ListQuery<V extends Paging> {
  /** The filters and paging the URL holds now. */
  values: V;
  /** Writes a change into the URL (replacing the entry): a change of anything but the page goes back to page 1. */
  set(patch: Partial<V>): void;
  /** Clears the filters and paging (parameters that are not the list's stay). */
  reset(): void;
  /** Whether any filter narrows the list. */
  filtered: boolean;
  /** The page as a paged call takes it. */
  startIndex: number;
  requestedCount: number;
}

/**
 * A list's filters and paging, kept in the URL query through `list`'s typed parameters. Changes replace the history
 * entry unless `push` (then the back button steps through them).
 */
export function useListQuery<V extends Paging>(list: ListParams<V>, { push = false }: { push?: boolean } = {}): ListQuery<V> {
  const [params, setParams] = useSearchParams();
  const values = useMemo(() => list.read(params), [list, params]);
  // From the URL as it is when the change lands, so two changes in one event both stick.
  const set = useCallback(
    (patch: Partial<V>) => setParams((prev) => list.write(list.change(list.read(prev), patch), prev), { replace: !push }),
    [list, setParams, push],
  );
  const reset = useCallback(
    () => setParams((prev) => list.write(list.read(new URLSearchParams()), prev), { replace: !push }),
    [list, setParams, push],
  );
  return { values, set, reset, filtered: list.isFiltered(values), ...pageWindow(values) };
}

/**
 * Paging held in the component instead of the URL, for a list inside a drawer or a dialog (whose page must not
 * clash with the screen's own `page`). Same contract as `useListQuery`'s paging.
 */
export function usePaging(size = DEFAULT_PAGE_SIZE) {
  const [values, setValues] = useState<Paging>({ page: 1, size });
  const set = useCallback(
    (patch: Partial<Paging>) =>
      setValues((v) => ({ size: patch.size ?? v.size, page: patch.page ?? (patch.size !== undefined && patch.size !== v.size ? 1 : v.page) })),
    [],
  );
  return { values, set, ...pageWindow(values) };
}
