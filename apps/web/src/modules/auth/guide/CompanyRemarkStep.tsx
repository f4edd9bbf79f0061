import { Button, Flex, Form, Input, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useModifyUserInfo, useUserInfo } from '../../../core/company/public';
import { handleFormError } from '../../../platform/fieldErrors';
import { useRules } from '../../../platform/formRules';
import type { GuideStepProps } from '../../../platform/guide';

interface Values {
  company: string;
  shortName?: string;
  username: string;
  phone: string;
  remark?: string;
}

/** Step 1: the company's names, contact and remark (`ModifyUserInfo`, prefilled from `GetUserInfo`). */
export function CompanyRemarkStep({ isLast, onDone }: GuideStepProps) {
  const { t } = useTranslation();
  const rules = useRules();
  const info = useUserInfo();
  const modify = useModifyUserInfo();
  const [form] = Form.useForm<Values>();

  if (info.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;

  const submit = async (v: Values) => {
    try {
      // The last step also tells the server the wizard is finished.
      await modify.mutateAsync({
        company: v.company,
        // Optional, as at sign-up: '' clears it.
        shortName: v.shortName?.trim() ?? '',
        username: v.username,
        phone: v.phone,
        remark: v.remark ?? '',
        ...(isLast && { guideDone: true }),
      });
      onDone();
    } catch (err) {
      handleFormError(form, err);
    }
  };

  const d = info.data;
  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={submit}
      initialValues={{
        company: d?.company ?? '',
        shortName: d?.shortName ?? '',
        username: d?.username ?? '',
        phone: d?.phone ?? '',
        remark: d?.remark ?? '',
      }}
    >
      <Form.Item label={t('guide.company')} name="company" rules={rules.companyName()}>
        <Input />
      </Form.Item>
      <Form.Item label={t('guide.shortName')} name="shortName" rules={rules.companyShortName({ optional: true })} extra={t('guide.shortNameHelp')}>
        <Input />
      </Form.Item>
      <Flex gap={16} wrap>
        <Form.Item label={t('guide.username')} name="username" rules={rules.personName()} style={{ flex: 1, minWidth: 200 }}>
          <Input />
        </Form.Item>
        <Form.Item label={t('guide.phone')} name="phone" rules={rules.phone()} style={{ flex: 1, minWidth: 200 }}>
          <Input />
        </Form.Item>
      </Flex>
      <Form.Item label={t('guide.remark')} name="remark" rules={[{ max: 500 }]}>
        <Input.TextArea rows={4} maxLength={500} showCount placeholder={t('guide.remarkPlaceholder')} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={modify.isPending}>
        {isLast ? t('guide.finish') : t('guide.next')}
      </Button>
    </Form>
  );
}
