import { Grid, Table, type TableProps } from 'antd';
import { type RefObject, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ListColumn, layoutColumn, leastWidth } from './columns';
import './list.css';

/** The box width (px) under which a scrolling table holds its first and actions columns at the edges: a phone's. */
export const HOLD_EDGES_BELOW = 600;

export interface FitTableProps<T> extends Omit<TableProps<T>, 'columns' | 'scroll' | 'tableLayout'> {
  columns: ListColumn<T>[];
}

/**
 * A table that fits its container: columns laid out by their kind (columns.tsx), a fixed layout so names and free text
 * share what the fixed-width columns leave. When the container is narrower than every column at its least, a phone
 * (below antd's `md`) shows each row as a card, every column a labelled line and nothing sideways; a wider screen
 * scrolls the table sideways. Only in a phone-sized box are the first and the actions column held at the edges then:
 * in a wider one that just misses, a held column would sit over its neighbours (a device's Status under its actions
 * at 1366 px), so the row scrolls whole. The cards are the same table restyled (list.css), so paging, selection,
 * loading and empty states are antd's in both.
 */
export function FitTable<T extends object>({ columns, rowSelection, className, ...rest }: FitTableProps<T>) {
  const box = useRef<HTMLDivElement>(null);
  const [boxWidth, setBoxWidth] = useState(0);
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    setBoxWidth(el.clientWidth);
    const observer = new ResizeObserver(() => setBoxWidth(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  // The columns this screen size shows (a column may be `responsive`, e.g. only on wide screens).
  const screens = Grid.useBreakpoint();
  const phone = screens.md === false;
  // On a phone every column is on its card: there is room for them one under another.
  const shown = phone ? columns : columns.filter((c) => !c.responsive || c.responsive.some((b) => screens[b]));
  const least = leastWidth(shown, Boolean(rowSelection));
  const tooNarrow = boxWidth > 0 && boxWidth < least;
  const cards = tooNarrow && phone;
  const scrolling = tooNarrow && !phone;
  const laidOut = shown.map((c) => layoutColumn(c, scrolling && boxWidth < HOLD_EDGES_BELOW, cards));
  useScrollRegion(box, scrolling);
  return (
    <div ref={box} className={cards ? 'ov-fit-table ov-fit-table--cards' : 'ov-fit-table'} data-layout={cards ? 'cards' : 'table'}>
      <Table<T>
        size="middle"
        {...rest}
        className={className}
        rowSelection={rowSelection}
        tableLayout={cards ? 'auto' : 'fixed'}
        columns={laidOut}
        scroll={scrolling ? { x: least } : undefined}
      />
    </div>
  );
}

/**
 * A table that scrolls sideways is a region the keyboard can reach and scroll (WCAG 2.1.1; axe's
 * scrollable-region-focusable): its scrolling box takes the focus and names itself, whether or not a row has a link.
 */
function useScrollRegion(box: RefObject<HTMLDivElement | null>, scrolling: boolean) {
  const { t } = useTranslation();
  const label = t('common.tableScrolls');
  useLayoutEffect(() => {
    const region = box.current?.querySelector<HTMLElement>('.ant-table-content, .ant-table-body');
    if (!region) return;
    if (scrolling) {
      region.tabIndex = 0;
      region.setAttribute('role', 'region');
      region.setAttribute('aria-label', label);
    } else {
      region.removeAttribute('tabindex');
      region.removeAttribute('role');
      region.removeAttribute('aria-label');
    }
  });
}
