import { UploadOutlined } from '@ant-design/icons';
import { GRANT_AREAS, grantAreaLabels, Status, type SubAccount, type SubAccountTemplate, VaPerm } from '@openvisit/contract';
import {
  App,
  Button,
  Checkbox,
  DatePicker,
  Drawer,
  Flex,
  Form,
  type FormInstance,
  Input,
  Radio,
  Select,
  Space,
  Switch,
  Typography,
  Upload,
} from 'antd';
import type { TFunction } from 'i18next';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../platform/apiError';
import { handleFormError } from '../../../platform/fieldErrors';
import { useRules } from '../../../platform/formRules';
import { currentLang } from '../../../platform/i18n';
import { useGates, useGroups } from '../../devices/public';
import { TwoStepReset } from '../../passkeys/public';
import { useAddSubAccount, useSubLogoUrl, useSubTemplates, useUpdateSubAccount, useUploadSubLogo } from '../api';
import { SaveTemplateButton } from './SaveTemplateButton';
import { alikeInput, type SubValues, valuesOf } from './subValues';

const TAKEN_FIELDS: Partial<Record<number, 'companyName' | 'email' | 'shortName'>> = {
  [Status.COMPANY_NAME_TAKEN]: 'companyName',
  [Status.EMAIL_TAKEN]: 'email',
  [Status.ALREADY_EXISTS]: 'shortName',
};

/** 46, 4 and 3 are the form's: shown on the field they name. */
function showTaken(form: FormInstance<SubValues>, err: unknown, t: TFunction): boolean {
  const field = err instanceof ApiError ? TAKEN_FIELDS[err.status] : undefined;
  if (!field) return false;
  form.setFields([{ name: field, errors: [t(`subCompanies.form.${field}Taken`)] }]);
  return true;
}

