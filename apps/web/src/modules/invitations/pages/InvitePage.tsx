import {
  type addAppointment,
  appointmentWindowFailure,
  type CallOutput,
  Status,
  TEMPLATE_TYPES,
  type TemplateType,
  VISIT_DAYS_WINDOW,
  visitTypeText,
} from '@openvisit/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, DatePicker, Flex, Form, Input, Radio, Result, Select, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../platform/api';
import { ApiError } from '../../../platform/apiError';
import { PageHeader } from '../../../platform/components/PageHeader';
import { FORM_SILENT } from '../../../platform/fieldErrors';
import { useLabel, useLang } from '../../../platform/i18n';
import { displayError } from '../../../platform/notify';
import { FIELD_MAX, ruleMessage } from '../../../platform/validationText';
import { useApplicableTemplate } from '../api';
import { InviteeFields, type InviteeRow, inviteesOf, namePath } from '../components/InviteeFields';

interface Values {
  visitors: InviteeRow[];
  at?: Dayjs;
  tid?: number;
  gid?: number;
  visitReason?: string;
  templateType: TemplateType;
}
type Invited = CallOutput<typeof addAppointment>;

const SILENT: readonly number[] = [...FORM_SILENT, Status.SAME_PHONE_APPOINTMENT, Status.INVITE_FEATURE_OFF];

/** The invitation's own rules, with texts of their own (the others are the console's common validation texts). */
const INVITE_RULES = ['phoneOrEmail', 'past', 'tooFar', 'duplicate', 'invited'] as const;
function isInviteRule(rule: string): rule is (typeof INVITE_RULES)[number] {
  return (INVITE_RULES as readonly string[]).includes(rule);
}

/** Which template the invitation will be sent with, for the chosen type and entrance. */
function TemplateHint({ type, gid }: { type: TemplateType; gid: number | null }) {
  const { t } = useTranslation();
  const label = useLabel();
  const applicable = useApplicableTemplate(type, gid);
  if (applicable.isPending || applicable.isError) return null;
  const source = applicable.data?.source ?? 'none';
  return (
    <Typography.Text type="secondary" data-testid="template-hint">
      {t(`invitations.invite.templateFrom.${source}`, { type: label('invitationTemplate', type) })}
    </Typography.Text>
  );
}

/**
 * The employee portal's single invite (/emporder/sigleorder): one or more visitors (a phone or an email each), the
 * time within the visit-days window, type, gate and purpose; checked as typed with the server's rules. The answer
 * lists each visitor's invitation link (mailed to those with an email) to copy and send.
 */
