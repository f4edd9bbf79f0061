import { API_KEY_AREAS, API_SCIM_SCOPE, grantAreaLabels } from '@openvisit/contract';
import { Checkbox, Radio, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../platform/i18n';

type Level = 'none' | 'read' | 'write';

/** The address an identity provider is given for SCIM provisioning (the server answers it beside the console). */
export const scimBaseUrl = () => `${window.location.origin}/scim/v2`;

/**
 * Each area: none, read, or read and write; then SCIM provisioning. The value is the scopes (`visitors:read`…,
 * `scim`), as the call takes them.
 */
export function ScopePicker({ value = [], onChange, id }: { value?: string[]; onChange?: (v: string[]) => void; id?: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const levelOf = (area: string): Level => (value.includes(`${area}:write`) ? 'write' : value.includes(`${area}:read`) ? 'read' : 'none');
  const set = (area: string, level: Level) => {
    const others = value.filter((s) => !s.startsWith(`${area}:`));
    onChange?.(level === 'none' ? others : [...others, `${area}:${level}`]);
  };
  const scim = value.includes(API_SCIM_SCOPE);
  return (
    <>
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
      <Checkbox
        style={{ marginTop: 12 }}
        checked={scim}
        onChange={(e) => onChange?.(e.target.checked ? [...value, API_SCIM_SCOPE] : value.filter((s) => s !== API_SCIM_SCOPE))}
      >
        {t('apiKeys.form.scim')}
      </Checkbox>
      <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0 24px' }}>
        {t('apiKeys.form.scimHelp', { url: scimBaseUrl() })}
      </Typography.Paragraph>
    </>
  );
}
