import { IdcardOutlined } from '@ant-design/icons';
import { type AgreementVersion, certificateTypeLabels, labelIn, registerWalkIn, Status, type Visit } from '@openvisit/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Checkbox, Form, Input, Popover, Result, Select, Space, Spin, Typography } from 'antd';
import { Fragment, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CustomFieldItem, type CustomFieldValue, customFieldText } from '../../../core/customFields/public';
import { EmployeeSelect } from '../../../core/people/public';
import { visitKeys } from '../../../core/visits/public';
import { type CertificateType, fieldsOf, validateWalkIn, type WalkInField, type WalkInValues, walkInInput } from '../../../core/walkIn/public';
import { api, callApi } from '../../../platform/api';
import { ApiError } from '../../../platform/apiError';
import { PageHeader } from '../../../platform/components/PageHeader';
import { useLabel, useLang } from '../../../platform/i18n';
import { displayError } from '../../../platform/notify';
import { FIELD_MAX, ruleMessage } from '../../../platform/validationText';
import { BadgeDialog } from '../components/BadgeDialog';
import { CompanySelect } from '../components/CompanySelect';
import { DeskPhoto } from '../components/DeskPhoto';

/** Fields the desk's form leaves out: the signature is the kiosk's, followers come with their own visits. */
const NOT_AT_DESK = new Set(['followers', 'signature']);
const CERTIFICATE_TYPES = Object.keys(certificateTypeLabels) as CertificateType[];

interface FormValues {
  tid?: number;
  vname?: string;
  vphone?: string;
  certificateType?: CertificateType;
  cardId?: string;
  vcompany?: string;
  vemail?: string;
  /** The company visited (multi-company mode), narrowing the host search; the host's own company is what is stored. */
  subaccountId?: number;
  empid?: number;
  visitReason?: string;
  plateNum?: string;
  belongings?: string;
  temperature?: string;
  extend?: Record<string, CustomFieldValue>;
  photo?: string;
  /** The visitor agreed to face recognition (asked apart from the terms). */
  faceConsent?: boolean;
  protocolAccepted?: boolean;
}

