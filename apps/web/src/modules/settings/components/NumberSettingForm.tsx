import { BASIC_LIMITS, type BasicLimit, checkBasicNumber } from '@openvisit/contract';
import { App, Button, Flex, Form, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { type BasicWrite, useBasicWrite } from '../../../core/company/public';
import { showWriteError } from '../api';

export interface NumberField {
  name: string;
  limit: BasicLimit;
  unit: 'minutes' | 'hours' | 'times';
  label: string;
  help?: string;
}

/** The message of a basic-settings rule, with the field's range. */
export function useBasicRuleText() {
  const { t } = useTranslation();
  return (rule: string, limit?: BasicLimit) => {
    if (rule === 'range' && limit) return t('settings.baseset.rules.range', BASIC_LIMITS[limit]);
    if (rule === 'required' || rule === 'format' || rule === 'beforeUpDuty') return t(`settings.baseset.rules.${rule}`);
    return t('settings.baseset.rules.other');
  };
}

/** Whole numbers with their units, checked as typed with the contract's ranges, saved together by one call. */
export function NumberSettingForm({
  id,
  fields,
  values,
  toWrite,
}: {
  id: string;
  fields: readonly NumberField[];
  values: Record<string, number>;
  toWrite: (v: Record<string, number>) => BasicWrite;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const text = useBasicRuleText();
  const write = useBasicWrite();
  const [form] = Form.useForm<Record<string, number>>();
  const limitOf = (name: string) => fields.find((f) => f.name === name)?.limit;

  const submit = async (v: Record<string, number>) => {
    try {
      await write.mutateAsync(toWrite(v));
      void message.success(t('settings.baseset.saved'));
    } catch (err) {
      showWriteError(form, err, (rule, field) => text(rule, limitOf(field)));
    }
  };

  return (
    <Form form={form} layout="vertical" name={id} initialValues={values} onFinish={submit} data-testid={`form-${id}`}>
      <Flex gap={16} wrap align="flex-start">
        {fields.map((f) => (
          <Form.Item
            key={f.name}
            name={f.name}
            label={f.label}
            extra={f.help}
            rules={[
              {
                validator: async (_r, value: unknown) => {
                  const n = value === null || value === undefined || value === '' ? null : Number(value);
                  const failure = checkBasicNumber(f.limit, n);
                  if (failure) throw new Error(text(failure, f.limit));
                },
              },
            ]}
          >
            <InputNumber style={{ width: 180 }} suffix={t(`settings.baseset.units.${f.unit}`)} data-testid={`input-${f.name}`} aria-label={f.label} />
          </Form.Item>
        ))}
        <Form.Item label=" ">
          <Button htmlType="submit" loading={write.isPending} data-testid={`save-${id}`}>
            {t('settings.baseset.save')}
          </Button>
        </Form.Item>
      </Flex>
    </Form>
  );
}
