import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screenWidth } from '../../testing/screenWidth';
import type { ListColumn } from './columns';
import { FitTable } from './FitTable';

interface Row {
  id: number;
  name: string;
  phone: string;
  at: string;
}
const ROWS: Row[] = [{ id: 1, name: 'Maximiliane Wolkenstein-Rabenhorst', phone: '+86 138 0013 8000', at: '24 Nov 2026, 18:25' }];
const COLUMNS: ListColumn<Row>[] = [
  { key: 'name', title: 'Name', dataIndex: 'name', kind: 'name', fixed: 'left' },
  { key: 'phone', title: 'Phone', dataIndex: 'phone', kind: 'phone' },
  { key: 'at', title: 'When', dataIndex: 'at', kind: 'dateTime' },
  { key: 'actions', title: 'Actions', kind: 'actions', width: 64, render: () => <button type="button">Edit</button> },
];

/** The box the table sits in is this wide (jsdom lays nothing out); the cells' text needs `text` px. */
function layout(box: number, text = 0) {
  const client = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return this.classList.contains('ov-fit-table') ? box : this.classList.contains('ov-cell-text') ? 50 : 0;
  });
  const scroll = vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return this.classList.contains('ov-cell-text') ? text : 0;
  });
  return () => {
    client.mockRestore();
    scroll.mockRestore();
  };
}

const cols = () => [...document.querySelectorAll('colgroup col')].map((c) => (c as HTMLElement).style.width);

describe('FitTable', () => {
  let restore = () => {};
  afterEach(() => restore());

  it('gives phones, moments and actions their widths, lets names share the rest, and does not scroll in a wide box', () => {
    restore = layout(1200);
    render(<FitTable<Row> rowKey="id" dataSource={ROWS} columns={COLUMNS} pagination={false} />);
    expect(cols()).toEqual(['', '120px', '160px', '64px']);
    expect(screen.queryByRole('region')).toBeNull();
    expect(document.querySelector('.ant-table-layout-fixed')).not.toBeNull();
    expect(document.querySelector('.ant-table-content')?.getAttribute('style') ?? '').not.toContain('overflow-x');
    expect(document.querySelector('.ant-table-cell-fix-left, .ant-table-cell-fix-start')).toBeNull();
    expect(screen.getByText('+86 138 0013 8000').closest('td')?.className).toContain('ov-col-phone');
    expect(screen.getByText('24 Nov 2026, 18:25').closest('td')?.className).toContain('ov-col-dateTime');
  });

  it('scrolls sideways on a tablet in a box narrower than its columns, holding the name and the actions at the edges', () => {
    const box = layout(300);
    const tablet = screenWidth(1024);
    restore = () => {
      box();
      tablet();
    };
    render(<FitTable<Row> rowKey="id" dataSource={ROWS} columns={COLUMNS} pagination={false} />);
    const table = document.querySelector('.ant-table-content table') as HTMLElement;
    expect(table.style.width).toBe('424px');
    expect(document.querySelectorAll('td.ant-table-cell-fix-left, td.ant-table-cell-fix-start')).toHaveLength(1);
    expect(document.querySelectorAll('td.ant-table-cell-fix-right, td.ant-table-cell-fix-end')).toHaveLength(1);
    // The keyboard reaches the scrolling box (nothing in the rows need be focusable).
    expect(screen.getByRole('region', { name: 'Table (scrolls sideways)' }).tabIndex).toBe(0);
  });

  it('scrolls the whole row, holding nothing over its neighbours, in a desktop box a little narrower than its columns', () => {
    const wide: ListColumn<Row>[] = [...COLUMNS.slice(0, 3), { ...(COLUMNS[3] as ListColumn<Row>), width: 700 }];
    const box = layout(1000);
    const desktop = screenWidth(1366);
    restore = () => {
      box();
      desktop();
    };
    render(<FitTable<Row> rowKey="id" dataSource={ROWS} columns={wide} pagination={false} />);
    expect((document.querySelector('.ant-table-content table') as HTMLElement).style.width).toBe('1060px');
    expect(document.querySelectorAll('td.ant-table-cell-fix-left, td.ant-table-cell-fix-start')).toHaveLength(0);
    expect(document.querySelectorAll('td.ant-table-cell-fix-right, td.ant-table-cell-fix-end')).toHaveLength(0);
  });

  it('on a phone shows each row as a card: every column (the wide-screen-only one too) a line with its title, nothing sideways', () => {
    restore = layout(300);
    const columns: ListColumn<Row>[] = COLUMNS.map((c) => (c.key === 'at' ? { ...c, responsive: ['xl'] } : c));
    render(<FitTable<Row> rowKey="id" dataSource={ROWS} columns={columns} pagination={false} />);
    expect(document.querySelector('.ov-fit-table')?.getAttribute('data-layout')).toBe('cards');
    const table = document.querySelector('.ant-table-content table') as HTMLElement;
    expect(table.style.width).toBe('');
    expect(
      document.querySelector('.ant-table-cell-fix-left, .ant-table-cell-fix-start, .ant-table-cell-fix-right, .ant-table-cell-fix-end'),
    ).toBeNull();
    const labels = [...document.querySelectorAll('tbody tr.ant-table-row td')].map((td) => td.getAttribute('data-label'));
    expect(labels).toEqual(['Name', 'Phone', 'When', null]);
    expect(screen.getByText('24 Nov 2026, 18:25')).toBeTruthy();
  });

  it('shows the whole of a cut-off name in a tooltip, and no tooltip for a name that fits', async () => {
    restore = layout(1200, 400);
    render(<FitTable<Row> rowKey="id" dataSource={ROWS} columns={COLUMNS} pagination={false} />);
    fireEvent.mouseEnter(screen.getByText(ROWS[0]?.name ?? ''));
    expect(await screen.findByRole('tooltip')).toHaveProperty('textContent', ROWS[0]?.name);
    restore();
    restore = layout(1200, 40);
    fireEvent.mouseLeave(document.querySelector('td .ov-cell-text') as HTMLElement);
    fireEvent.mouseEnter(screen.getByText('+86 138 0013 8000'));
    await waitFor(() => expect(document.querySelectorAll('.ant-tooltip:not(.ant-tooltip-hidden)')).toHaveLength(0));
  });

  it('writes a dash for an empty name', () => {
    restore = layout(1200);
    render(<FitTable<Row> rowKey="id" dataSource={[{ id: 2, name: '', phone: '', at: '' }]} columns={COLUMNS} pagination={false} />);
    expect(document.querySelectorAll('.ov-cell-text')).toHaveLength(3);
    expect([...document.querySelectorAll('.ov-cell-text')].map((c) => c.textContent)).toEqual(['—', '—', '—']);
  });
});
