import {
  CUSTOM_INPUT_TYPES,
  type CustomInputType,
  FIELD_OPTIONS_MAX,
  LABEL_PART_MAX,
  NAME_PART_MAX,
  Status,
  splitLabel,
  type VisitorField,
} from '@openvisit/contract';
import { App, Checkbox, Flex, Form, Input, Modal, Radio, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../platform/apiError';
import { useLabel } from '../../../platform/i18n';
import { displayError } from '../../../platform/notify';
import { useAddField, useUpdateField } from '../api';
import { placeFieldErrors, useRegistrationRules } from '../rules';
import { fromItem, type LabelItem, LabelList, toItem } from './LabelList';

interface Values {
  nameZh: string;
  nameEn: string;
  inputType: CustomInputType;
  options: LabelItem[];
  placeholderZh?: string;
  placeholderEn?: string;
  shown: boolean;
  required: boolean;
}

function initial(field: VisitorField | null): Values {
  if (!field) return { nameZh: '', nameEn: '', inputType: 'text', options: [], placeholderZh: '', placeholderEn: '', shown: true, required: false };
  const name = splitLabel(field.displayName);
  const hint = field.placeholder ? toItem(field.placeholder) : { zh: '', en: '' };
  return {
    nameZh: name.zh,
    nameEn: name.en,
    inputType: (field.standard ? 'text' : field.inputType) as CustomInputType,
    options: field.inputValue.map((o) => toItem(o)),
    placeholderZh: hint.zh,
    placeholderEn: hint.en,
    shown: true,
    required: false,
  };
}

/**
 * Add a custom field (text, date or a choice with options), shown and maybe required for the visitor type it is
 * added from; or edit a field: a standard one keeps its kind, only its names and hint change.
 */
export function FieldModal({
  open,
  field,
  type,
  onClose,
}: {
  open: boolean;
  field: VisitorField | null;
  /** The visitor type the field is added from (tid and its name). */
  type: { tid: number; name: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const label = useLabel();
  const rules = useRegistrationRules();
  const add = useAddField();
  const update = useUpdateField();
  const [form] = Form.useForm<Values>();
  const inputType = Form.useWatch('inputType', form);
  const shown = Form.useWatch('shown', form);
  const options = Form.useWatch('options', form) as LabelItem[] | undefined;
  const [optionsMissing, setOptionsMissing] = useState(false);
  const standard = field?.standard ?? false;

  const submit = async (v: Values) => {
    // A choice needs options (the list's own rule runs only once it has been edited).
    if (!standard && v.inputType === 'button' && !(v.options ?? []).length) {
      setOptionsMissing(true);
      return;
    }
    const hintZh = v.placeholderZh?.trim() ?? '';
    const placeholder = hintZh ? fromItem({ zh: hintZh, en: v.placeholderEn }) : '';
    const displayName = `${v.nameZh.trim()}#${v.nameEn.trim()}`;
    try {
      if (field) {
        await update.mutateAsync({
          eid: field.eid,
          displayName,
          placeholder: v.inputType === 'date' && !standard ? '' : placeholder,
          ...(!standard && { inputType: v.inputType, inputValue: v.inputType === 'button' ? (v.options ?? []).map(fromItem) : [] }),
        });
        void message.success(t('registration.fields.saved'));
      } else {
        await add.mutateAsync({
          displayName,
          inputType: v.inputType,
          inputValue: v.inputType === 'button' ? (v.options ?? []).map(fromItem) : [],
          placeholder: v.inputType === 'date' ? '' : placeholder,
          types: type && v.shown ? [{ tid: type.tid, required: !!v.required }] : [],
        });
        void message.success(t('registration.fields.added'));
      }
      onClose();
    } catch (err) {
      if (err instanceof ApiError && !err.isTransport && err.status === Status.ALREADY_EXISTS) {
        form.setFields([{ name: 'nameZh', errors: [t('registration.fields.taken')] }]);
        return;
      }
      const where = (f: string): (string | number)[] | null => {
        if (f === 'displayName') return ['nameZh'];
        if (f === 'placeholder') return ['placeholderZh'];
        if (f === 'inputValue') return ['options'];
        const item = /^inputValue\.(\d+)/.exec(f);
        return item ? ['options', Number(item[1]), 'zh'] : null;
      };
      if (!placeFieldErrors(form, err, t, where) && err instanceof ApiError) displayError(err);
    }
  };

  return (
    <Modal
      open={open}
      destroyOnHidden
      width={640}
      title={field ? t('registration.fields.editTitle') : t('registration.fields.addTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={add.isPending || update.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      data-testid="field-modal"
    >
      <Form form={form} layout="vertical" name="field" initialValues={initial(field)} onFinish={submit} preserve={false}>
        <Flex gap={16} wrap>
          <Form.Item label={t('registration.fields.nameZh')} name="nameZh" rules={rules.namePart()} style={{ flex: 1, minWidth: 200 }}>
            <Input maxLength={NAME_PART_MAX} data-testid="field-name-zh" />
          </Form.Item>
          <Form.Item label={t('registration.fields.nameEn')} name="nameEn" rules={rules.namePart()} style={{ flex: 1, minWidth: 200 }}>
            <Input maxLength={NAME_PART_MAX} data-testid="field-name-en" />
          </Form.Item>
        </Flex>
        {standard ? null : (
          <Form.Item label={t('registration.fields.inputType')} name="inputType">
            <Radio.Group
              optionType="button"
              buttonStyle="solid"
              options={CUSTOM_INPUT_TYPES.map((v) => ({ value: v, label: label('inputType', v) }))}
              data-testid="field-input-type"
            />
          </Form.Item>
        )}
        {!standard && inputType === 'button' ? (
          <Form.Item label={t('registration.fields.options')} extra={t('registration.fields.optionsHelp')} required>
            <LabelList name="options" addText={t('registration.fields.optionAdd')} max={FIELD_OPTIONS_MAX} required testId="field-options" />
            {optionsMissing && !options?.length ? (
              <Typography.Text type="danger" role="alert" data-testid="field-options-missing">
                {t('validation.required')}
              </Typography.Text>
            ) : null}
          </Form.Item>
        ) : null}
        {standard || inputType !== 'date' ? (
          <Flex gap={16} wrap>
            <Form.Item
              label={t('registration.fields.placeholderZh')}
              name="placeholderZh"
              rules={rules.labelPart({ optional: true })}
              extra={t('registration.fields.placeholderHelp')}
              style={{ flex: 1, minWidth: 200 }}
            >
              <Input maxLength={LABEL_PART_MAX} data-testid="field-placeholder-zh" />
            </Form.Item>
            <Form.Item
              label={t('registration.fields.placeholderEn')}
              name="placeholderEn"
              rules={rules.labelPart({ optional: true })}
              style={{ flex: 1, minWidth: 200 }}
            >
              <Input maxLength={LABEL_PART_MAX} data-testid="field-placeholder-en" />
            </Form.Item>
          </Flex>
        ) : null}
        {!field && type ? (
          <Flex gap={24}>
            <Form.Item name="shown" valuePropName="checked" style={{ marginBottom: 0 }}>
              <Checkbox data-testid="field-shown">{t('registration.fields.showInType', { type: type.name })}</Checkbox>
            </Form.Item>
            <Form.Item name="required" valuePropName="checked" style={{ marginBottom: 0 }}>
              <Checkbox disabled={!shown} data-testid="field-required">
                {t('registration.fields.requiredInType', { type: type.name })}
              </Checkbox>
            </Form.Item>
          </Flex>
        ) : null}
      </Form>
    </Modal>
  );
}
