import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  CUSTOM_INPUT_TYPES,
  type CustomInputType,
  checkBilingualName,
  checkLabel,
  FIELD_OPTIONS_MAX,
  getQuestionnaire,
  LOGISTICS_FIELD_GROUPS,
  LOGISTICS_GROUP_FIELDS_MAX,
  type LogisticsFieldGroup,
  type LogisticsType,
  NAME_PART_MAX,
  Status,
  splitLabel,
} from '@openvisit/contract';
import { App, Button, Checkbox, Col, Divider, Form, type FormInstance, Input, Modal, Row, Select } from 'antd';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCanCall } from '../../../platform/access';
import { ApiError } from '../../../platform/apiError';
import { label } from '../../../platform/i18n';
import { displayError } from '../../../platform/notify';
import { ruleMessage } from '../../../platform/validationText';
import { useEveryQuestionnaire } from '../../questionnaires/public';
import { type TypeBody, useSaveType } from '../api';

interface FieldRow {
  /** Kept for a field that exists (bookings hold values under it); a new field is given one on saving. */
  fieldName?: string;
  zh: string;
  en: string;
  inputType: CustomInputType;
  options: string[];
  shown: boolean;
  required: boolean;
}
type Values = { nameZh: string; nameEn: string; qid?: number | null } & Record<LogisticsFieldGroup, FieldRow[]>;

function initial(type: LogisticsType | null): Values {
  const name = splitLabel(type?.name ?? '');
  const rows = (g: LogisticsFieldGroup): FieldRow[] =>
    (type?.[g] ?? []).map((f) => {
      const n = splitLabel(f.displayName);
      return { fieldName: f.fieldName, zh: n.zh, en: n.en, inputType: f.inputType, options: f.inputValue, shown: f.shown, required: f.required };
    });
  return {
    nameZh: type ? name.zh : '',
    nameEn: type ? name.en : '',
    qid: type?.qid ?? null,
    driverExtend: rows('driverExtend'),
    vehicleExtend: rows('vehicleExtend'),
    goodsExtend: rows('goodsExtend'),
    logExtend: rows('logExtend'),
  };
}

/** The fields of a group as the call takes them; a new field's key is the next free `f<n>` of its group. */
export function groupBody(rows: readonly FieldRow[]): TypeBody['driverExtend'] {
  const used = new Set(rows.map((r) => r.fieldName).filter(Boolean));
  let n = 1;
  const nextKey = () => {
    while (used.has(`f${n}`)) n += 1;
    used.add(`f${n}`);
    return `f${n}`;
  };
  return rows.map((r) => ({
    fieldName: r.fieldName ?? nextKey(),
    displayName: `${r.zh.trim()}#${r.en.trim()}`,
    inputType: r.inputType,
    inputValue: r.inputType === 'button' ? r.options.map((o) => o.trim()).filter(Boolean) : [],
    shown: r.shown || r.required,
    required: r.required,
  }));
}

const part = (t: TFunction) => [
  {
    validator: async (_r: unknown, v: unknown) => {
      const s = typeof v === 'string' ? v.trim() : '';
      if (!s) throw new Error(t('validation.required'));
      const failure = checkBilingualName(`${s}#${s}`);
      if (failure) throw new Error(ruleMessage(t, failure, { max: NAME_PART_MAX }));
    },
  },
];

function GroupFields({ group, form }: { group: LogisticsFieldGroup; form: FormInstance<Values> }) {
  const { t } = useTranslation();
  return (
    <Form.List name={group}>
      {(items, { add, remove }) => (
        <>
          <Divider titlePlacement="start" style={{ marginTop: 4 }}>
            {t(`logistics.settings.groups.${group}`)}
          </Divider>
          {items.map((item) => {
            const kind = form.getFieldValue([group, item.name, 'inputType']) as CustomInputType | undefined;
            return (
              <Row gutter={8} key={item.key} align="top" data-testid={`type-field-${group}-${item.name}`}>
                <Col xs={12} md={5}>
                  <Form.Item name={[item.name, 'zh']} rules={part(t)}>
                    <Input aria-label={t('logistics.settings.fieldZh')} placeholder={t('logistics.settings.fieldZh')} maxLength={NAME_PART_MAX} />
                  </Form.Item>
                </Col>
                <Col xs={12} md={5}>
                  <Form.Item name={[item.name, 'en']} rules={part(t)}>
                    <Input aria-label={t('logistics.settings.fieldEn')} placeholder={t('logistics.settings.fieldEn')} maxLength={NAME_PART_MAX} />
                  </Form.Item>
                </Col>
                <Col xs={12} md={4}>
                  <Form.Item name={[item.name, 'inputType']}>
                    <Select
                      aria-label={t('logistics.settings.inputType')}
                      options={CUSTOM_INPUT_TYPES.map((v) => ({ value: v, label: label('inputType', v) }))}
                      onChange={() => form.setFieldValue([group, item.name, 'options'], [])}
                    />
                  </Form.Item>
                </Col>
                <Col xs={12} md={10}>
                  <Row gutter={8} wrap={false} align="top">
                    <Col flex="auto">
                      {kind === 'button' ? (
                        <Form.Item
                          name={[item.name, 'options']}
                          rules={[
                            {
                              validator: async (_r, v: string[] | undefined) => {
                                if (!v?.length) throw new Error(t('validation.required'));
                                if (v.length > FIELD_OPTIONS_MAX) throw new Error(t('validation.tooMany'));
                                const bad = v.map((o) => checkLabel(o.trim())).find(Boolean);
                                if (bad) throw new Error(ruleMessage(t, bad));
                              },
                            },
                          ]}
                        >
                          <Select
                            mode="tags"
                            open={false}
                            aria-label={t('logistics.settings.options')}
                            placeholder={t('logistics.settings.optionsHelp')}
                          />
                        </Form.Item>
                      ) : null}
                    </Col>
                    <Form.Item name={[item.name, 'shown']} valuePropName="checked">
                      <Checkbox>{t('logistics.settings.shown')}</Checkbox>
                    </Form.Item>
                    <Form.Item name={[item.name, 'required']} valuePropName="checked">
                      <Checkbox>{t('logistics.settings.required')}</Checkbox>
                    </Form.Item>
                    <Button
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t('logistics.settings.removeField')}
                      onClick={() => remove(item.name)}
                    />
                  </Row>
                </Col>
              </Row>
            );
          })}
          {items.length < LOGISTICS_GROUP_FIELDS_MAX ? (
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              onClick={() => add({ zh: '', en: '', inputType: 'text', options: [], shown: true, required: false })}
              data-testid={`add-field-${group}`}
            >
              {t('logistics.settings.addField')}
            </Button>
          ) : null}
        </>
      )}
    </Form.List>
  );
}

