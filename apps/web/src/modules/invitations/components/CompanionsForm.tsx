import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { Invitation } from '@openvisit/contract';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Card, Flex, Form, Input, List, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../../../platform/api';
import { ApiError } from '../../../platform/apiError';
import { useRules } from '../../../platform/formRules';
import { displayError } from '../../../platform/notify';
import { namePath, useInviteRuleText } from '../rules';

interface Values {
  followers: { name?: string; phone?: string }[];
}

/**
 * The people coming with the visitor, on the invitation page: listed, and while the invitation takes them (accepted,
 * window open) edited as a whole list of names and optional phones, checked as typed with the server's rules.
 */
export function CompanionsForm({ token, data, onSaved }: { token: string; data: Invitation; onSaved: (next: Invitation) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const rules = useRules();
  const text = useInviteRuleText();
  const [form] = Form.useForm<Values>();
  const save = useMutation({
    mutationFn: (v: Values) =>
      api.updateSupplementAppointment(
        { secid: token, followers: v.followers.map((f) => ({ name: f.name?.trim() ?? '', phone: f.phone?.trim() ?? '' })) },
        { silent: 'form' },
      ),
    onSuccess: (next) => {
      void message.success(t('invitations.page.companionsSaved'));
      onSaved(next);
    },
    onError: (err) => {
      if (err instanceof ApiError && err.http === undefined && err.fieldErrors.length)
        form.setFields(err.fieldErrors.map((f) => ({ name: namePath(f.field) as never, errors: [text(f.rule, f.field.split('.').at(-1) ?? '')] })));
      else if (err instanceof ApiError) displayError(err);
    },
  });

  if (!data.canSupplement)
    return data.followers.length ? (
      <Card size="small" title={t('invitations.page.companions')}>
        <List size="small" dataSource={data.followers} renderItem={(f) => <List.Item>{[f.name, f.phone].filter(Boolean).join(' · ')}</List.Item>} />
      </Card>
    ) : null;

  return (
    <Card size="small" title={t('invitations.page.companions')} data-testid="companions">
      <Typography.Paragraph type="secondary">{t('invitations.page.companionsHelp', { max: data.followersMax })}</Typography.Paragraph>
      <Form<Values> form={form} layout="vertical" initialValues={{ followers: data.followers }} onFinish={(v) => save.mutate(v)}>
        <Form.List name="followers">
          {(rows, { add, remove }) => (
            <Flex vertical gap={4}>
              {rows.map((row, i) => (
                <Space key={row.key} align="start" wrap data-testid={`companion-${i}`}>
                  <Form.Item
                    name={[row.name, 'name']}
                    label={t('invitations.page.companionName')}
                    rules={[...rules.required(), ...rules.personName()]}
                  >
                    <Input style={{ width: 160 }} maxLength={50} />
                  </Form.Item>
                  <Form.Item name={[row.name, 'phone']} label={t('invitations.page.companionPhone')} rules={rules.phone({ optional: true })}>
                    <Input style={{ width: 160 }} maxLength={32} inputMode="tel" />
                  </Form.Item>
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('invitations.page.removeCompanion')}
                    style={{ marginTop: 30 }}
                    onClick={() => remove(row.name)}
                  />
                </Space>
              ))}
              <Space>
                {rows.length < data.followersMax ? (
                  <Button icon={<PlusOutlined />} onClick={() => add({})}>
                    {t('invitations.page.addCompanion')}
                  </Button>
                ) : null}
                <Button type="primary" htmlType="submit" loading={save.isPending}>
                  {t('invitations.page.saveCompanions')}
                </Button>
              </Space>
            </Flex>
          )}
        </Form.List>
      </Form>
    </Card>
  );
}
