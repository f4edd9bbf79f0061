import { useCallback, useMemo, useRef, useState } from 'react';
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
  // React Router hands a functional update the parameters of the last render, not of the last write: a second change
  // before the re-render (two in one event, or a click a busy browser delivers before it has rendered the first) would
  // undo the first. So each change starts from the last URL this list wrote, until a render shows a newer one.
  const latest = useRef({ rendered: params, written: params });
  if (latest.current.rendered !== params) latest.current = { rendered: params, written: params };
  const write = useCallback(
    (next: (prev: URLSearchParams) => URLSearchParams) => {
      const url = next(latest.current.written);
      latest.current.written = url;
      setParams(url, { replace: !push });
    },
    [setParams, push],
  );
  const set = useCallback((patch: Partial<V>) => write((prev) => list.write(list.change(list.read(prev), patch), prev)), [list, write]);
  const reset = useCallback(() => write((prev) => list.write(list.read(new URLSearchParams()), prev)), [list, write]);
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
