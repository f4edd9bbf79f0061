import { NAME_PART_MAX, POV_DAYS, REASONS_MAX, Status, SUB_TYPES_MAX, splitLabel, type VisitorType } from '@openvisit/contract';
import { Flex, Form, type FormInstance, Input, InputNumber, Select } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useGates } from '../../../core/sites/public';
import { ApiError } from '../../../platform/apiError';
import { displayError } from '../../../platform/notify';
import { placeFieldErrors, useRegistrationRules } from '../rules';
import { fromItem, type LabelItem, LabelList, toItem } from './LabelList';

export interface TypeValues {
  nameZh: string;
  nameEn: string;
  povDays: number;
  gids: number[];
  reasons: LabelItem[];
  subTypes: LabelItem[];
}

export function typeValues(type: VisitorType | null): TypeValues {
  if (!type) return { nameZh: '', nameEn: '', povDays: 1, gids: [], reasons: [], subTypes: [] };
  const { zh, en } = splitLabel(type.vType);
  return {
    nameZh: zh,
    nameEn: en,
    povDays: type.povDays,
    gids: type.gids,
    reasons: type.reasons.map((r) => toItem(r)),
    subTypes: type.subTypes.map((s) => toItem(s.name, s.selected)),
  };
}

/** The wire input of the form's values. */
export function typeInput(v: TypeValues) {
  return {
    vType: `${v.nameZh.trim()}#${v.nameEn.trim()}`,
    povDays: v.povDays,
    gids: v.gids ?? [],
    reasons: (v.reasons ?? []).map(fromItem),
    subTypes: (v.subTypes ?? []).map((s) => ({ name: fromItem(s), selected: !!s.selected })),
  };
}

/** A refused save on the form's fields: 78 on the names, 400 field errors where they belong; anything else shown by the policy. */
export function showTypeError(form: FormInstance, err: unknown, t: TFunction): void {
  if (err instanceof ApiError && !err.isTransport && err.status === Status.VISITOR_TYPE_EXISTS) {
    form.setFields([
      { name: 'nameZh', errors: [t('registration.types.taken')] },
      { name: 'nameEn', errors: [t('registration.types.taken')] },
    ]);
    return;
  }
  const where = (field: string): (string | number)[] | null => {
    if (field === 'vType') return ['nameZh'];
    if (field === 'povDays' || field === 'gids') return [field];
    const item = /^(reasons|subTypes)\.(\d+)/.exec(field);
    return item?.[1] ? [item[1], Number(item[2]), 'zh'] : null;
  };
  if (placeFieldErrors(form, err, t, where)) return;
  if (err instanceof ApiError) displayError(err);
}

/** The fields of a visitor type: both names, days of validity, gates, reasons and sub-types, checked as typed. */
export function TypeFields() {
  const { t } = useTranslation();
  const rules = useRegistrationRules();
  const gates = useGates();
  return (
    <>
      <Flex gap={16} wrap>
        <Form.Item label={t('registration.types.nameZh')} name="nameZh" rules={rules.namePart()} style={{ flex: 1, minWidth: 200 }}>
          <Input maxLength={NAME_PART_MAX} data-testid="type-name-zh" />
        </Form.Item>
        <Form.Item label={t('registration.types.nameEn')} name="nameEn" rules={rules.namePart()} style={{ flex: 1, minWidth: 200 }}>
          <Input maxLength={NAME_PART_MAX} data-testid="type-name-en" />
        </Form.Item>
      </Flex>
      <Flex gap={16} wrap>
        <Form.Item
          label={t('registration.types.povDays')}
          name="povDays"
          extra={t('registration.types.povDaysHelp')}
          rules={[{ required: true, type: 'integer', min: POV_DAYS.min, max: POV_DAYS.max, message: t('validation.too_big') }]}
        >
          <InputNumber min={POV_DAYS.min} max={POV_DAYS.max} precision={0} suffix={t('registration.types.povDaysUnit')} data-testid="type-pov-days" />
        </Form.Item>
        <Form.Item label={t('registration.types.gids')} name="gids" extra={t('registration.types.gidsHelp')} style={{ flex: 1, minWidth: 240 }}>
          <Select
            mode="multiple"
            allowClear
            placeholder={t('registration.types.gidsAll')}
            loading={gates.isPending}
            options={(gates.data ?? []).map((g) => ({ value: g.gid, label: g.gname }))}
            data-testid="type-gates"
          />
        </Form.Item>
      </Flex>
      <Form.Item label={t('registration.types.reasons')} extra={t('registration.types.reasonsHelp')}>
        <LabelList name="reasons" addText={t('registration.types.reasonAdd')} max={REASONS_MAX} testId="type-reasons" />
      </Form.Item>
      <Form.Item label={t('registration.types.subTypes')} extra={t('registration.types.subTypesHelp')}>
        <LabelList name="subTypes" addText={t('registration.types.subTypeAdd')} max={SUB_TYPES_MAX} selectable testId="type-subtypes" />
      </Form.Item>
    </>
  );
}
