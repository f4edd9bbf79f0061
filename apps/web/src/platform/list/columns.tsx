import { type TableColumnType, Tooltip } from 'antd';
import { type ReactNode, useState } from 'react';

/**
 * What a column holds, which decides how it is laid out: phone numbers, days, moments, tags, numbers and identifiers
 * have a width of their own and never wrap; names and free text share what is left and end in "…" with the whole value
 * in a tooltip; the actions column has a fixed width (given by the screen: its buttons).
 */
export type ColumnKind = 'name' | 'text' | 'phone' | 'date' | 'dateTime' | 'code' | 'tag' | 'number' | 'actions';

export interface ListColumn<T> extends TableColumnType<T> {
  kind?: ColumnKind;
}

/** Widths (px, the cell's padding included) of the kinds that have one; a column's own `width` wins. */
export const KIND_WIDTHS: Partial<Record<ColumnKind, number>> = {
  phone: 120,
  date: 112,
  dateTime: 160,
  code: 112,
  tag: 112,
  number: 88,
  actions: 96,
};

/** The least a shared column gets before the table scrolls sideways instead (a genuinely narrow screen). */
export const FLEX_MIN_WIDTH = 80;
/** The selection column of a table with row selection. */
export const SELECTION_WIDTH = 40;

const ELLIPSIS_KINDS: ReadonlySet<ColumnKind> = new Set(['name', 'text', 'phone', 'date', 'dateTime', 'code']);

/**
 * A cell's text on one line, ending in "…" when the column is too narrow, with the whole text in a tooltip on hover
 * (only when something is cut off). Screens use it for each line of a cell they lay out themselves (a name over a
 * company); the kit puts the cells of names, text, phones and dates in one.
 */
export function CellText({ children, secondary }: { children: ReactNode; secondary?: boolean }) {
  const [full, setFull] = useState<string | null>(null);
  return (
    <Tooltip title={full} open={full !== null}>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a pointer's convenience; the whole text is in the cell for everyone else */}
      <div
        className={secondary ? 'ov-cell-text ov-cell-secondary' : 'ov-cell-text'}
        // Asked on each hover, not measured up front: the text is cut off only at some widths.
        onMouseEnter={(e) => {
          const el = e.currentTarget;
          const cut = [el, ...el.querySelectorAll('button')].some((box) => box.scrollWidth > box.clientWidth);
          setFull(cut ? el.textContent : null);
        }}
        onMouseLeave={() => setFull(null)}
      >
        {children}
      </div>
    </Tooltip>
  );
}

/**
 * The column as the table lays it out: its width, its class (no wrapping, ellipsis) and its cell. As a card's line
 * (`cards`, a phone) a cell carries its column's title for the style sheet to write before the value (the actions
 * need none: their buttons say what they do).
 */
export function layoutColumn<T>({ kind, ...column }: ListColumn<T>, holdEdges: boolean, cards = false): TableColumnType<T> {
  const width = column.width ?? (kind ? KIND_WIDTHS[kind] : undefined);
  const className = [column.className, kind ? `ov-col ov-col-${kind}` : undefined].filter(Boolean).join(' ') || undefined;
  const laidOut: TableColumnType<T> = {
    ...column,
    width,
    className,
    // Columns stick to an edge only while a phone's table scrolls; otherwise they would only cover their neighbours.
    fixed: holdEdges ? (column.fixed ?? (kind === 'actions' ? 'right' : undefined)) : undefined,
  };
  if (cards) {
    delete laidOut.responsive;
    const label = typeof column.title === 'string' && kind !== 'actions' ? column.title : undefined;
    const { onCell } = column;
    laidOut.onCell = (row, index) => ({ ...onCell?.(row, index), ...(label && { 'data-label': label }) }) as ReturnType<NonNullable<typeof onCell>>;
  }
  if (!kind || !ELLIPSIS_KINDS.has(kind)) return laidOut;
  const { render } = column;
  laidOut.render = (value: unknown, row: T, index: number) => {
    const shown = render ? render(value, row, index) : value;
    const node = shown === null || shown === undefined || shown === '' ? '—' : (shown as ReactNode);
    return <CellText>{node}</CellText>;
  };
  return laidOut;
}

/** The width under which the table scrolls sideways: every column at its width, shared ones at their least. */
export function leastWidth<T>(columns: readonly ListColumn<T>[], selectable: boolean): number {
  let sum = selectable ? SELECTION_WIDTH : 0;
  for (const c of columns) {
    const w = c.width ?? (c.kind ? KIND_WIDTHS[c.kind] : undefined);
    sum += typeof w === 'number' ? w : FLEX_MIN_WIDTH;
  }
  return sum;
}
