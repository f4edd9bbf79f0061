import { DownloadOutlined } from '@ant-design/icons';
import { type DownloadDef, type DownloadInput, type LookupName, passOutcome, statusInfo } from '@openvisit/contract';
import { App, Button, DatePicker, Select, Tag, Tooltip } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../../platform/api';
import { DAY_FORMAT } from '../../../platform/format';
import { currentLang, useLabel, useLang } from '../../../platform/i18n';
import { CellText } from '../../../platform/list';
import { RESULTS } from '../query';

const ALL = 'all';

/** A filter select whose first option, "all", clears it. */
export function FilterSelect<V extends string | number>(props: {
  label: string;
  allLabel: string;
  value: V | undefined;
  options: readonly { value: V; label: string }[];
  onChange: (v: V | undefined) => void;
  width?: number;
}) {
  return (
    <Select<V | typeof ALL>
      aria-label={props.label}
      style={{ minWidth: props.width ?? 130 }}
      popupMatchSelectWidth={false}
      value={props.value ?? ALL}
      onChange={(v) => props.onChange(v === ALL ? undefined : (v as V))}
      options={[{ value: ALL, label: props.allLabel }, ...props.options]}
    />
  );
}

/** Options of a contract lookup, in the console language. */
export function useLookupOptions<V extends string | number>(name: LookupName, values: readonly V[]) {
  const label = useLabel();
  return values.map((value) => ({ value, label: label(name, value) }));
}

/** The record results' options: success, failure, unknown. */
export function useResultOptions() {
  const label = useLabel();
  return RESULTS.map((value) => ({ value, label: label('recordResult', value === 1 ? 'success' : value === 0 ? 'failure' : 'unknown') }));
}

/** The days of a list, both ends included, none in the future. */
export function DaysFilter(props: { from?: string; to?: string; onChange: (from?: string, to?: string) => void }) {
  const { t } = useTranslation();
  return (
    <DatePicker.RangePicker
      aria-label={t('passRecords.filters.dates')}
      allowEmpty={[true, true]}
      value={[props.from ? dayjs(props.from, DAY_FORMAT) : null, props.to ? dayjs(props.to, DAY_FORMAT) : null]}
      onChange={(range) => props.onChange(range?.[0]?.format(DAY_FORMAT), range?.[1]?.format(DAY_FORMAT))}
      placeholder={[t('passRecords.filters.from'), t('passRecords.filters.to')]}
      disabledDate={(d) => d.isAfter(dayjs(), 'day')}
    />
  );
}

/** The result column: the longest tag ("Unknown error") with room to spare; the reason under it is cut to fit. */
export const RESULT_WIDTH = 160;

const RESULT_COLORS: Record<number, string> = { 1: 'green', 0: 'red', 2: 'orange' };

/**
 * Success, refused, error or unknown; a refusal says by which schedule (where its hours refused) in the tag and its
 * catalogued reason under it (the guard's first question).
 */
export function ResultTag({ result, code, schedule }: { result: number; code: number; schedule?: string }) {
  const lang = useLang();
  const text = passOutcome({ result, code, schedule }, lang);
  const info = code ? statusInfo(code) : undefined;
  const tag = <Tag color={RESULT_COLORS[result] ?? 'default'}>{text}</Tag>;
  if (!code) return tag;
  return (
    <>
      <Tooltip title={schedule ? `${text} · ${code}` : String(code)}>{tag}</Tooltip>
      {info ? <CellText secondary>{info[lang]}</CellText> : null}
    </>
  );
}

/** Downloads exactly what the list shows, in the console language. */
export function ExportButton<D extends DownloadDef>({ def, input }: { def: D; input: Omit<DownloadInput<D>, 'lang'> }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await downloadFile(def, { ...input, lang: currentLang() } as DownloadInput<D>);
      void message.success(t('passRecords.exported'));
    } catch {
      // shown by the error policy
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined />} loading={busy} onClick={() => void run()}>
      {t('passRecords.export')}
    </Button>
  );
}
