import { API_KEY_AREAS, grantAreaLabels } from '@openvisit/contract';
import { Radio, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../platform/i18n';

type Level = 'none' | 'read' | 'write';

/** Each area: none, read, or read and write; the value is the scopes (`visitors:read`…), as the call takes them. */
export function ScopePicker({ value = [], onChange, id }: { value?: string[]; onChange?: (v: string[]) => void; id?: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const levelOf = (area: string): Level => (value.includes(`${area}:write`) ? 'write' : value.includes(`${area}:read`) ? 'read' : 'none');
  const set = (area: string, level: Level) => {
    const others = value.filter((s) => !s.startsWith(`${area}:`));
    onChange?.(level === 'none' ? others : [...others, `${area}:${level}`]);
  };
  return (
    <Table
      id={id}
      size="small"
      rowKey="area"
      pagination={false}
      scroll={{ y: 320 }}
      dataSource={API_KEY_AREAS.map((area) => ({ area }))}
      columns={[
        { key: 'area', title: t('apiKeys.form.scopes'), render: (_v, r) => grantAreaLabels[r.area][lang] },
        {
          key: 'level',
          title: '',
          width: 300,
          render: (_v, r) => (
            <Radio.Group
              size="small"
              optionType="button"
              aria-label={grantAreaLabels[r.area][lang]}
              value={levelOf(r.area)}
              onChange={(e) => set(r.area, e.target.value as Level)}
              options={(['none', 'read', 'write'] as const).map((l) => ({ value: l, label: t(`apiKeys.form.${l}`) }))}
            />
          ),
        },
      ]}
    />
  );
}
