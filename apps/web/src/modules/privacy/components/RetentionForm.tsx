import {
  checkAgainstRecord,
  checkRetentionDays,
  RETENTION_DAYS,
  RETENTION_KINDS,
  type RetentionKind,
  type RetentionOverrides,
  type RetentionRules,
} from '@openvisit/contract';
import { Button, Form, InputNumber, Typography } from 'antd';
import type { RuleObject } from 'antd/es/form';
import { useTranslation } from 'react-i18next';

type Values = Partial<Record<RetentionKind, number | null>>;

/**
 * The days each kind is kept, one row per kind, checked as typed with the server's rules (`checkRetentionDays`,
 * `checkAgainstRecord`). For the company every kind is required; for a visitor type (`company` given) an empty field
 * follows the company's, shown beside it.
 */
export function RetentionForm(props: {
  /** The form's name: two on one page need their own field ids (labels point at them). */
  name: string;
  initial: RetentionOverrides;
  company?: RetentionRules;
  readOnly: boolean;
  saving: boolean;
  submitText: string;
  onSave: (rules: RetentionOverrides) => void;
  extra?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const forType = props.company !== undefined;
  const recordOf = (get: (k: RetentionKind) => unknown): number => {
    const own = get('visitRecord');
    return typeof own === 'number' ? own : (props.company?.visitRecord ?? 0);
  };
  const rule =
    (kind: RetentionKind) =>
    ({ getFieldValue }: { getFieldValue: (k: RetentionKind) => unknown }): RuleObject => ({
      validator: async (_r, value: number | null | undefined) => {
        if ((value === null || value === undefined) && forType) return;
        const failure = checkRetentionDays(value) ?? checkAgainstRecord(kind, value ?? 0, recordOf(getFieldValue));
        if (failure) throw new Error(t(`privacy.validation.${failure}`));
      },
    });
  const save = (values: Values) => {
    const rules = Object.fromEntries(RETENTION_KINDS.flatMap((k) => (typeof values[k] === 'number' ? [[k, values[k]]] : [])));
    props.onSave(rules);
  };
  return (
    <Form
      form={form}
      name={props.name}
      layout="horizontal"
      labelCol={{ flex: '220px' }}
      labelWrap
      initialValues={props.initial}
      onFinish={save}
      disabled={props.readOnly}
    >
      {RETENTION_KINDS.map((kind) => (
        <Form.Item
          key={kind}
          name={kind}
          label={t(`privacy.kinds.${kind}`)}
          rules={[rule(kind)]}
          dependencies={kind === 'visitRecord' ? [] : ['visitRecord']}
          extra={
            kind === 'visitRecord' || kind === 'faceTemplate' || kind === 'passRecords' || kind === 'deliveryRecords'
              ? t(`privacy.hints.${kind}`)
              : undefined
          }
        >
          <InputNumber
            min={RETENTION_DAYS.min}
            max={RETENTION_DAYS.max}
            precision={0}
            style={{ width: 200 }}
            addonAfter={t('privacy.days')}
            placeholder={props.company ? t('privacy.types.followsCompany', { days: props.company[kind] }) : undefined}
          />
        </Form.Item>
      ))}
      <Typography.Paragraph type="secondary">{t('privacy.atSignOut')}</Typography.Paragraph>
      {props.readOnly ? null : (
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={props.saving}>
            {props.submitText}
          </Button>
          {props.extra}
        </Form.Item>
      )}
    </Form>
  );
}
