import { type addAppointment, type CallOutput, Status, TEMPLATE_TYPES, type TemplateType } from '@openvisit/contract';
import { Alert, Button, Card, Flex, Form, Radio, Result, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../platform/api';
import { ApiError } from '../../../platform/apiError';
import { PageHeader } from '../../../platform/components/PageHeader';
import { useLabel, useLang } from '../../../platform/i18n';
import { displayError } from '../../../platform/notify';
import { useApplicableTemplate } from '../api';
import { InviteCommonFields, type InviteCommonValues } from '../components/InviteCommonFields';
import { InviteeFields, type InviteeRow, inviteesOf } from '../components/InviteeFields';
import { InviteGate } from '../components/InviteGate';
import { KnownVisitorHint } from '../components/KnownVisitorHint';
import { namePath, useInviteRuleText } from '../rules';

interface Values extends InviteCommonValues {
  visitors: InviteeRow[];
  templateType: TemplateType;
}
type Invited = CallOutput<typeof addAppointment>;

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
  const text = useInviteRuleText();

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
        { silent: 'form' },
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
      <InviteGate>
        <Card style={{ maxWidth: 880 }}>
          {closed ? <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={t('invitations.invite.closed')} description={closed} /> : null}
          <Form<Values>
            form={form}
            layout="vertical"
            className="app-phone-fill"
            initialValues={{ visitors: [{ lang }], templateType: 0 }}
            onFinish={(v) => void submit(v)}
            requiredMark
          >
            <InviteeFields rowExtra={(i) => <KnownVisitorHint form={form} index={i} />} />
            <div style={{ marginTop: 16 }}>
              <InviteCommonFields />
            </div>
            <Form.Item name="templateType" label={t('invitations.invite.template')} extra={<TemplateHint type={templateType} gid={gid} />}>
              <Radio.Group optionType="button" options={TEMPLATE_TYPES.map((x) => ({ value: x, label: label('invitationTemplate', x) }))} />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={busy}>
              {t('invitations.invite.submit')}
            </Button>
          </Form>
        </Card>
      </InviteGate>
    </>
  );
}
