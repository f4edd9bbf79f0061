/**
 * A list's filters and paging as kept in the URL query: typed parsers for each parameter, one reader and one writer
 * per list, so a reload, a shared link or the back button shows the same page.
 */

/** The page sizes every paged table offers. */
export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 20;

/** 1-based page and rows per page. */
export interface Paging {
  page: number;
  size: number;
}

/** A whole number above zero, else undefined (no signs, exponents or decimals; at most nine digits). */
export function positiveInt(v: string | null): number | undefined {
  return v !== null && /^\d{1,9}$/.test(v) && Number(v) > 0 ? Number(v) : undefined;
}

/** The first row and the row count of a page, as every paged call takes them. */
export function pageWindow({ page, size }: Paging): { startIndex: number; requestedCount: number } {
  return { startIndex: (page - 1) * size, requestedCount: size };
}

/** One URL parameter: how it reads (never throws: malformed is the default) and writes (undefined leaves it out). */
export interface Field<T> {
  /** The parameter's name when it differs from the filter's. */
  param?: string;
  parse(raw: string | null): T;
  format(value: T): string | undefined;
}

/** Text, trimmed and cut to `max`; empty is the default. */
export function text(max = 64): Field<string> {
  return { parse: (v) => (v ?? '').trim().slice(0, max), format: (v) => v.trim() || undefined };
}

/** An optional id or count. */
export function int(): Field<number | undefined> {
  return { parse: positiveInt, format: (v) => (v === undefined ? undefined : String(v)) };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** An optional day, YYYY-MM-DD; `valid` may check more than the shape. */
export function day(valid: (v: string) => boolean = () => true): Field<string | undefined> {
  return { parse: (v) => (v !== null && DAY.test(v) && valid(v) ? v : undefined), format: (v) => v || undefined };
}

/** An optional member of a fixed set (numbers are read from their digits). */
export function oneOf<const T extends string | number>(values: readonly T[]): Field<T | undefined> {
  return {
    parse: (v) => values.find((x) => v !== null && String(x) === v),
    format: (v) => (v === undefined ? undefined : String(v)),
  };
}

/** A member of a fixed set with a default, left out of the URL when it is the default. */
export function choice<const T extends string>(values: readonly T[], fallback: T): Field<T> {
  return { parse: (v) => values.find((x) => x === v) ?? fallback, format: (v) => (v === fallback ? undefined : v) };
}

/** On or off, `1` in the URL when on. */
export function flag(): Field<boolean> {
  return { parse: (v) => v === '1', format: (v) => (v ? '1' : undefined) };
}

type FieldValue<F> = F extends Field<infer T> ? T : never;
type Fields = Record<string, Field<never> | Field<unknown>>;
type Simplify<T> = { [K in keyof T]: T[K] } & {};
/** The filters of a field set: fields that may be undefined are optional keys. */
export type Values<S extends Fields> = Simplify<
  { [K in keyof S as undefined extends FieldValue<S[K]> ? never : K]: FieldValue<S[K]> } & {
    [K in keyof S as undefined extends FieldValue<S[K]> ? K : never]?: FieldValue<S[K]>;
  } & Paging
>;

export interface ListParamsOptions<V> {
  /** Paging parameter names (a second list on the same screen prefixes its own). */
  pageParam?: string;
  sizeParam?: string;
  /** Puts read values right (e.g. swaps a reversed date range). */
  normalize?: (values: V) => V;
  /** Writes fields that depend on each other (called after each field's own format). */
  finish?: (out: URLSearchParams, values: V) => void;
}

/** How one list reads and writes its part of the URL. */
export interface ListParams<V extends Paging> {
  read(params: URLSearchParams): V;
  /** The URL of `values` without defaults; parameters of `base` that are not this list's are kept. */
  write(values: V, base?: URLSearchParams): URLSearchParams;
  /** The values after a change: a change of anything but the page starts at page 1; undefined clears a filter. */
  change(values: V, patch: Partial<V>): V;
  /** Whether any filter narrows the list (for the empty state's wording). */
  isFiltered(values: V): boolean;
  /** This list's parameter names. */
  readonly params: readonly string[];
}

/** The reader and writer of a list's URL parameters from its fields. */
export function defineListParams<S extends Fields>(fields: S, options: ListParamsOptions<Values<S>> = {}): ListParams<Values<S>> {
  type V = Values<S>;
  const pageParam = options.pageParam ?? 'page';
  const sizeParam = options.sizeParam ?? 'size';
  const entries = Object.entries(fields) as [string, Field<unknown>][];
  const nameOf = (key: string, f: Field<unknown>) => f.param ?? key;
  const own = [...entries.map(([k, f]) => nameOf(k, f)), pageParam, sizeParam];
  const defaults: Record<string, unknown> = Object.fromEntries(entries.map(([k, f]) => [k, f.parse(null)]));

  const read = (params: URLSearchParams): V => {
    const size = positiveInt(params.get(sizeParam));
    const out: Record<string, unknown> = {
      page: positiveInt(params.get(pageParam)) ?? 1,
      size: size !== undefined && (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
    };
    for (const [k, f] of entries) {
      const v = f.parse(params.get(nameOf(k, f)));
      if (v !== undefined) out[k] = v;
    }
    const values = out as V;
    return options.normalize ? options.normalize(values) : values;
  };

  const write = (values: V, base: URLSearchParams = new URLSearchParams()): URLSearchParams => {
    const out = new URLSearchParams();
    for (const [k, v] of base) if (!own.includes(k)) out.append(k, v);
    const rec = values as Record<string, unknown>;
    for (const [k, f] of entries) {
      const s = f.format(rec[k]);
      if (s !== undefined) out.set(nameOf(k, f), s);
    }
    options.finish?.(out, values);
    if (values.page !== 1) out.set(pageParam, String(values.page));
    if (values.size !== DEFAULT_PAGE_SIZE) out.set(sizeParam, String(values.size));
    return out;
  };

  const change = (values: V, patch: Partial<V>): V => {
    const next: Record<string, unknown> = { ...values, ...patch };
    for (const k of Object.keys(patch)) if (next[k] === undefined) delete next[k];
    const prev = values as Record<string, unknown>;
    const changed = Object.entries(patch).some(([k, v]) => k !== 'page' && v !== prev[k]);
    if (changed && !('page' in patch)) next.page = 1;
    return next as V;
  };

  const isFiltered = (values: V) => {
    const rec = values as Record<string, unknown>;
    return entries.some(([k]) => rec[k] !== undefined && rec[k] !== defaults[k]);
  };

  return { read, write, change, isFiltered, params: own };
}

/** The filters type of a list's parameters. */
export type ListValues<L> = L extends ListParams<infer V> ? V : never;
