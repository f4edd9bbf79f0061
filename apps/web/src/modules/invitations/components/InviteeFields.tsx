import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { INVITEES_MAX } from '@openvisit/contract';
import { Button, Flex, Form, Input, Select, Space } from 'antd';
import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useRules } from '../../../platform/formRules';
import { useLang } from '../../../platform/i18n';

/** One visitor of an invitation (or of a meeting's) as the form holds it. */
export interface InviteeRow {
  name?: string;
  phone?: string;
  email?: string;
  company?: string;
  lang?: 'zh' | 'en';
}

/** The rows as the calls take them (`invitee` of the contract). */
export function inviteesOf(rows: readonly InviteeRow[] | undefined, lang: 'zh' | 'en') {
  return (rows ?? []).map((r) => ({
    name: r.name?.trim() ?? '',
    phone: r.phone?.trim() ?? '',
    email: r.email?.trim() ?? '',
    company: r.company?.trim() ?? '',
    lang: r.lang ?? lang,
  }));
}

/**
 * The visitors of an invitation: name, a mobile phone or an email (at least one, spec section 5), company and the
 * language of their invitation, each checked as typed with the contract's rules; rows are added up to the contract's
 * limit and removed down to one. `rules` checks the list itself (shown below it); `rowExtra` adds something under a
 * row (the single invite's "came before" hint).
 */
export function InviteeFields({
  name = 'visitors',
  rules: listRules,
  rowExtra,
}: {
  name?: string;
  rules?: ComponentProps<typeof Form.List>['rules'];
  rowExtra?: (index: number) => ReactNode;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const rules = useRules();
  const form = Form.useFormInstance();

  const contactRule = (index: number) => ({
    validator: async () => {
      const row = form.getFieldValue([name, index]) as InviteeRow | undefined;
      if (!row?.phone?.trim() && !row?.email?.trim()) throw new Error(t('invitations.invite.rules.phoneOrEmail'));
    },
  });

  return (
    <Form.List name={name} rules={listRules}>
      {(rows, { add, remove }, { errors }) => (
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
                  dependencies={[[name, row.name, 'email']]}
                  rules={[...rules.phone({ optional: true }), contactRule(row.name)]}
                >
                  <Input style={{ width: 150 }} maxLength={32} inputMode="tel" />
                </Form.Item>
                <Form.Item
                  name={[row.name, 'email']}
                  label={t('invitations.invite.email')}
                  dependencies={[[name, row.name, 'phone']]}
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
              {rowExtra?.(row.name)}
            </Flex>
          ))}
          <Form.ErrorList errors={errors} />
          {rows.length < INVITEES_MAX ? (
            <Button icon={<PlusOutlined />} onClick={() => add({ lang })} style={{ alignSelf: 'flex-start' }}>
              {t('invitations.invite.addVisitor')}
            </Button>
          ) : null}
        </Flex>
      )}
    </Form.List>
  );
}
