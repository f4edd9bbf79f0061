import { VISIT_KINDS, type VisitKind, type VisitorStatus, visitorStatusLabels, visitTypeText } from '@openvisit/contract';
import { Input, Select, Space, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLabel, useLang } from '../../platform/i18n';
import { useGates, useVisitorTypes } from '../sites/public';
import type { VisitFilters } from './query';

const STATUSES = Object.keys(visitorStatusLabels) as VisitorStatus[];
const TEXT_FILTERS = ['name', 'phone', 'company', 'host'] as const;

/**
 * The visitor list's filters but the dates (the visitor list, the overtime query and the visitor report), as a
 * fragment for the page's filter row: text searches, status, visitor type, gate, kind and "on site".
 */
export function VisitFilterBar({
  filters,
  apply,
  overtime = false,
}: {
  filters: VisitFilters;
  apply: (patch: Partial<VisitFilters>) => void;
  overtime?: boolean;
}) {
  const { t } = useTranslation();
  const label = useLabel();
  const lang = useLang();
  const types = useVisitorTypes();
  const gates = useGates();
  const [text, setText] = useState<Record<(typeof TEXT_FILTERS)[number], string>>({
    name: filters.name,
    phone: filters.phone,
    company: filters.company,
    host: filters.host,
  });

  // The boxes follow the URL (back/forward, "clear filters").
  useEffect(
    () => setText({ name: filters.name, phone: filters.phone, company: filters.company, host: filters.host }),
    [filters.name, filters.phone, filters.company, filters.host],
  );

  return (
    <>
      {TEXT_FILTERS.map((k) => (
        <Input.Search
          key={k}
          style={{ width: 170 }}
          allowClear
          placeholder={t(`visits.filters.${k}`)}
          aria-label={t(`visits.filters.${k}`)}
          value={text[k]}
          onChange={(e) => {
            setText((s) => ({ ...s, [k]: e.target.value }));
            if (!e.target.value && filters[k]) apply({ [k]: '' });
          }}
          onSearch={(v) => apply({ [k]: v.trim() })}
        />
      ))}
      {!overtime && (
        <Select
          style={{ width: 150 }}
          aria-label={t('visits.filters.status')}
          value={filters.status ?? ''}
          onChange={(v: VisitorStatus | '') => apply({ status: v || undefined })}
          options={[{ value: '', label: t('visits.filters.allStatuses') }, ...STATUSES.map((s) => ({ value: s, label: label('visitorStatus', s) }))]}
        />
      )}
      <Select
        style={{ width: 150 }}
        aria-label={t('visits.filters.type')}
        value={filters.tid ?? 0}
        loading={types.isPending}
        onChange={(v: number) => apply({ tid: v || undefined })}
        options={[
          { value: 0, label: t('visits.filters.allTypes') },
          ...(types.data ?? []).map((x) => ({ value: x.tid, label: visitTypeText(x.vType, lang) })),
        ]}
      />
      {gates.data?.length ? (
        <Select
          style={{ width: 150 }}
          aria-label={t('visits.filters.gate')}
          value={filters.gid ?? 0}
          onChange={(v: number) => apply({ gid: v || undefined })}
          options={[{ value: 0, label: t('visits.filters.allGates') }, ...gates.data.map((g) => ({ value: g.gid, label: g.gname }))]}
        />
      ) : null}
      <Select
        style={{ width: 140 }}
        aria-label={t('visits.filters.kind')}
        value={filters.kind ?? ''}
        onChange={(v: VisitKind | '') => apply({ kind: v || undefined })}
        options={[{ value: '', label: t('visits.filters.allKinds') }, ...VISIT_KINDS.map((k) => ({ value: k, label: t(`visits.kinds.${k}`) }))]}
      />
      {!overtime && (
        <Space>
          <Switch checked={filters.onSite} onChange={(on) => apply({ onSite: on })} aria-label={t('visits.filters.onSite')} />
          <Typography.Text>{t('visits.filters.onSite')}</Typography.Text>
        </Space>
      )}
    </>
  );
}
