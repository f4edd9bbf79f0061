import { CARD_TEXT_MAX, CUSTOM_TEXT_MAX, type PadSettings } from '@openvisit/contract';
import { App, Button, Card, Col, Form, Input, Radio, Row, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { handleFormError } from '../../../platform/fieldErrors';
import { useLabel } from '../../../platform/i18n';
import { usePadWrite } from '../api';
import { useRegistrationRules } from '../rules';
import { BadgePreviewCard } from './Previews';

type Style = Pick<PadSettings, 'cardType' | 'cardSize' | 'printType' | 'brandType' | 'brandPosition' | 'avatarType' | 'customText' | 'cardText'> & {
  showAvatar: boolean;
};

function styleOf(s: PadSettings): Style {
  return {
    cardType: s.cardType,
    cardSize: s.cardSize,
    printType: s.printType,
    brandType: s.brandType,
    brandPosition: s.brandPosition,
    showAvatar: s.showAvatar === 1,
    avatarType: s.avatarType,
    customText: s.customText,
    cardText: s.cardText,
  };
}

/**
 * The badge tab: the card style (ordinary or customized; logo as text or picture at the top, middle or bottom; the
 * picture: visitor photo, fixed picture or QR code; texts; paper; black and white) beside a preview that follows
 * the form as it is changed, before it is saved.
 */
export function CardStyleForm({ settings, company }: { settings: PadSettings; company: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const label = useLabel();
  const rules = useRegistrationRules();
  const write = usePadWrite();
  const [form] = Form.useForm<Style>();
  const watched = Form.useWatch([], form) as Partial<Style> | undefined;
  const editing = { ...styleOf(settings), ...(watched ?? {}) };
  const customized = editing.cardType === 1;
  const preview: PadSettings = { ...settings, ...editing, showAvatar: editing.showAvatar ? 1 : 0 };

  const radios = <N extends 'cardType' | 'cardSize' | 'printType' | 'brandType' | 'brandPosition' | 'avatarType'>(name: N, values: number[]) => (
    <Radio.Group
      optionType="button"
      buttonStyle="solid"
      options={values.map((v) => ({ value: v, label: label(name, v) }))}
      data-testid={`card-${name}`}
    />
  );

  const submit = async () => {
    // Every value of the form, also those of fields hidden for the ordinary style.
    const v: Style = { ...styleOf(settings), ...(form.getFieldsValue(true) as Partial<Style>) };
    try {
      await write.mutateAsync({
        call: 'updateCardStyle',
        input: {
          cardType: v.cardType as 0 | 1,
          cardSize: v.cardSize as 0 | 1 | 2,
          printType: v.printType as 0 | 1,
          brandType: v.brandType as 0 | 1,
          brandPosition: v.brandPosition as 0 | 1 | 2,
          showAvatar: v.showAvatar ? 1 : 0,
          avatarType: v.avatarType as 0 | 1 | 2,
          customText: v.customText ?? '',
          cardText: v.cardText ?? '',
        },
      });
      void message.success(t('registration.badge.saved'));
    } catch (err) {
      handleFormError(form, err);
    }
  };

  return (
    <Row gutter={[24, 16]}>
      <Col xs={24} xl={13}>
        <Card size="small" title={t('registration.badge.style')}>
          <Form form={form} layout="vertical" name="cardStyle" initialValues={styleOf(settings)} onFinish={submit}>
            <Form.Item label={t('registration.badge.cardType')} name="cardType">
              {radios('cardType', [0, 1])}
            </Form.Item>
            <Form.Item label={t('registration.badge.cardSize')} name="cardSize">
              {radios('cardSize', [0, 1, 2])}
            </Form.Item>
            <Form.Item label={t('registration.badge.printType')} name="printType">
              {radios('printType', [0, 1])}
            </Form.Item>
            {customized ? (
              <>
                <Form.Item label={t('registration.badge.brandType')} name="brandType">
                  {radios('brandType', [1, 0])}
                </Form.Item>
                {editing.brandType === 0 ? (
                  <Form.Item
                    label={t('registration.badge.customText')}
                    name="customText"
                    rules={rules.customText()}
                    extra={t('registration.badge.customTextHelp')}
                  >
                    <Input maxLength={CUSTOM_TEXT_MAX} showCount data-testid="card-customText" />
                  </Form.Item>
                ) : null}
                <Form.Item label={t('registration.badge.brandPosition')} name="brandPosition">
                  {radios('brandPosition', [0, 1, 2])}
                </Form.Item>
                <Form.Item label={t('registration.badge.showAvatar')} name="showAvatar" valuePropName="checked">
                  <Switch data-testid="card-showAvatar" />
                </Form.Item>
                {editing.showAvatar ? (
                  <Form.Item label={t('registration.badge.avatarType')} name="avatarType">
                    {radios('avatarType', [0, 1, 2])}
                  </Form.Item>
                ) : null}
              </>
            ) : null}
            <Form.Item label={t('registration.badge.cardText')} name="cardText" rules={rules.cardText()} extra={t('registration.badge.cardTextHelp')}>
              <Input maxLength={CARD_TEXT_MAX} showCount data-testid="card-cardText" />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={write.isPending} data-testid="card-save">
              {t('common.save')}
            </Button>
          </Form>
        </Card>
      </Col>
      <Col xs={24} xl={11}>
        <BadgePreviewCard settings={preview} company={company} />
      </Col>
    </Row>
  );
}
