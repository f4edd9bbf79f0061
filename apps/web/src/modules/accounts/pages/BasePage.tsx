import { EditOutlined } from '@ant-design/icons';
import { COUNTRY_CODES, DEFAULT_COUNTRY } from '@openvisit/contract';
import { App, Button, Card, Descriptions, Drawer, Form, Input, Result, Select, Skeleton, Space } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useModifyUserInfo, useUserInfo } from '../../../core/company/public';
import { PageHeader } from '../../../platform/components/PageHeader';
import { handleFormError } from '../../../platform/fieldErrors';
import { formatDate, formatDateTime } from '../../../platform/format';
import { useRules } from '../../../platform/formRules';
import { useLabel, useLang } from '../../../platform/i18n';

interface Values {
  company: string;
  shortName?: string;
  username: string;
  phone: string;
  remark?: string;
  country: string;
}

/** A country's name in the console's language (the browser's own list), its code when the browser has none. */
function useCountryName(): (code: string) => string {
  const lang = useLang();
  return useMemo(() => {
    const names = new Intl.DisplayNames([lang === 'zh' ? 'zh-CN' : 'en'], { type: 'region', fallback: 'code' });
    return (code: string) => names.of(code) ?? code;
  }, [lang]);
}

function EditCompanyDrawer({ open, onClose, initial }: { open: boolean; onClose: () => void; initial: Values }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const rules = useRules();
  const modify = useModifyUserInfo();
  const [form] = Form.useForm<Values>();
  const countryName = useCountryName();
  const countries = useMemo(
    () => COUNTRY_CODES.map((c) => ({ value: c, label: countryName(c) })).sort((x, y) => x.label.localeCompare(y.label)),
    [countryName],
  );

  const submit = async (v: Values) => {
    const shortName = v.shortName?.trim();
    try {
      // An empty short name is left out: the contract refuses '' for it (see the issue note).
      await modify.mutateAsync({
        company: v.company,
        username: v.username,
        phone: v.phone,
        remark: v.remark ?? '',
        country: v.country as (typeof COUNTRY_CODES)[number],
        ...(shortName ? { shortName } : {}),
      });
      void message.success(t('common.saved'));
      onClose();
    } catch (err) {
      handleFormError(form, err);
    }
  };

  return (
    <Drawer
      title={t('accounts.base.editTitle')}
      open={open}
      onClose={onClose}
      destroyOnHidden
      size={480}
      extra={
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={modify.isPending} onClick={() => form.submit()}>
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      <Form form={form} name="company" layout="vertical" initialValues={initial} onFinish={submit}>
        <Form.Item label={t('accounts.base.company')} name="company" rules={rules.companyName()}>
          <Input />
        </Form.Item>
        <Form.Item label={t('accounts.base.shortName')} name="shortName" rules={rules.companyShortName({ optional: true })}>
          <Input />
        </Form.Item>
        <Form.Item label={t('accounts.base.username')} name="username" rules={rules.personName()}>
          <Input />
        </Form.Item>
        <Form.Item label={t('accounts.base.phone')} name="phone" rules={rules.phone()}>
          <Input />
        </Form.Item>
        <Form.Item
          label={t('accounts.base.country')}
          name="country"
          extra={t('accounts.base.countryHelp')}
          rules={[{ required: true, message: t('validation.required') }]}
        >
          <Select showSearch={{ optionFilterProp: 'label' }} options={countries} data-testid="company-country" />
        </Form.Item>
        <Form.Item label={t('accounts.base.remark')} name="remark">
          <Input.TextArea rows={4} maxLength={500} showCount />
        </Form.Item>
      </Form>
    </Drawer>
  );
}

/** Account settings › company information (`GetUserInfo`), editable with `ModifyUserInfo`. */
export function BasePage() {
  const { t } = useTranslation();
  const label = useLabel();
  const info = useUserInfo();
  const [editing, setEditing] = useState(false);
  const d = info.data;
  const notSet = t('accounts.base.notSet');
  const countryName = useCountryName();

  return (
    <>
      <PageHeader
        title={t('accounts.base.title')}
        actions={
          <Button icon={<EditOutlined />} disabled={!d} onClick={() => setEditing(true)}>
            {t('accounts.base.edit')}
          </Button>
        }
      />
      <Card>
        {info.isPending ? (
          <Skeleton active paragraph={{ rows: 8 }} />
        ) : !d ? (
          <Result status="warning" title={t('common.empty')} extra={<Button onClick={() => void info.refetch()}>{t('common.retry')}</Button>} />
        ) : (
          <Descriptions
            column={{ xs: 1, md: 2 }}
            bordered
            items={[
              { key: 'company', label: t('accounts.base.company'), children: d.company },
              { key: 'shortName', label: t('accounts.base.shortName'), children: d.shortName || notSet },
              { key: 'username', label: t('accounts.base.username'), children: d.username },
              { key: 'email', label: t('accounts.base.email'), children: d.email },
              { key: 'phone', label: t('accounts.base.phone'), children: d.phone || notSet },
              { key: 'version', label: t('accounts.base.version'), children: label('version', d.userType) },
              { key: 'regDate', label: t('accounts.base.regDate'), children: formatDateTime(d.regDate) },
              { key: 'loginDate', label: t('accounts.base.loginDate'), children: formatDateTime(d.loginDate, t('accounts.base.never')) },
              { key: 'expireDate', label: t('accounts.base.expireDate'), children: formatDate(d.expireDate, t('accounts.base.noExpiry')) },
              { key: 'country', label: t('accounts.base.country'), children: countryName(d.country || DEFAULT_COUNTRY) },
              { key: 'remark', label: t('accounts.base.remark'), children: d.remark || notSet, span: 'filled' },
            ]}
          />
        )}
      </Card>
      {d ? (
        <EditCompanyDrawer
          open={editing}
          onClose={() => setEditing(false)}
          initial={{
            company: d.company,
            shortName: d.shortName,
            username: d.username,
            phone: d.phone,
            remark: d.remark,
            country: d.country || DEFAULT_COUNTRY,
          }}
        />
      ) : null}
    </>
  );
}
