import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { type addAppointment, type CallOutput, INVITEES_MAX, Status } from '@openvisit/contract';
import { Alert, Button, Card, Flex, Form, Input, Result, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../platform/api';
import { ApiError } from '../../../platform/apiError';
import { PageHeader } from '../../../platform/components/PageHeader';
import { FORM_SILENT } from '../../../platform/fieldErrors';
import { useRules } from '../../../platform/formRules';
import { useLang } from '../../../platform/i18n';
import { displayError } from '../../../platform/notify';
import { InviteCommonFields, type InviteCommonValues } from '../components/InviteCommonFields';
import { KnownVisitorHint } from '../components/KnownVisitorHint';
import { namePath, useInviteRuleText } from '../rules';

interface Row {
  name?: string;
  phone?: string;
  email?: string;
  company?: string;
  lang?: 'zh' | 'en';
}
interface Values extends InviteCommonValues {
  visitors: Row[];
}
type Invited = CallOutput<typeof addAppointment>;

const SILENT: readonly number[] = [...FORM_SILENT, Status.SAME_PHONE_APPOINTMENT, Status.INVITE_FEATURE_OFF];

/**
 * The employee portal's single invite (/emporder/sigleorder): one or more visitors (a phone or an email each), the
 * time within the visit-days window, type, gate and purpose; checked as typed with the server's rules. The answer
 * lists each visitor's invitation link (mailed to those with an email) to copy and send.
 */
export function InvitePage() {
  const { t } = useTranslation();
  const lang = useLang();
  const rules = useRules();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [closed, setClosed] = useState<string | null>(null);
  const [done, setDone] = useState<Invited | null>(null);
  const text = useInviteRuleText();

  const submit = async (v: Values) => {
    setClosed(null);
    setBusy(true);
    try {
      const invited = await api.addAppointment(
        {
          visitors: v.visitors.map((r) => ({
            name: r.name?.trim() ?? '',
            phone: r.phone?.trim() ?? '',
            email: r.email?.trim() ?? '',
            company: r.company?.trim() ?? '',
            lang: r.lang ?? lang,
          })),
          appointmentDate: v.at?.valueOf() ?? 0,
          tid: v.tid ?? null,
          gid: v.gid ?? null,
          visitReason: v.visitReason?.trim() ?? '',
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

  const contactRule = (index: number) => ({
    validator: async () => {
      const row = form.getFieldValue(['visitors', index]) as Row | undefined;
      if (!row?.phone?.trim() && !row?.email?.trim()) throw new Error(t('invitations.invite.rules.phoneOrEmail'));
    },
  });

  return (
    <>
      <PageHeader title={t('invitations.invite.title')} extra={<Typography.Text type="secondary">{t('invitations.invite.intro')}</Typography.Text>} />
      <Card style={{ maxWidth: 880 }}>
        {closed ? <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={t('invitations.invite.closed')} description={closed} /> : null}
        <Form<Values> form={form} layout="vertical" initialValues={{ visitors: [{ lang }] }} onFinish={(v) => void submit(v)} requiredMark>
          <Form.List name="visitors">
            {(rows, { add, remove }) => (
              <Flex vertical gap={8}>
                {rows.map((row, i) => (
                  <Flex key={row.key} vertical data-testid={`invitee-${i}`}>
                    <Space align="start" wrap>
                      <Form.Item name={[row.name, 'name']} label={t('invitations.invite.name')} rules={[...rules.required(), ...rules.personName()]}>
                        <Input style={{ width: 150 }} maxLength={50} />
                      </Form.Item>
                      <Form.Item
                        name={[row.name, 'phone']}
                        label={t('invitations.invite.phone')}
                        dependencies={[['visitors', row.name, 'email']]}
                        rules={[...rules.phone({ optional: true }), contactRule(row.name)]}
                      >
                        <Input style={{ width: 150 }} maxLength={32} inputMode="tel" />
                      </Form.Item>
                      <Form.Item
                        name={[row.name, 'email']}
                        label={t('invitations.invite.email')}
                        dependencies={[['visitors', row.name, 'phone']]}
                        rules={[...rules.email({ optional: true }), contactRule(row.name)]}
                      >
                        <Input style={{ width: 190 }} maxLength={100} inputMode="email" />
                      </Form.Item>
                      <Form.Item name={[row.name, 'company']} label={t('invitations.invite.company')}>
                        <Input style={{ width: 150 }} maxLength={100} />
                      </Form.Item>
                      <Form.Item name={[row.name, 'lang']} label={t('invitations.invite.lang')}>
                        <Select
                          style={{ width: 100 }}
                          options={[
                            { value: 'zh', label: '中文' },
                            { value: 'en', label: 'English' },
                          ]}
                        />
                      </Form.Item>
                      {rows.length > 1 ? (
                        <Button
                          type="text"
                          danger
                          icon={<DeleteOutlined />}
                          aria-label={t('invitations.invite.remove')}
                          style={{ marginTop: 30 }}
                          onClick={() => remove(row.name)}
                        />
                      ) : null}
                    </Space>
                    <KnownVisitorHint form={form} index={row.name} />
                  </Flex>
                ))}
                {rows.length < INVITEES_MAX ? (
                  <Button icon={<PlusOutlined />} onClick={() => add({ lang })} style={{ alignSelf: 'flex-start' }}>
                    {t('invitations.invite.addVisitor')}
                  </Button>
                ) : null}
              </Flex>
            )}
          </Form.List>
          <div style={{ marginTop: 16 }}>
            <InviteCommonFields />
          </div>
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('invitations.invite.submit')}
          </Button>
        </Form>
      </Card>
    </>
  );
}
