import {
  type InvitationTemplateRecord,
  type Lang,
  TEMPLATE_LIMITS,
  TEMPLATE_TEXT_KEYS,
  type TemplateTexts,
  templateTextsInput,
} from '@openvisit/contract';
import { Card, Col, Form, type FormInstance, type FormRule, Input, InputNumber, Row, Space, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The form's values: both languages' texts and the map position, as the calls take them. */
export type TemplateFormValues = TemplateTexts;

export const EMPTY_TEMPLATE: TemplateFormValues = templateTextsInput.parse({});

export function templateValues(t: InvitationTemplateRecord | null | undefined): TemplateFormValues {
  if (!t) return EMPTY_TEMPLATE;
  return Object.fromEntries(TEMPLATE_TEXT_KEYS.map((k) => [k, t[k]])) as TemplateFormValues;
}

/** The values as the calls take them (texts trimmed; an emptied number is null). */
export function templateInput(v: Partial<TemplateFormValues>): TemplateFormValues {
  const text = (s: string | undefined) => (s ?? '').trim();
  return {
    inviteContent: text(v.inviteContent),
    address: text(v.address),
    traffic: text(v.traffic),
    companyProfile: text(v.companyProfile),
    inviteContentEn: text(v.inviteContentEn),
    addressEn: text(v.addressEn),
    trafficEn: text(v.trafficEn),
    companyProfileEn: text(v.companyProfileEn),
    longitude: v.longitude ?? null,
    latitude: v.latitude ?? null,
  };
}

type Field = keyof typeof TEMPLATE_LIMITS;
const suffix = (lang: Lang) => (lang === 'en' ? 'En' : '');

/**
 * The texts of a template in two tabs (中文, English; both rendered so both languages' fields take part in checks and
 * server field errors), the optional map position, and beside them a preview of the mail in the tab's language.
 * Checked as typed with the server's rules: lengths, the letter in at least one language, both coordinates or neither.
 */
export function TemplateFields({ form, disabled, company }: { form: FormInstance; disabled?: boolean; company: string }) {
  const { t } = useTranslation();
  const [lang, setLang] = useState<Lang>('zh');
  const max = (field: Field): FormRule => ({ max: TEMPLATE_LIMITS[field], message: t('validation.tooLong', { max: TEMPLATE_LIMITS[field] }) });
  const oneLanguage: FormRule = ({ getFieldValue }) => ({
    validator: async () => {
      const zh = String(getFieldValue('inviteContent') ?? '').trim();
      const en = String(getFieldValue('inviteContentEn') ?? '').trim();
      if (!zh && !en) throw new Error(t('invitations.templates.oneLanguage'));
    },
  });
  const pair: FormRule = ({ getFieldValue }) => ({
    validator: async () => {
      if ((getFieldValue('longitude') == null) !== (getFieldValue('latitude') == null)) throw new Error(t('invitations.templates.pair'));
    },
  });

  const fields = (l: Lang) => (
    <>
      <Form.Item
        name={`inviteContent${suffix(l)}`}
        label={t('invitations.templates.inviteContent')}
        extra={t('invitations.templates.inviteContentHelp')}
        dependencies={[`inviteContent${suffix(l === 'en' ? 'zh' : 'en')}`]}
        rules={[max('inviteContent'), oneLanguage]}
      >
        <Input.TextArea autoSize={{ minRows: 4, maxRows: 12 }} maxLength={TEMPLATE_LIMITS.inviteContent} disabled={disabled} />
      </Form.Item>
      <Form.Item name={`address${suffix(l)}`} label={t('invitations.templates.address')} rules={[max('address')]}>
        <Input maxLength={TEMPLATE_LIMITS.address} disabled={disabled} />
      </Form.Item>
      <Form.Item name={`traffic${suffix(l)}`} label={t('invitations.templates.traffic')} rules={[max('traffic')]}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} maxLength={TEMPLATE_LIMITS.traffic} disabled={disabled} />
      </Form.Item>
      <Form.Item name={`companyProfile${suffix(l)}`} label={t('invitations.templates.companyProfile')} rules={[max('companyProfile')]}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} maxLength={TEMPLATE_LIMITS.companyProfile} disabled={disabled} />
      </Form.Item>
    </>
  );

  return (
    <Row gutter={24}>
      <Col xs={24} lg={14}>
        <Tabs
          activeKey={lang}
          onChange={(k) => setLang(k as Lang)}
          items={[
            { key: 'zh', label: t('invitations.templates.zh'), forceRender: true, children: fields('zh') },
            { key: 'en', label: t('invitations.templates.en'), forceRender: true, children: fields('en') },
          ]}
        />
        <Typography.Text strong>{t('invitations.templates.position')}</Typography.Text>
        <Space wrap align="start" style={{ marginTop: 8 }}>
          <Form.Item name="longitude" label={t('invitations.templates.longitude')} dependencies={['latitude']} rules={[pair]}>
            <InputNumber min={-180} max={180} step={0.000001} style={{ width: 160 }} disabled={disabled} />
          </Form.Item>
          <Form.Item name="latitude" label={t('invitations.templates.latitude')} dependencies={['longitude']} rules={[pair]}>
            <InputNumber min={-90} max={90} step={0.000001} style={{ width: 160 }} disabled={disabled} />
          </Form.Item>
        </Space>
      </Col>
      <Col xs={24} lg={10}>
        <TemplatePreview form={form} lang={lang} company={company} />
      </Col>
    </Row>
  );
}

