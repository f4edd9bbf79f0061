import { type PersonRecord, personFieldLabel, personFieldText, personSourceLabels } from '@openvisit/contract';
import { Descriptions, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../platform/format';
import { useLang } from '../../../platform/i18n';

/** A person's records, each expanding to its fields in the reader's language: the administrator's and the person's own view. */
export function PersonRecordsTable({ records }: { records: readonly PersonRecord[] }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <Table<PersonRecord>
      rowKey={(r) => `${r.source}:${r.id}`}
      size="small"
      pagination={false}
      dataSource={[...records]}
      expandable={{
        expandedRowRender: (r) => (
          <Descriptions size="small" column={2} bordered>
            {Object.entries(r.fields).map(([f, v]) => (
              <Descriptions.Item key={f} label={personFieldLabel(f, lang)}>
                {personFieldText(f, v, lang)}
              </Descriptions.Item>
            ))}
          </Descriptions>
        ),
      }}
      columns={[
        { key: 'source', title: t('privacy.people.source'), render: (_, r) => personSourceLabels[r.source][lang] },
        { key: 'at', title: t('privacy.people.when'), render: (_, r) => (r.at === null ? '' : formatDateTime(r.at)) },
        {
          key: 'who',
          title: t('privacy.people.details'),
          render: (_, r) =>
            ['name', 'phone', 'email', 'idNumber', 'driverName', 'to', 'title', 'status']
              .map((f) => (r.fields[f] ? personFieldText(f, r.fields[f], lang) : ''))
              .filter(Boolean)
              .join(' · '),
        },
        { key: 'files', title: t('privacy.people.files'), align: 'right', render: (_, r) => r.files || '' },
      ]}
    />
  );
}
