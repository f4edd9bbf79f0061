import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { POLICY_CONDITIONS_MAX, type PolicyCondition, type PolicyConditionField, REQUEST_KINDS, TIME_CONDITIONS } from '@openvisit/contract';
import { Button, Checkbox, Flex, Form, Input, InputNumber, Select, TreeSelect, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { deptOptions } from '../../../core/people/public';
import { newCondition, offered } from './policyDraft';
import type { PolicyLookups } from './policyText';

type ErrorAt = (path: string, under?: boolean) => string | undefined;

/** A multiple choice (request kinds; visitor types, gates, sub-companies by id). */
function IdsSelect<T extends string | number>({
  label,
  value,
  options,
  loading = false,
  onChange,
}: {
  label: string;
  value: T[];
  options: { value: T; label: string }[];
  loading?: boolean;
  onChange: (v: T[]) => void;
}) {
  return (
    <Select
      mode="multiple"
      loading={loading}
      aria-label={label}
      style={{ minWidth: 240 }}
      value={value}
      options={options}
      optionFilterProp="label"
      onChange={onChange}
    />
  );
}

/** A list of free texts, typed and ended with Enter (ID types, a custom field's values). */
function TextsSelect({ label, value, onChange }: { label: string; value: string[]; onChange: (v: string[]) => void }) {
  return <Select mode="tags" open={false} aria-label={label} placeholder={label} style={{ minWidth: 220 }} value={value} onChange={onChange} />;
}

/** The value input of one condition: the right control for its field. */
function ConditionValue({
  c,
  n,
  onChange,
  lookups,
}: {
  c: PolicyCondition;
  n: number;
  onChange: (c: PolicyCondition) => void;
  lookups: PolicyLookups;
}) {
  const { t } = useTranslation();
  const label = t('approvals.editor.values', { n });
  const kinds = REQUEST_KINDS.map((k) => ({ value: k, label: t(`approvals.kind.${k}`) }));
  switch (c.field) {
    case 'kind':
      return <IdsSelect label={label} value={c.in} options={kinds} onChange={(v) => onChange({ ...c, in: v })} />;
    case 'visitType':
    case 'gate':
    case 'subCompany':
      return (
        <IdsSelect
          label={label}
          loading={lookups.loading}
          value={c.in}
          options={lookups.options[c.field]}
          onChange={(v) => onChange({ ...c, in: v })}
        />
      );
    case 'hostDepartment':
      return (
        <TreeSelect
          multiple
          treeDefaultExpandAll
          aria-label={label}
          style={{ minWidth: 240 }}
          value={c.in}
          treeData={deptOptions(lookups.departments)}
          onChange={(v: number[]) => onChange({ ...c, in: v })}
        />
      );
    case 'time':
      return (
        <Select
          aria-label={label}
          style={{ minWidth: 200 }}
          value={c.is}
          options={TIME_CONDITIONS.map((k) => ({ value: k, label: t(`approvals.cond.time.${k}`) }))}
          onChange={(is) => onChange({ ...c, is })}
        />
      );
    case 'stay':
      return (
        <InputNumber
          aria-label={t('approvals.editor.hours', { n })}
          min={0}
          value={c.atLeastHours}
          onChange={(v) => onChange({ ...c, atLeastHours: v ?? 0 })}
        />
      );
    case 'companions':
    case 'onSite':
      return (
        <InputNumber
          aria-label={t('approvals.editor.count', { n })}
          min={c.field === 'onSite' ? 1 : 0}
          precision={0}
          value={c.atLeast}
          onChange={(v) => onChange({ ...c, atLeast: v ?? 0 })}
        />
      );
    case 'idType':
      return <TextsSelect label={label} value={c.in} onChange={(v) => onChange({ ...c, in: v })} />;
    case 'custom':
      return (
        <Flex gap={8} wrap>
          <Input
            aria-label={t('approvals.editor.customName', { n })}
            style={{ width: 160 }}
            value={c.name}
            maxLength={50}
            onChange={(e) => onChange({ ...c, name: e.target.value })}
          />
          <TextsSelect label={t('approvals.editor.customValues', { n })} value={c.in} onChange={(v) => onChange({ ...c, in: v })} />
        </Flex>
      );
    default:
      // A watchlist near-match has no value.
      return null;
  }
}

/** The conditions of a policy: one row each (field, not, values), added and removed; none on the default policy. */
export function ConditionsSection({
  conditions,
  isDefault,
  onChange,
  errorAt,
  lookups,
}: {
  conditions: PolicyCondition[];
  isDefault: boolean;
  onChange: (list: PolicyCondition[], touched: string) => void;
  errorAt: ErrorAt;
  lookups: PolicyLookups;
}) {
  const { t } = useTranslation();
  if (isDefault && !conditions.length)
    return <Typography.Paragraph type="secondary">{t('approvals.editor.defaultNoConditions')}</Typography.Paragraph>;
  const set = (i: number, c: PolicyCondition) =>
    onChange(
      conditions.map((x, j) => (j === i ? c : x)),
      `conditions.${i}`,
    );
  return (
    <Flex vertical gap={8}>
      <Typography.Text type="secondary">{t('approvals.editor.conditionsHelp')}</Typography.Text>
      {conditions.map((c, i) => {
        const n = i + 1;
        const error = errorAt(`conditions.${i}`, true);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id; a removed row re-renders the ones after it
          <Form.Item key={i} style={{ marginBottom: 0 }} validateStatus={error ? 'error' : undefined} help={error}>
            <Flex gap={8} align="center" wrap>
              <Select<PolicyConditionField>
                aria-label={t('approvals.editor.field', { n })}
                style={{ width: 200 }}
                value={c.field}
                options={offered.conditions(lookups.own).map((f) => ({ value: f, label: t(`approvals.cond.field.${f}`) }))}
                onChange={(f) => set(i, newCondition(f, c.not))}
              />
              <Checkbox aria-label={t('approvals.editor.notLabel', { n })} checked={c.not} onChange={(e) => set(i, { ...c, not: e.target.checked })}>
                {t('approvals.editor.not')}
              </Checkbox>
              <ConditionValue c={c} n={n} lookups={lookups} onChange={(next) => set(i, next)} />
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('approvals.editor.removeCondition', { n })}
                onClick={() =>
                  onChange(
                    conditions.filter((_, j) => j !== i),
                    'conditions',
                  )
                }
              />
            </Flex>
          </Form.Item>
        );
      })}
      {errorAt('conditions') ? <Typography.Text type="danger">{errorAt('conditions')}</Typography.Text> : null}
      {!isDefault && conditions.length < POLICY_CONDITIONS_MAX ? (
        <Button
          type="dashed"
          size="small"
          icon={<PlusOutlined />}
          style={{ alignSelf: 'flex-start' }}
          onClick={() => onChange([...conditions, newCondition('kind')], `conditions.${conditions.length}`)}
        >
          {t('approvals.editor.addCondition')}
        </Button>
      ) : null}
    </Flex>
  );
}
