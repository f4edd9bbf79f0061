import { labelIn } from '@openvisit/contract';
import { Col, DatePicker, Form, type FormItemProps, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../platform/i18n';
import type { CustomFieldDefinition } from './values';

type NamePath = NonNullable<FormItemProps['name']>;

/** The longest value a custom text field takes (the server's limit for visitors' and bookings' fields alike). */
export const CUSTOM_TEXT_MAX = 500;

/**
 * One custom field in an antd form, drawn from its definition: its label in the reader's language, a required rule
 * when the field is required, and its control by kind — a day (`date`), a choice of its options (`button`: the option
 * is kept as configured, shown in the reader's language) or text. The console's one renderer of visitor custom fields
 * (the desk's walk-in) and logistics types' fields (the booking forms).
 */
export function CustomFieldItem({ field, name, testId }: { field: CustomFieldDefinition; name: NamePath; testId?: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const rules = field.required ? [{ required: true, message: t('validation.required') }] : [];
  const placeholder = field.placeholder ? labelIn(field.placeholder, lang) || undefined : undefined;
  return (
    <Form.Item label={labelIn(field.displayName, lang)} name={name} rules={rules} data-testid={testId}>
      {field.inputType === 'date' ? (
        <DatePicker style={{ width: '100%' }} placeholder={placeholder} />
      ) : field.inputType === 'button' ? (
        <Select allowClear placeholder={placeholder} options={field.inputValue.map((o) => ({ value: o, label: labelIn(o, lang) }))} />
      ) : (
        <Input maxLength={CUSTOM_TEXT_MAX} placeholder={placeholder} />
      )}
    </Form.Item>
  );
}

/** A group of custom fields in a grid row's columns (half the width from small screens up), keyed by `name(field)`. */
export function CustomFieldCols({
  fields,
  name,
  testId,
}: {
  fields: readonly CustomFieldDefinition[];
  name: (f: CustomFieldDefinition) => NamePath;
  testId?: (f: CustomFieldDefinition) => string;
}) {
  return (
    <>
      {fields.map((f) => (
        <Col xs={24} sm={12} key={f.fieldName}>
          <CustomFieldItem field={f} name={name(f)} testId={testId?.(f)} />
        </Col>
      ))}
    </>
  );
}