/**
 * The invitation mail as a visitor reading `lang` will see it (plain text, line breaks kept; a field left empty in
 * English shows the Chinese text, as the server sends it).
 */
function TemplatePreview({ form, lang, company }: { form: FormInstance; lang: Lang; company: string }) {
  const { t } = useTranslation();
  const v = (Form.useWatch((values: TemplateFormValues) => values, form) ?? {}) as Partial<TemplateFormValues>;
  const pick = (zh?: string, en?: string) => (lang === 'en' ? (en ?? '').trim() || (zh ?? '') : (zh ?? '').trim() || (en ?? ''));
  const lng = lang;
  const letter = pick(v.inviteContent, v.inviteContentEn);
  const blocks = [
    { heading: t('invitations.templates.mail.address', { lng }), text: pick(v.address, v.addressEn) },
    { heading: t('invitations.templates.mail.traffic', { lng }), text: pick(v.traffic, v.trafficEn) },
    { heading: t('invitations.templates.mail.about', { company, lng }), text: pick(v.companyProfile, v.companyProfileEn) },
  ].filter((b) => b.text.trim());
  return (
    <Card
      size="small"
      title={t('invitations.templates.preview')}
      extra={
        <Typography.Text type="secondary">{t('invitations.templates.previewLang', { lang: lang === 'en' ? 'English' : '中文' })}</Typography.Text>
      }
      data-testid="template-preview"
    >
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t('invitations.templates.mail.heading', { company, lng })}
      </Typography.Title>
      <Typography.Paragraph>
        {t('invitations.templates.mail.greeting', { name: t('invitations.templates.sample.visitor', { lng }), lng })}
      </Typography.Paragraph>
      <Typography.Paragraph>
        {t('invitations.templates.mail.line', {
          host: t('invitations.templates.sample.host', { lng }),
          time: t('invitations.templates.sample.time', { lng }),
          lng,
        })}
      </Typography.Paragraph>
      {letter.trim() ? <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{letter}</Typography.Paragraph> : null}
      {blocks.map((b) => (
        <div key={b.heading}>
          <Typography.Text strong>{b.heading}</Typography.Text>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{b.text}</Typography.Paragraph>
        </div>
      ))}
      <Typography.Text type="secondary">{t('invitations.templates.mail.pass', { lng })}</Typography.Text>
    </Card>
  );
}