export function InvitePage() {
  const { t } = useTranslation();
  const lang = useLang();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [closed, setClosed] = useState<string | null>(null);
  const [done, setDone] = useState<Invited | null>(null);
  const label = useLabel();
  const templateType = Form.useWatch('templateType', form) ?? 0;
  const gid = Form.useWatch('gid', form) ?? null;
  const types = useQuery({ queryKey: ['invitations', 'types'], queryFn: () => api.getVisitorType({}) });
  const gates = useQuery({ queryKey: ['invitations', 'gates'], queryFn: () => api.getGate({}) });

  const text = (rule: string, field: string) => {
    if (isInviteRule(rule)) return t(`invitations.invite.rules.${rule}`, { days: VISIT_DAYS_WINDOW });
    return ruleMessage(t, rule, { max: FIELD_MAX[field], field });
  };

  const submit = async (v: Values) => {
    setClosed(null);
    setBusy(true);
    try {
      const invited = await api.addAppointment(
        {
          visitors: inviteesOf(v.visitors, lang),
          appointmentDate: v.at?.valueOf() ?? 0,
          tid: v.tid ?? null,
          gid: v.gid ?? null,
          visitReason: v.visitReason?.trim() ?? '',
          templateType: v.templateType,
        },
        { silent: SILENT },
      );
      setDone(invited);
    } catch (err) {
      if (!(err instanceof ApiError) || err.http !== undefined) return;
      if (err.status === Status.INVITE_FEATURE_OFF) setClosed(err.reason);
      else if (err.fieldErrors.length)
        form.setFields(err.fieldErrors.map((f) => ({ name: namePath(f.field) as never, errors: [text(f.rule, f.field.split('.').at(-1) ?? '')] })));
      else displayError(err);
    } finally {
      setBusy(false);
    }
  };

  if (done)
    return (
      <>
        <PageHeader title={t('invitations.invite.title')} />
        <Card>
          <Result
            status="success"
            title={t('invitations.invite.done', { count: done.length })}
            subTitle={t('invitations.invite.doneHelp')}
            extra={
              <Button
                type="primary"
                onClick={() => {
                  setDone(null);
                  form.resetFields();
                }}
              >
                {t('invitations.invite.again')}
              </Button>
            }
          />
          <Flex vertical gap={12} data-testid="invite-links">
            {done.map((v) => (
              <Flex key={v.vid} vertical>
                <Typography.Text strong>
                  {v.vname} · {v.vphone || v.vemail}
                </Typography.Text>
                <Typography.Paragraph copyable={{ text: v.inviteLink }} style={{ margin: 0 }} ellipsis>
                  {v.inviteLink}
                </Typography.Paragraph>
              </Flex>
            ))}
          </Flex>
        </Card>
      </>
    );

  return (
    <>
      <PageHeader title={t('invitations.invite.title')} extra={<Typography.Text type="secondary">{t('invitations.invite.intro')}</Typography.Text>} />
      <Card style={{ maxWidth: 880 }}>
        {closed ? <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={t('invitations.invite.closed')} description={closed} /> : null}
        <Form<Values>
          form={form}
          layout="vertical"
          initialValues={{ visitors: [{ lang }], templateType: 0 }}
          onFinish={(v) => void submit(v)}
          requiredMark
        >
          <InviteeFields />
          <Space wrap align="start" style={{ marginTop: 16 }}>
            <Form.Item
              name="at"
              label={t('invitations.invite.time')}
              rules={[
                { required: true, message: t('validation.required') },
                {
                  validator: async (_r, v: Dayjs | undefined) => {
                    const rule = v ? appointmentWindowFailure(v.valueOf(), Date.now()) : null;
                    if (rule) throw new Error(text(rule, 'appointmentDate'));
                  },
                },
              ]}
            >
              <DatePicker
                showTime={{ format: 'HH:mm', minuteStep: 5 }}
                format="YYYY-MM-DD HH:mm"
                disabledDate={(d) => d.isBefore(dayjs().startOf('day')) || d.isAfter(dayjs().add(VISIT_DAYS_WINDOW, 'day').endOf('day'))}
              />
            </Form.Item>
            <Form.Item name="tid" label={t('invitations.invite.type')}>
              <Select
                style={{ width: 180 }}
                allowClear
                loading={types.isPending}
                options={(types.data ?? []).map((x) => ({ value: x.tid, label: visitTypeText(x.vType, lang) }))}
              />
            </Form.Item>
            {gates.data?.length ? (
              <Form.Item name="gid" label={t('invitations.invite.gate')}>
                <Select style={{ width: 160 }} allowClear options={gates.data.map((g) => ({ value: g.gid, label: g.gname }))} />
              </Form.Item>
            ) : null}
            <Form.Item name="visitReason" label={t('invitations.invite.reason')}>
              <Input style={{ width: 240 }} maxLength={200} />
            </Form.Item>
          </Space>
          <Form.Item name="templateType" label={t('invitations.invite.template')} extra={<TemplateHint type={templateType} gid={gid} />}>
            <Radio.Group optionType="button" options={TEMPLATE_TYPES.map((x) => ({ value: x, label: label('invitationTemplate', x) }))} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('invitations.invite.submit')}
          </Button>
        </Form>
      </Card>
    </>
  );
}