function LogoField({ sub }: { sub: SubAccount }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const upload = useUploadSubLogo();
  const url = useSubLogoUrl(sub.id, sub.logo);
  return (
    <Flex gap={12} align="center">
      {url ? <img src={url} alt={t('subCompanies.form.logo')} style={{ maxHeight: 42, maxWidth: 168 }} /> : null}
      <Upload
        accept=".jpg,.jpeg,.png,.webp,.gif"
        showUploadList={false}
        beforeUpload={(file) => {
          upload
            .mutateAsync({ id: sub.id, file })
            .then(() => void message.success(t('subCompanies.form.logoSaved')))
            .catch(() => undefined);
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={upload.isPending}>
          {t('subCompanies.form.logoUpload')}
        </Button>
      </Upload>
    </Flex>
  );
}

function AccessFields({ templates }: { templates: SubAccountTemplate[] }) {
  const { t } = useTranslation();
  const gates = useGates();
  const groups = useGroups();
  const lang = currentLang();
  const form = Form.useFormInstance<SubValues>();
  const adminType = Form.useWatch('adminType', form);
  return (
    <>
      {templates.length ? (
        <Form.Item label={t('subCompanies.form.fromTemplate')}>
          <Select
            allowClear
            options={templates.map((x) => ({ value: x.id, label: x.name }))}
            onChange={(id) => {
              const tmpl = templates.find((x) => x.id === id);
              if (tmpl) form.setFieldsValue(valuesOf(tmpl));
            }}
          />
        </Form.Item>
      ) : null}
      <Form.Item name="floor" label={t('subCompanies.form.floor')}>
        <Input maxLength={32} />
      </Form.Item>
      <Form.Item name="roomNumbers" label={t('subCompanies.form.roomNumbers')} extra={t('subCompanies.form.roomNumbersHelp')}>
        <Select mode="tags" open={false} maxCount={50} />
      </Form.Item>
      <Form.Item name="gids" label={t('subCompanies.form.gids')}>
        <Select mode="multiple" loading={gates.isPending} options={(gates.data ?? []).map((g) => ({ value: g.gid, label: g.gname }))} />
      </Form.Item>
      <Form.Item name="egids" label={t('subCompanies.form.egids')}>
        <Select mode="multiple" loading={groups.isPending} options={(groups.data ?? []).map((g) => ({ value: g.egid, label: g.egname }))} />
      </Form.Item>
      <Form.Item name="vaPerm" label={t('subCompanies.form.vaPerm')}>
        <Checkbox.Group
          options={[
            { value: VaPerm.INVITATION, label: t('subCompanies.form.vaPermInvitation') },
            { value: VaPerm.APPOINTMENT, label: t('subCompanies.form.vaPermAppointment') },
            { value: VaPerm.AUTHORISATION, label: t('subCompanies.form.vaPermAuthorisation') },
          ]}
        />
      </Form.Item>
      <Form.Item name="validity" label={t('subCompanies.form.validity')}>
        <DatePicker.RangePicker allowEmpty={[true, true]} />
      </Form.Item>
      <Form.Item name="adminType" label={t('subCompanies.form.adminType')}>
        <Radio.Group
          options={[
            { value: 0, label: t('subCompanies.form.adminFixed') },
            { value: 1, label: t('subCompanies.form.adminModules') },
          ]}
        />
      </Form.Item>
      {adminType ? (
        <Form.Item name="modules" label={t('subCompanies.form.modules')}>
          <Checkbox.Group options={GRANT_AREAS.map((m) => ({ value: m, label: grantAreaLabels[m][lang] }))} />
        </Form.Item>
      ) : null}
    </>
  );
}

/** Create or edit a sub-company: every field, validated as typed with the contract's rules; refusals on their fields. */
export function SubCompanyDrawer({ open, sub, onClose }: { open: boolean; sub: SubAccount | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const rules = useRules();
  const [form] = Form.useForm<SubValues>();
  const add = useAddSubAccount();
  const update = useUpdateSubAccount();
  const templates = useSubTemplates(open);
  const initial: Partial<SubValues> = sub
    ? {
        ...valuesOf(sub),
        companyName: sub.companyName,
        shortName: sub.shortName,
        contactName: sub.contactName,
        email: sub.email,
        phone: sub.phone,
        roomNumbers: sub.roomNumbers,
        isUse: sub.isUse === 1,
      }
    : { vaPerm: [VaPerm.INVITATION, VaPerm.APPOINTMENT], adminType: 0, roomNumbers: [], gids: [], egids: [] };

  const submit = async (v: SubValues) => {
    const own = {
      companyName: v.companyName,
      shortName: v.shortName,
      contactName: v.contactName?.trim() ?? '',
      email: v.email,
      phone: v.phone?.trim() ?? '',
      roomNumbers: v.roomNumbers ?? [],
      ...alikeInput(v),
    };
    try {
      if (sub) {
        await update.mutateAsync({ id: sub.id, ...own, isUse: v.isUse === false ? 0 : 1 });
        void message.success(t('subCompanies.form.saved'));
      } else {
        await add.mutateAsync({ ...own, ...(v.password ? { password: v.password } : {}) });
        void message.success(v.password ? t('subCompanies.form.saved') : t('subCompanies.form.mailed', { email: v.email }));
      }
      onClose();
    } catch (err) {
      if (!showTaken(form, err, t)) handleFormError(form, err);
    }
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={560}
      destroyOnHidden
      title={sub ? t('subCompanies.form.editTitle', { name: sub.companyName }) : t('subCompanies.form.addTitle')}
      extra={
        <Space>
          <SaveTemplateButton form={form} />
          <Button type="primary" loading={add.isPending || update.isPending} onClick={() => form.submit()} data-testid="sub-save">
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      {sub ? (
        <Suspense fallback={null}>
          <TwoStepReset
            name={sub.companyName}
            security={sub}
            pending={update.isPending}
            reset={async () => {
              await update.mutateAsync({ id: sub.id, resetTwoStep: true });
              return sub.passkeys ?? 0;
            }}
          />
        </Suspense>
      ) : null}
      <Form form={form} layout="vertical" initialValues={initial} onFinish={submit} name="sub-company">
        <Form.Item name="companyName" label={t('subCompanies.form.companyName')} rules={rules.companyName()}>
          <Input />
        </Form.Item>
        <Form.Item
          name="shortName"
          label={t('subCompanies.form.shortName')}
          extra={t('subCompanies.form.shortNameHelp')}
          rules={rules.companyShortName()}
        >
          <Input />
        </Form.Item>
        <Form.Item name="contactName" label={t('subCompanies.form.contactName')} rules={rules.personName({ optional: true })}>
          <Input />
        </Form.Item>
        <Form.Item name="email" label={t('subCompanies.form.email')} rules={rules.email()}>
          <Input />
        </Form.Item>
        <Form.Item name="phone" label={t('subCompanies.form.phone')} rules={rules.phone({ optional: true })}>
          <Input />
        </Form.Item>
        {sub ? (
          <>
            <Form.Item name="isUse" label={t('subCompanies.form.isUse')} valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item label={t('subCompanies.form.logo')} extra={t('subCompanies.form.logoHelp')}>
              <LogoField sub={sub} />
            </Form.Item>
          </>
        ) : (
          <>
            <Form.Item
              name="password"
              label={t('subCompanies.form.password')}
              extra={t('subCompanies.form.passwordHelp')}
              rules={rules.password({ optional: true })}
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
            <Typography.Paragraph type="secondary">{t('subCompanies.form.logoAfterCreate')}</Typography.Paragraph>
          </>
        )}
        <AccessFields templates={templates.data ?? []} />
      </Form>
    </Drawer>
  );
}
