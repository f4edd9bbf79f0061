import { ReloadOutlined } from '@ant-design/icons';
import type { DownloadDef, DownloadInput } from '@openvisit/contract';
import { Button, Flex, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { type ListQuery, ListSearch, type Paging } from '../../../platform/list';
import { DaysFilter, ExportButton, FilterSelect } from './RecordBits';

/** What every records list filters by besides its own: an inclusive day range. */
type DayRange = { from?: string; to?: string };
type Key<F> = Extract<keyof F, string>;

/** The filters of one records screen: its text search (a text field of the list) and its selects ("all" clears each). */
export interface RecordFilterSpec<F> {
  search: { key: Key<F>; label: string; maxLength?: number; width?: number };
  selects: { key: Key<F>; label: string; allLabel: string; options: readonly { value: string | number; label: string }[] }[];
}

/** The change that clears every filter of `spec` (paging size kept; the list goes back to page 1). */
export function clearPatch<F extends DayRange>(spec: RecordFilterSpec<F>): Partial<F> {
  const patch: Record<string, unknown> = { [spec.search.key]: '', from: undefined, to: undefined };
  for (const s of spec.selects) patch[s.key] = undefined;
  return patch as Partial<F>;
}

/**
 * The filter bar of the records screens: the search, the selects and the days, each applied at once and kept in the
 * URL (the list's `useListQuery`), and a "clear filters" link while any narrows the list.
 */
export function RecordFilters<F extends DayRange & Paging>({ query, spec }: { query: ListQuery<F>; spec: RecordFilterSpec<F> }) {
  const { t } = useTranslation();
  const values = query.values as F & Record<string, unknown>;
  const apply = (patch: Record<string, unknown>) => query.set(patch as Partial<F>);
  const { search } = spec;
  return (
    <Flex gap={8} wrap style={{ marginBottom: 16 }} role="search" aria-label={t('passRecords.filters.label')}>
      <ListSearch
        label={search.label}
        value={String(values[search.key] ?? '')}
        maxLength={search.maxLength}
        width={search.width}
        onSearch={(v) => apply({ [search.key]: v })}
      />
      {spec.selects.map((s) => (
        <FilterSelect<string | number>
          key={s.key}
          label={s.label}
          allLabel={s.allLabel}
          value={values[s.key] as string | number | undefined}
          options={s.options}
          onChange={(v) => apply({ [s.key]: v })}
        />
      ))}
      <DaysFilter from={values.from} to={values.to} onChange={(from, to) => apply({ from, to })} />
      {query.filtered ? (
        <Button type="link" onClick={() => query.set(clearPatch(spec))}>
          {t('passRecords.clearFilters')}
        </Button>
      ) : null}
    </Flex>
  );
}

/** The records screens' header actions: export exactly what the list shows, and refresh it. */
export function RecordActions<D extends DownloadDef>(props: {
  def: D;
  input: Omit<DownloadInput<D>, 'lang'>;
  refresh: () => void;
  refreshing: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Space>
      <ExportButton def={props.def} input={props.input} />
      <Button icon={<ReloadOutlined />} onClick={props.refresh} loading={props.refreshing}>
        {t('common.refresh')}
      </Button>
    </Space>
  );
}
