import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Paging } from './params';
import { type ListPageOptions, type ListPageQuery, useListPage } from './useListPage';

interface Row {
  id: number;
}

const rows = (n: number): Row[] => Array.from({ length: n }, (_, i) => ({ id: i + 1 }));

function setup(query: ListPageQuery<Row>, values: Paging = { page: 1, size: 20 }, options?: ListPageOptions) {
  const paging = { values, set: vi.fn() };
  const hook = renderHook((q: ListPageQuery<Row>) => useListPage(paging, q, options), { initialProps: query });
  return { paging, hook };
}

describe('useListPage', () => {
  it('answers the table props a page query decides: rows, total, loading states, the paging itself', () => {
    const { paging, hook } = setup({ data: { count: 45, list: rows(20) }, isPending: false, isFetching: true });
    const { props, total } = hook.result.current;
    expect(props.paging).toBe(paging);
    expect(props.dataSource).toHaveLength(20);
    expect(props.total).toBe(45);
    expect(total).toBe(45);
    expect(props.pending).toBe(false);
    expect(props.fetching).toBe(true);
    expect(props.selection).toBeUndefined();
  });

  it('before the first answer: no rows, total 0, pending', () => {
    const { hook } = setup({ data: undefined, isPending: true, isFetching: true });
    expect(hook.result.current.props).toMatchObject({ dataSource: [], total: 0, pending: true, fetching: true });
  });

  it('prefers a counted page’s kept total over the page’s lower bound', () => {
    const { hook } = setup({ data: { count: 40, list: rows(20) }, isPending: false, isFetching: false, total: { count: 1000, capped: true } });
    expect(hook.result.current.total).toBe(1000);
  });

  it('keeps a selection of numeric keys when selectable, across answers', () => {
    const { hook } = setup({ data: { count: 2, list: rows(2) }, isPending: false, isFetching: false }, undefined, { selectable: true });
    act(() => hook.result.current.props.selection?.onChange(['1', 2]));
    expect(hook.result.current.selection).toEqual([1, 2]);
    expect(hook.result.current.props.selection?.keys).toEqual([1, 2]);
    hook.rerender({ data: { count: 2, list: rows(2) }, isPending: false, isFetching: true });
    expect(hook.result.current.selection).toEqual([1, 2]);
    act(() => hook.result.current.setSelection([]));
    expect(hook.result.current.props.selection?.keys).toEqual([]);
  });

  it('a list refreshed in the background shows loading only until its first page', () => {
    const { hook } = setup({ data: undefined, isPending: true, isFetching: true }, undefined, { background: true });
    expect(hook.result.current.props.fetching).toBe(true);
    hook.rerender({ data: { count: 1, list: rows(1) }, isPending: false, isFetching: true });
    expect(hook.result.current.props.fetching).toBe(false);
  });

  it('steps back from a page past the end to the last page, once the answer is the page’s own', () => {
    const past = { data: { count: 45, list: [] }, isPending: false, isFetching: false };
    const placeholder = setup({ ...past, isPlaceholderData: true }, { page: 5, size: 20 }, { stepBack: true });
    expect(placeholder.paging.set).not.toHaveBeenCalled();
    const own = setup(past, { page: 5, size: 20 }, { stepBack: true });
    expect(own.paging.set).toHaveBeenCalledWith({ page: 3 });
    const last = setup({ data: { count: 45, list: rows(5) }, isPending: false, isFetching: false }, { page: 3, size: 20 }, { stepBack: true });
    expect(last.paging.set).not.toHaveBeenCalled();
    const notAsked = setup(past, { page: 5, size: 20 });
    expect(notAsked.paging.set).not.toHaveBeenCalled();
    const empty = setup({ data: { count: 0, list: [] }, isPending: false, isFetching: false }, { page: 2, size: 20 }, { stepBack: true });
    expect(empty.paging.set).not.toHaveBeenCalled();
  });
});
