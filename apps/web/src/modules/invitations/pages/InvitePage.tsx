import { type addAppointment, type CallOutput, Status, TEMPLATE_TYPES, type TemplateType, VaPerm } from '@openvisit/contract';
import { Alert, Button, Card, Flex, Form, Radio, Result, Select, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserInfo } from '../../../core/company/public';
import { api } from '../../../platform/api';
import { ApiError } from '../../../platform/apiError';
import { PageHeader } from '../../../platform/components/PageHeader';
import { useLabel, useLang } from '../../../platform/i18n';
import { displayError } from '../../../platform/notify';
import { useSubCompanyEmployees } from '../../employees/public';
import { useApplicableTemplate } from '../api';
import { InviteCommonFields, type InviteCommonValues } from '../components/InviteCommonFields';
import { InviteeFields, type InviteeRow, inviteesOf } from '../components/InviteeFields';
import { InviteGate } from '../components/InviteGate';
import { KnownVisitorHint } from '../components/KnownVisitorHint';
import { namePath, refusedVisitors, useInviteRuleText } from '../rules';

interface Values extends InviteCommonValues {
  visitors: InviteeRow[];
  templateType: TemplateType;
  /** The host, chosen by a sub-company among its employees (an employee invites as themselves). */
  empid?: number;
}
type Invited = CallOutput<typeof addAppointment>;

/** Which template the invitation will be sent with, for the chosen type and entrance. */
function TemplateHint({ type, gid, empid }: { type: TemplateType; gid: number | null; empid?: number }) {
  const { t } = useTranslation();
  const label = useLabel();
  const applicable = useApplicableTemplate(type, gid, { empid });
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
export function InvitePage({ forSubCompany = false }: { forSubCompany?: boolean }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [closed, setClosed] = useState<string | null>(null);
  const [done, setDone] = useState<Invited | null>(null);
  const label = useLabel();
  const templateType = Form.useWatch('templateType', form) ?? 0;
  const gid = Form.useWatch('gid', form) ?? null;
  const empid = Form.useWatch('empid', form);
  const text = useInviteRuleText();

  const submit = async (v: Values) => {
    setClosed(null);
    setBusy(true);
    try {
      const invited = await api.addAppointment(
        {
          ...(forSubCompany && { empid: v.empid }),
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
      // Screening's refusal (66) names the visitors it refused: said on their names, as a field error would be.
      const fieldErrors = err.status === Status.BLACKLISTED ? refusedVisitors(err.result) : err.fieldErrors;
      if (err.status === Status.INVITE_FEATURE_OFF) setClosed(err.reason);
      else if (fieldErrors.length)
        form.setFields(fieldErrors.map((f) => ({ name: namePath(f.field) as never, errors: [text(f.rule, f.field.split('.').at(-1) ?? '')] })));
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
      <Gate forSubCompany={forSubCompany}>
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
            {forSubCompany ? <HostField /> : null}
            <InviteeFields rowExtra={forSubCompany ? undefined : (i) => <KnownVisitorHint form={form} index={i} />} />
            <div style={{ marginTop: 16 }}>
              <InviteCommonFields />
            </div>
            <Form.Item
              name="templateType"
              label={t('invitations.invite.template')}
              extra={<TemplateHint type={templateType} gid={gid} empid={empid} />}
            >
              <Radio.Group optionType="button" options={TEMPLATE_TYPES.map((x) => ({ value: x, label: label('invitationTemplate', x) }))} />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={busy}>
              {t('invitations.invite.submit')}
            </Button>
          </Form>
        </Card>
      </Gate>
    </>
  );
}

/** A sub-company's invite: the host is one of its own employees. */
function HostField() {
  const { t } = useTranslation();
  const hosts = useSubCompanyEmployees();
  return (
    <Form.Item name="empid" label={t('invitations.invite.host')} rules={[{ required: true, message: t('validation.required') }]}>
      <Select
        showSearch={{ optionFilterProp: 'label' }}
        style={{ maxWidth: 360 }}
        loading={hosts.isPending}
        notFoundContent={t('invitations.invite.noHosts')}
        options={(hosts.data ?? []).map((e) => ({ value: e.empid, label: e.empNo ? `${e.empName} (${e.empNo})` : e.empName }))}
        data-testid="invite-host"
      />
    </Form.Item>
  );
}

/**
 * Before the form: an employee is asked whether they may invite (InviteGate); a sub-company reads the head office's
 * invitation permission (permissionSwitch, from GetUserInfo) and its own (vaPerm bit 1), and is told when either is
 * closed.
 */
function Gate({ forSubCompany, children }: { forSubCompany: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  const info = useUserInfo();
  if (!forSubCompany) return <InviteGate>{children}</InviteGate>;
  // The head office's invitation switch, and its own permission to invite (vaPerm bit 1).
  if (info.data && (info.data.permissionSwitch !== 1 || (info.data.vaPerm & VaPerm.INVITATION) === 0))
    return (
      <Card>
        <Result
          status="warning"
          title={t('invitations.invite.closed')}
          subTitle={t('invitations.invite.closedForSubCompany')}
          data-testid="invite-closed"
        />
      </Card>
    );
  return <>{children}</>;
}

/** The sub-company portal's invite (/subcom/invite): on behalf of one of its employees, with its own templates. */
export function SubCompanyInvitePage() {
  return <InvitePage forSubCompany />;
}
