import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screenWidth } from '../../testing/screenWidth';
import { i18n } from '../i18n';
import { BatchBar, defineListParams, ListTable, text, useListQuery } from './index';

interface Row {
  id: number;
  name: string;
}
const ROWS: Row[] = Array.from({ length: 45 }, (_, i) => ({ id: i + 1, name: `Person ${i + 1}` }));
const people = defineListParams({ q: text() });

/** A list screen as the modules build one, over rows held here instead of a server. */
function People({ onDelete, seen }: { onDelete: (ids: number[]) => void; seen: (w: { startIndex: number; requestedCount: number }) => void }) {
  const list = useListQuery(people);
  const [keys, setKeys] = useState<number[]>([]);
  const matching = ROWS.filter((r) => r.name.includes(list.values.q));
  seen({ startIndex: list.startIndex, requestedCount: list.requestedCount });
  return (
    <>
      <input aria-label="search" value={list.values.q} onChange={(e) => list.set({ q: e.target.value })} />
      <BatchBar count={keys.length} onDelete={() => onDelete(keys)} />
      <ListTable<Row>
        rowKey="id"
        paging={list}
        total={matching.length}
        pending={false}
        fetching={false}
        empty="Nobody"
        selection={{ keys, onChange: (k) => setKeys(k.map(Number)) }}
        dataSource={matching.slice(list.startIndex, list.startIndex + list.requestedCount)}
        columns={[{ key: 'name', title: 'Name', dataIndex: 'name' }]}
      />
    </>
  );
}

function renderAt(url: string, onDelete = vi.fn()) {
  const seen = vi.fn();
  const router = createMemoryRouter([{ path: '/people', element: <People onDelete={onDelete} seen={seen} /> }], { initialEntries: [url] });
  render(
    <App>
      <RouterProvider router={router} />
    </App>,
  );
  return { router, seen, onDelete };
}

const search = (router: ReturnType<typeof renderAt>['router']) => router.state.location.search;

const tagged = defineListParams({ q: text(), tag: text() });
/** Two changes before the screen renders again, as a quick click on a busy browser delivers them. */
function TwoChanges() {
  const list = useListQuery(tagged);
  return (
    <button
      type="button"
      onClick={() => {
        list.set({ q: 'x' });
        list.set({ tag: 'y' });
      }}
    >
      both
    </button>
  );
}

describe('the list kit', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('shows the page and size of the URL and writes paging back to it', async () => {
    const { router, seen } = renderAt('/people?page=2&size=10');
    expect(await screen.findByText('Person 11')).toBeTruthy();
    expect(screen.queryByText('Person 10')).toBeNull();
    expect(seen).toHaveBeenLastCalledWith({ startIndex: 10, requestedCount: 10 });
    expect(screen.getByText('45 in total')).toBeTruthy();
    fireEvent.click(screen.getByTitle('3'));
    await waitFor(() => expect(search(router)).toBe('?page=3&size=10'));
    expect(await screen.findByText('Person 21')).toBeTruthy();
    fireEvent.click(screen.getByTitle('1'));
    await waitFor(() => expect(search(router)).toBe('?size=10'));
  });

  it('keeps both of two changes made before the screen renders again', async () => {
    const router = createMemoryRouter([{ path: '/people', element: <TwoChanges /> }], { initialEntries: ['/people?page=2'] });
    render(<RouterProvider router={router} />);
    fireEvent.click(await screen.findByText('both'));
    await waitFor(() => expect(search(router)).toBe('?q=x&tag=y'));
  });

  it('goes back to page 1 when a filter changes, and shows the empty state when nothing matches', async () => {
    const { router } = renderAt('/people?page=3');
    expect(await screen.findByText('Person 41')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('search'), { target: { value: 'Person 4' } });
    await waitFor(() => expect(search(router)).toBe('?q=Person+4'));
    expect(await screen.findByText('Person 40')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('search'), { target: { value: 'Nobody here' } });
    expect(await screen.findByText('Nobody')).toBeTruthy();
  });

  it('leaves the select-all box out of the hidden row antd measures the columns with (nothing focusable is hidden)', async () => {
    // A table scrolls sideways (and antd measures its columns) only in a box narrower than its columns on a screen
    // wider than a phone's (a phone shows cards).
    const width = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
      return this.classList.contains('ov-fit-table') ? 100 : 0;
    });
    const tablet = screenWidth(1024);
    renderAt('/people');
    await screen.findByText('Person 1');
    width.mockRestore();
    tablet();
    expect(document.querySelector('.ant-table-measure-row')).not.toBeNull();
    const hiddenBoxes = [...document.querySelectorAll('input')].filter((box) => box.closest('[aria-hidden="true"]'));
    expect(hiddenBoxes).toEqual([]);
    expect(screen.getByRole('checkbox', { name: 'Select all' })).toBeTruthy();
  });

  it('deletes the selection only once confirmed, in both languages', async () => {
    const { onDelete } = renderAt('/people');
    await screen.findByText('Person 1');
    expect(screen.queryByTestId('batch-bar')).toBeNull();
    const rows = screen.getAllByRole('checkbox');
    fireEvent.click(rows[1] as HTMLElement);
    fireEvent.click(rows[2] as HTMLElement);
    const bar = await screen.findByTestId('batch-bar');
    expect(within(bar).getByText('2 selected')).toBeTruthy();
    fireEvent.click(within(bar).getByRole('button', { name: /Delete selected/ }));
    expect(await screen.findByText('Delete the 2 selected items?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onDelete).not.toHaveBeenCalled();
    await i18n.changeLanguage('zh');
    fireEvent.click(within(bar).getByRole('button', { name: /删除所选/ }));
    expect(await screen.findByText('确定删除选中的 2 项？')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '删 除' }));
    await waitFor(() => expect(onDelete).toHaveBeenCalledWith([1, 2]));
  });
});
