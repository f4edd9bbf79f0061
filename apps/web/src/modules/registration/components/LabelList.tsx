import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { joinLabel, LABEL_PART_MAX, splitLabel } from '@openvisit/contract';
import { Button, Checkbox, Flex, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRegistrationRules } from '../rules';

/** One item of a bilingual list as the form holds it. */
export interface LabelItem {
  zh: string;
  en?: string;
  selected?: boolean;
}

/** '中文#English' (or one name) → the form's item. */
export function toItem(label: string, selected?: boolean): LabelItem {
  const { zh, en } = splitLabel(label);
  return { zh, en: en === zh ? '' : en, ...(selected !== undefined && { selected }) };
}

/** The form's item → the wire label: 'zh#en', or one name when English is empty or the same. */
export function fromItem(item: LabelItem): string {
  return joinLabel(item.zh ?? '', item.en ?? '');
}

/**
 * A list of bilingual labels (reasons, sub-types, options): Chinese required, English optional, each part checked
 * as typed with the contract's rule; `selectable` adds the "pre-selected" tick of a sub-type.
 */
export function LabelList({
  name,
  addText,
  max,
  selectable,
  required,
  testId,
}: {
  name: string;
  addText: string;
  max: number;
  selectable?: boolean;
  /** At least one item (a choice's options). */
  required?: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  const rules = useRegistrationRules();
  return (
    <Form.List
      name={name}
      rules={
        required
          ? [
              {
                validator: async (_rule, items: LabelItem[] | undefined) => {
                  if (!items?.length) throw new Error(t('validation.required'));
                },
              },
            ]
          : []
      }
    >
      {(fields, { add, remove }, { errors }) => (
        <Flex vertical gap={8} data-testid={testId}>
          {fields.map((field, i) => (
            <Flex key={field.key} gap={8} align="flex-start">
              <Form.Item
                name={[field.name, 'zh']}
                rules={[
                  ...rules.labelPart(),
                  ({ getFieldValue }) => ({
                    // The same label twice is refused by the server too.
                    validator: async () => {
                      const items = (getFieldValue(name) ?? []) as LabelItem[];
                      const mine = fromItem(items[field.name] ?? { zh: '' }).toLowerCase();
                      if (mine && items.slice(0, field.name).some((x) => fromItem(x ?? { zh: '' }).toLowerCase() === mine))
                        throw new Error(t('registration.errors.duplicate'));
                    },
                  }),
                ]}
                dependencies={[[name]]}
                style={{ flex: 1, marginBottom: 0 }}
              >
                <Input
                  placeholder={t('registration.types.zh')}
                  maxLength={LABEL_PART_MAX}
                  aria-label={`${addText} ${i + 1} ${t('registration.types.zh')}`}
                />
              </Form.Item>
              <Form.Item name={[field.name, 'en']} rules={rules.labelPart({ optional: true })} style={{ flex: 1, marginBottom: 0 }}>
                <Input
                  placeholder={t('registration.types.enOptional')}
                  maxLength={LABEL_PART_MAX}
                  aria-label={`${addText} ${i + 1} ${t('registration.types.en')}`}
                />
              </Form.Item>
              {selectable ? (
                <Form.Item name={[field.name, 'selected']} valuePropName="checked" style={{ marginBottom: 0, paddingTop: 5 }}>
                  <Checkbox>{t('registration.types.selected')}</Checkbox>
                </Form.Item>
              ) : null}
              <Button
                type="text"
                icon={<DeleteOutlined />}
                aria-label={`${t('registration.types.remove')} ${i + 1}`}
                onClick={() => remove(field.name)}
              />
            </Flex>
          ))}
          {fields.length < max ? (
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ zh: '', en: '' })} style={{ alignSelf: 'flex-start' }}>
              {addText}
            </Button>
          ) : null}
          <Form.ErrorList errors={errors} />
        </Flex>
      )}
    </Form.List>
  );
}