function clientKey(): string {
  return `desk-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/** The form field of a form-or-server field name: custom fields live under `extend`. */
function formName(field: string, fields: readonly WalkInField[]): keyof FormValues {
  const key = field.replace(/^extendCol\./, '');
  const f = fields.find((x) => x.fieldName === key);
  // antd types a name path by the form's keys; a custom field's path is ['extend', key].
  return (f && !f.standard ? ['extend', key] : key) as keyof FormValues;
}

/** The visitor's consent to face recognition, asked apart from the terms, with the text to read to them. */
function FaceConsentItem({ text }: { text: AgreementVersion }) {
  const { t } = useTranslation();
  return (
    <Form.Item name="faceConsent" valuePropName="checked" extra={t('reception.walkin.faceConsentHelp')}>
      <Checkbox>
        {t('reception.walkin.faceConsent', { version: text.version })}{' '}
        <Popover content={<Typography.Paragraph style={{ maxWidth: 420, whiteSpace: 'pre-wrap', margin: 0 }}>{text.text}</Typography.Paragraph>}>
          <Typography.Link>{t('reception.walkin.faceConsentText')}</Typography.Link>
        </Popover>
      </Checkbox>
    </Form.Item>
  );
}

/**
 * Registers a walk-in on the visitor's behalf: the fields of the chosen visitor type (the registration settings' form,
 * as the kiosk shows it), checked with the kiosk's rules; the server's field failures land on their fields; a
 * blacklisted visitor is refused in neutral words; a registered visitor's badge can be printed at once.
 */
export function WalkInPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const lang = useLang();
  const label = useLabel();
  const [form] = Form.useForm<FormValues>();
  const qc = useQueryClient();
  const config = useQuery({ queryKey: ['reception', 'padConfig'], queryFn: () => api.getPadConfig({}) });
  const tid = Form.useWatch('tid', form);
  const subaccountId = Form.useWatch('subaccountId', form);
  const companies = config.data?.companies ?? [];
  const type = config.data?.types.find((x) => x.tid === tid) ?? null;
  // The text read to the visitor is the desk's language: the one the visit is registered in.
  const consentText = config.data?.faceConsent[lang];
  const fields = useMemo(() => fieldsOf(type).filter((f) => !NOT_AT_DESK.has(f.fieldName)), [type]);
  const terms = !!config.data?.settings.secureProtocol.trim();
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState(false);
  const [done, setDone] = useState<Visit | null>(null);
  const [badge, setBadge] = useState<number | null>(null);

  // The first visitor type is chosen for the receptionist.
  useEffect(() => {
    const first = config.data?.types[0];
    if (first && form.getFieldValue('tid') === undefined) form.setFieldValue('tid', first.tid);
  }, [config.data, form]);

  const text = (field: string, rule: string) => {
    if (rule === 'phoneOrId') return t('reception.walkin.phoneOrId');
    if (rule === 'range') return t('reception.walkin.temperatureRange');
    if (rule === 'plate') return t('reception.walkin.plateFormat');
    return ruleMessage(t, rule, { max: FIELD_MAX[field], field });
  };

  const submit = async (v: FormValues) => {
    setRefused(false);
    const extend: Record<string, string> = {};
    for (const [k, x] of Object.entries(v.extend ?? {})) extend[k] = customFieldText(x);
    const values: WalkInValues = {
      vname: v.vname ?? '',
      vphone: v.vphone ?? '',
      certificateType: v.certificateType ?? 'idCard',
      cardId: v.cardId ?? '',
      vcompany: v.vcompany ?? '',
      vemail: v.vemail ?? '',
      empid: v.empid ?? null,
      hostName: '',
      visitReason: v.visitReason ?? '',
      followers: [],
      plateNum: v.plateNum ?? '',
      belongings: v.belongings ?? '',
      temperature: v.temperature ?? '',
      extend,
    };
    const errors = validateWalkIn(values, fields);
    if (terms && !v.protocolAccepted) errors.protocolAccepted = 'required';
    if (fields.some((f) => f.fieldName === 'photo' && f.required) && !v.photo) errors.photo = 'required';
    if (Object.keys(errors).length) {
      form.setFields(Object.entries(errors).map(([f, rule]) => ({ name: formName(f, fields), errors: [text(f, rule)] })));
      return;
    }
    setBusy(true);
    try {
      const input = walkInInput(values, {
        tid: type?.tid ?? null,
        visitType: type ? labelIn(type.vType, lang) : '',
        photo: v.photo ?? '',
        faceConsent: v.faceConsent ? consentText?.id : undefined,
        signature: '',
        protocolAccepted: !!v.protocolAccepted,
        lang,
        clientKey: clientKey(),
      });
      const visit = await callApi(registerWalkIn, input, { silent: true });
      message.success(t('reception.walkin.done', { name: visit.vname }));
      setDone(visit);
    } catch (err) {
      if (err instanceof ApiError && err.status === Status.BLACKLISTED) setRefused(true);
      else if (err instanceof ApiError && err.status === Status.BAD_PARAMS && err.http === undefined && err.fieldErrors.length) {
        const known = new Set(['protocolAccepted', 'certificateType', 'photo', ...fields.map((f) => f.fieldName)]);
        const mine = err.fieldErrors.filter((f) => known.has(f.field.replace(/^extendCol\./, '')));
        if (mine.length) form.setFields(mine.map((f) => ({ name: formName(f.field, fields), errors: [text(f.field, f.rule)] })));
        else displayError(err);
      } else if (err instanceof ApiError && (err.status === Status.EMPLOYEE_NOT_EXIST || err.status === Status.INVALID_EMPLOYEE))
        form.setFields([{ name: 'empid', errors: [t('reception.walkin.noHost')] }]);
      else if (err instanceof ApiError) displayError(err);
    } finally {
      setBusy(false);
      // A registration changes today's lists; a refusal adds a blacklist alert.
      void qc.invalidateQueries({ queryKey: visitKeys.all });
    }
  };

  const again = () => {
    setDone(null);
    const keep = form.getFieldValue('tid');
    form.resetFields();
    form.setFieldValue('tid', keep);
  };

  if (done)
    return (
      <>
        <PageHeader title={t('reception.walkin.title')} />
        <Card>
          <Result
            status={done.status === 'signedIn' ? 'success' : 'info'}
            title={t('reception.walkin.done', { name: done.vname })}
            subTitle={done.status === 'signedIn' ? t('reception.walkin.signedIn', { host: done.empName }) : t('reception.walkin.awaiting')}
            extra={[
              done.status === 'signedIn' ? (
                <Button key="badge" type="primary" icon={<IdcardOutlined />} onClick={() => setBadge(done.vid)}>
                  {t('reception.badge.print')}
                </Button>
              ) : null,
              <Button key="again" onClick={again}>
                {t('reception.walkin.another')}
              </Button>,
            ]}
          />
        </Card>
        <BadgeDialog vid={badge} onClose={() => setBadge(null)} />
      </>
    );

  const field = (f: WalkInField) => {
    const name = labelIn(f.displayName, lang);
    const common = { label: name, required: f.required };
    switch (f.fieldName) {
      case 'photo':
        return (
          <Fragment key={f.fieldName}>
            <Form.Item {...common} name="photo">
              <DeskPhoto />
            </Form.Item>
            {consentText ? <FaceConsentItem text={consentText} /> : null}
          </Fragment>
        );
      case 'empid':
        return (
          <Fragment key={f.fieldName}>
            {companies.length ? (
              <Form.Item label={t('reception.walkin.company')} name="subaccountId">
                <CompanySelect companies={companies} headOffice={config.data?.shortName || config.data?.company || ''} />
              </Form.Item>
            ) : null}
            <Form.Item {...common} name="empid">
              <EmployeeSelect placeholder={t('reception.walkin.hostSearch')} notFound={t('reception.walkin.noHost')} subaccountId={subaccountId} />
            </Form.Item>
          </Fragment>
        );
      case 'cardId':
        return (
          <Form.Item key={f.fieldName} {...common}>
            <Space.Compact style={{ width: '100%' }}>
              <Form.Item name="certificateType" noStyle initialValue="idCard">
                <Select
                  style={{ width: 160 }}
                  aria-label={t('reception.walkin.certificateType')}
                  options={CERTIFICATE_TYPES.map((c) => ({ value: c, label: label('certificateType', c) }))}
                />
              </Form.Item>
              <Form.Item name="cardId" noStyle>
                <Input aria-label={name} maxLength={32} />
              </Form.Item>
            </Space.Compact>
          </Form.Item>
        );
      case 'visitReason':
        return (
          <Form.Item key={f.fieldName} {...common} name="visitReason">
            {type?.reasons.length ? (
              <Select allowClear options={type.reasons.map((r) => ({ value: labelIn(r, lang), label: labelIn(r, lang) }))} />
            ) : (
              <Input maxLength={200} />
            )}
          </Form.Item>
        );
      default:
        break;
    }
    if (f.standard)
      return (
        <Form.Item key={f.fieldName} {...common} name={f.fieldName}>
          <Input
            maxLength={f.fieldName === 'temperature' ? 5 : 200}
            inputMode={f.fieldName === 'vphone' || f.fieldName === 'temperature' ? 'decimal' : undefined}
          />
        </Form.Item>
      );
    return <CustomFieldItem key={f.fieldName} field={f} name={['extend', f.fieldName]} />;
  };

  return (
    <>
      <PageHeader title={t('reception.walkin.title')} extra={<Typography.Text type="secondary">{t('reception.walkin.intro')}</Typography.Text>} />
      <Card style={{ maxWidth: 720 }}>
        {config.isLoading ? (
          <Spin />
        ) : (
          <Form<FormValues>
            form={form}
            layout="vertical"
            onFinish={(v) => void submit(v)}
            // The host was one of the company left.
            onValuesChange={(changed: Partial<FormValues>) => 'subaccountId' in changed && form.setFieldValue('empid', undefined)}
            requiredMark
          >
            {refused ? (
              <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={t('reception.refused')} data-testid="walkin-refused" />
            ) : null}
            {config.data?.types.length ? (
              <Form.Item name="tid" label={t('reception.walkin.type')} required>
                <Select options={config.data.types.map((x) => ({ value: x.tid, label: labelIn(x.vType, lang) }))} />
              </Form.Item>
            ) : null}
            {fields.map(field)}
            {terms ? (
              <Form.Item name="protocolAccepted" valuePropName="checked">
                <Checkbox>{t('reception.walkin.terms')}</Checkbox>
              </Form.Item>
            ) : null}
            <Button type="primary" htmlType="submit" loading={busy}>
              {t('reception.walkin.submit')}
            </Button>
          </Form>
        )}
      </Card>
    </>
  );
}
