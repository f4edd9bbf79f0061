import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { LOGISTICS_MEMBERS_MAX, type LogisticsField, type LogisticsFieldGroup, labelIn } from '@openvisit/contract';
import { Button, Col, DatePicker, Divider, Form, Input, Row, Select } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CustomFieldCols } from '../../../core/customFields/public';
import { useLang } from '../../../platform/i18n';
import { useBookingRules } from '../form';
import { PhotoField } from './PhotoField';

type TypeFields = Record<LogisticsFieldGroup, LogisticsField[]> & { tid: number; name: string; qid?: number | null };

/** One group of a logistics type's own fields: the shown ones, drawn by the console's custom-field renderer. */
export function ExtendInputs({ group, fields }: { group: LogisticsFieldGroup; fields: readonly LogisticsField[] }) {
  return (
    <CustomFieldCols fields={fields.filter((f) => f.shown)} name={(f) => [group, f.fieldName]} testId={(f) => `extend-${group}-${f.fieldName}`} />
  );
}

/**
 * The booking's fields, shared by the console's form and the carrier's public page: type and carrier, the goods and
 * loading window, sender, driver, vehicle, each followed by the type's own fields of that group, then companions.
 */
export function BookingFields({
  types,
  carriers,
  type,
  typesLoading,
  photos,
  country,
}: {
  types: readonly TypeFields[];
  carriers: readonly { id: number; name: string }[];
  /** The chosen type (its fields are drawn). */
  type: TypeFields | undefined;
  typesLoading?: boolean;
  /** How a photo is uploaded (the console's call, or the public page's with its link) and how a stored one is drawn. */
  photos: { upload: (file: Blob, name: string) => Promise<{ key: string }>; stored?: (key: string, alt: string) => ReactNode };
  /** The company's country: ID numbers and the plate are checked by its rules as typed. */
  country: string | undefined;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const rules = useBookingRules(country);
  const extend = (g: LogisticsFieldGroup) => (type ? <ExtendInputs group={g} fields={type[g]} /> : null);
  const section = (key: 'booking' | 'sender' | 'driver' | 'vehicle' | 'other') => (
    <Col xs={24}>
      <Divider titlePlacement="start" style={{ marginTop: 4 }}>
        {t(`logistics.form.sections.${key}`)}
      </Divider>
    </Col>
  );
  return (
    <Row gutter={16}>
      {section('booking')}
      <Col xs={24} sm={12}>
        <Form.Item
          label={t('logistics.fields.logType')}
          name="logType"
          rules={rules.required()}
          extra={type?.qid ? <span data-testid="induction-note">{t('logistics.form.inductionNote')}</span> : undefined}
        >
          <Select loading={typesLoading} options={types.map((x) => ({ value: x.tid, label: labelIn(x.name, lang) }))} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item label={t('logistics.fields.company')} name="companyId">
          <Select allowClear showSearch={{ optionFilterProp: 'label' }} options={carriers.map((c) => ({ value: c.id, label: c.name }))} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item label={t('logistics.fields.companyPhone')} name="companyPhone" rules={rules.optionalPhone()}>
          <Input inputMode="tel" />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item label={t('logistics.fields.appointmentDate')} name="appointmentDate" rules={rules.day()} required>
          <DatePicker style={{ width: '100%' }} disabledDate={(d) => d.isBefore(dayjs(), 'day')} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item label={t('logistics.fields.goods')} name="goods" rules={rules.text(200)}>
          <Input maxLength={200} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item label={t('logistics.fields.load')} name="load" rules={rules.load()}>
          <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} style={{ width: '100%' }} allowEmpty={[true, true]} />
        </Form.Item>
      </Col>
      {extend('goodsExtend')}
      {section('sender')}
      <Col xs={24} sm={8}>
        <Form.Item label={t('logistics.fields.sname')} name="sname" rules={rules.personName()}>
          <Input />
        </Form.Item>
      </Col>
      <Col xs={24} sm={8}>
        <Form.Item label={t('logistics.fields.smobile')} name="smobile" rules={rules.phone()}>
          <Input inputMode="tel" />
        </Form.Item>
      </Col>
      <Col xs={24} sm={8}>
        <Form.Item label={t('logistics.fields.scardId')} name="scardId" rules={rules.optionalIdNumber()} extra={rules.idHelp}>
          <Input maxLength={rules.idMax} />
        </Form.Item>
      </Col>
      {section('driver')}
      <Col xs={24} sm={8}>
        <Form.Item label={t('logistics.fields.dname')} name="dname" rules={rules.personName()}>
          <Input />
        </Form.Item>
      </Col>
      <Col xs={24} sm={8}>
        <Form.Item label={t('logistics.fields.dmobile')} name="dmobile" rules={rules.phone()}>
          <Input inputMode="tel" />
        </Form.Item>
      </Col>
      <Col xs={24} sm={8}>
        <Form.Item label={t('logistics.fields.dcardId')} name="dcardId" rules={rules.idNumber()} extra={rules.idHelp}>
          <Input maxLength={rules.idMax} />
        </Form.Item>
      </Col>
      {extend('driverExtend')}
      {section('vehicle')}
      <Col xs={24} sm={12}>
        <Form.Item label={t('logistics.fields.plateNum')} name="plateNum" rules={rules.plate()} extra={rules.plateHelp}>
          <Input maxLength={16} />
        </Form.Item>
      </Col>
      {extend('vehicleExtend')}
      {section('other')}
      {extend('logExtend')}
      <Col xs={24}>
        <Form.Item label={t('logistics.fields.memberInfo')}>
          <Form.List name="memberInfo">
            {(items, { add, remove }) => (
              <>
                {items.map((item) => (
                  <Row gutter={8} key={item.key} align="top" wrap={false}>
                    <Col flex="1">
                      <Form.Item name={[item.name, 'name']} rules={rules.personName()}>
                        <Input aria-label={t('logistics.fields.memberName')} placeholder={t('logistics.fields.memberName')} />
                      </Form.Item>
                    </Col>
                    <Col flex="1">
                      <Form.Item name={[item.name, 'phone']} rules={rules.optionalPhone()}>
                        <Input aria-label={t('logistics.fields.memberPhone')} placeholder={t('logistics.fields.memberPhone')} inputMode="tel" />
                      </Form.Item>
                    </Col>
                    <Button
                      type="text"
                      icon={<MinusCircleOutlined />}
                      aria-label={t('logistics.form.removeMember')}
                      onClick={() => remove(item.name)}
                    />
                  </Row>
                ))}
                {items.length < LOGISTICS_MEMBERS_MAX ? (
                  <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ name: '', phone: '' })}>
                    {t('logistics.form.addMember')}
                  </Button>
                ) : null}
              </>
            )}
          </Form.List>
        </Form.Item>
      </Col>
      <Col xs={24}>
        <Form.Item label={t('logistics.fields.photos')} name="photoInfo">
          <PhotoField upload={photos.upload} stored={photos.stored} />
        </Form.Item>
      </Col>
      <Col xs={24}>
        <Form.Item label={t('logistics.fields.remark')} name="remark" rules={rules.text(500)}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </Col>
    </Row>
  );
}