/**
 * The safety induction the type's drivers take: one of the company's questionnaires (read only by those who may read
 * the bank; others keep what is set). A disabled questionnaire asks nothing until it is enabled, so it says so.
 */
function InductionSelect() {
  const { t } = useTranslation();
  const every = useEveryQuestionnaire();
  return (
    <Form.Item name="qid" label={t('logistics.settings.induction')} extra={t('logistics.settings.inductionHelp')}>
      <Select<number | null>
        allowClear
        loading={every.isLoading}
        placeholder={t('logistics.settings.noInduction')}
        options={(every.data?.list ?? []).map((q) => ({
          value: q.qid,
          label: q.enabled ? q.title : `${q.title} (${t('logistics.settings.inductionOff')})`,
        }))}
      />
    </Form.Item>
  );
}

/** The questionnaires' titles by id, for those who may read the bank (undefined for the others). */
export function useInductionTitles(): Map<number, string> | undefined {
  const canPick = useCanCall(getQuestionnaire);
  const every = useEveryQuestionnaire({ enabled: canPick });
  return useMemo(() => (canPick ? new Map((every.data?.list ?? []).map((q) => [q.qid, q.title])) : undefined), [canPick, every.data]);
}

/** A server field name as the form's path ('vehicleExtend.0.displayName' → the field's Chinese name). */
function typeFormPath(field: string): (string | number)[] {
  if (field === 'name') return ['nameZh'];
  const [group, index, key] = field.split('.');
  const n = Number(index);
  if (!group || Number.isNaN(n)) return [field];
  return [group, n, key === 'inputValue' ? 'options' : key === 'displayName' || key === 'fieldName' ? 'zh' : (key ?? 'zh')];
}

/** Adds or edits a logistics type: its name in both languages and, for the driver, vehicle, goods and other information, its fields. */
export function TypeModal({ open, type, onClose }: { open: boolean; type: LogisticsType | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const save = useSaveType();
  const canPick = useCanCall(getQuestionnaire);
  const [form] = Form.useForm<Values>();
  const submit = async (v: Values) => {
    const body: TypeBody = {
      name: `${v.nameZh.trim()}#${v.nameEn.trim()}`,
      // A cleared select leaves undefined: no induction.
      ...(canPick ? { qid: v.qid ?? null } : {}),
      ...(Object.fromEntries(LOGISTICS_FIELD_GROUPS.map((g) => [g, groupBody(v[g] ?? [])])) as Pick<TypeBody, LogisticsFieldGroup>),
    };
    try {
      await save.mutateAsync({ tid: type?.tid ?? null, body });
      void message.success(t(type ? 'logistics.settings.typeUpdated' : 'logistics.settings.typeAdded', { name: v.nameEn.trim() }));
      onClose();
    } catch (err) {
      if (!(err instanceof ApiError)) return;
      if (!err.isTransport && err.status === Status.ALREADY_EXISTS) form.setFields([{ name: 'nameZh', errors: [t('logistics.settings.typeTaken')] }]);
      else if (err.status === Status.BAD_PARAMS && err.http === undefined && err.fieldErrors.length)
        form.setFields(err.fieldErrors.map((e) => ({ name: typeFormPath(e.field) as never, errors: [ruleMessage(t, e.rule)] })));
      else displayError(err);
    }
  };
  return (
    <Modal
      open={open}
      width={960}
      title={type ? t('logistics.settings.editType') : t('logistics.settings.addType')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} name="logistics-type" layout="vertical" initialValues={initial(type)} onFinish={submit} preserve={false}>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item name="nameZh" label={t('logistics.settings.nameZh')} rules={part(t)}>
              <Input maxLength={NAME_PART_MAX} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="nameEn" label={t('logistics.settings.nameEn')} rules={part(t)}>
              <Input maxLength={NAME_PART_MAX} />
            </Form.Item>
          </Col>
        </Row>
        {canPick ? <InductionSelect /> : null}
        <Form.Item noStyle shouldUpdate>
          {() => LOGISTICS_FIELD_GROUPS.map((g) => <GroupFields key={g} group={g} form={form} />)}
        </Form.Item>
      </Form>
    </Modal>
  );
}
