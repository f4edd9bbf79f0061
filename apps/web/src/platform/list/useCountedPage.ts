import { keepPreviousData, type QueryKey, useQuery } from '@tanstack/react-query';
import { useRef } from 'react';

/** What a paged call of a large table answers about its total (the contract's `cappedPageOf`). */
export interface CountedAnswer {
  count: number;
  countCapped: boolean;
  /** False: the server did not count (`withCount: false`), `count` is only a lower bound. */
  counted: boolean;
}

/** The total to show: `capped` means "at least `count`". */
export interface ListTotal {
  count: number;
  capped: boolean;
}

export interface CountedPageOptions<T> {
  /** The query's key: the filters and the page. */
  queryKey: QueryKey;
  /** The filters alone (no paging): a total belongs to one filter. */
  filter: unknown;
  /** The 1-based page asked for. */
  page: number;
  /** Fetches the page, asking the server to count the total or not. */
  fetch(withCount: boolean): Promise<T>;
}

/** The total of an answer, or the one kept for its filter when the server did not count. */
export function totalOf(answer: CountedAnswer | undefined, kept: ListTotal | undefined): ListTotal | undefined {
  if (!answer) return kept;
  if (answer.counted || !kept) return { count: answer.count, capped: answer.countCapped };
  // Rows added since the first page can push the page's lower bound past the kept total.
  return answer.count > kept.count ? { count: answer.count, capped: true } : kept;
}

/**
 * A page of a list whose total costs the server a scan: the total is asked for with the first page, and with a later
 * page only while this filter has none yet (a deep link or a reload on page 5); paging on keeps the first page's.
 */
export function useCountedPage<T extends CountedAnswer>({ queryKey, filter, page, fetch }: CountedPageOptions<T>) {
  const kept = useRef(new Map<string, ListTotal>());
  const filterKey = JSON.stringify(filter);
  const query = useQuery({
    queryKey,
    queryFn: async () => {
      const answer = await fetch(page === 1 || !kept.current.has(filterKey));
      if (answer.counted) kept.current.set(filterKey, { count: answer.count, capped: answer.countCapped });
      return answer;
    },
    placeholderData: keepPreviousData,
  });
  return { ...query, total: totalOf(query.data, kept.current.get(filterKey)) };
}
