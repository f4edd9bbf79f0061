import { labelIn, NAME_PART_MAX, Status, splitLabel } from '@openvisit/contract';
import { Alert, App, Button, Checkbox, Flex, Form, Input, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useModifyUserInfo } from '../../../core/company/public';
import { useVisitorTypes } from '../../../core/sites/public';
import { ApiError } from '../../../platform/apiError';
import type { GuideStepProps } from '../../../platform/guide';
import { useLang } from '../../../platform/i18n';
import { displayError } from '../../../platform/notify';
import { useAddVisitorType } from '../api';
import { showTypeError } from '../components/TypeForm';
import { useRegistrationRules } from '../rules';

/** Visitor types most companies receive, offered ready-made (names are data: the same in both consoles). */
export const GUIDE_PRESETS = [
  { key: 'interview', zh: '面试', en: 'Interview' },
  { key: 'business', zh: '商务', en: 'Business' },
  { key: 'delivery', zh: '送货', en: 'Delivery' },
  { key: 'maintenance', zh: '维修', en: 'Maintenance' },
  { key: 'other', zh: '其他', en: 'Other' },
] as const;

interface Values {
  presets: string[];
  nameZh?: string;
  nameEn?: string;
}

/**
 * Onboarding step "registration content" (/guide3): the company's first visitor types, picked from common ones or
 * typed, each added with the usual form (`addVisitorType`). Types it already has are listed and not added twice.
 */
export function RegistrationStep({ isLast, onDone }: GuideStepProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const lang = useLang();
  const rules = useRegistrationRules();
  const types = useVisitorTypes();
  const add = useAddVisitorType();
  const finish = useModifyUserInfo();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  if (types.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  const existing = types.data ?? [];
  const taken = new Set(existing.flatMap((x) => Object.values(splitLabel(x.vType)).map((n) => n.toLowerCase())));
  const presets = GUIDE_PRESETS.filter((p) => !taken.has(p.zh.toLowerCase()) && !taken.has(p.en.toLowerCase()));

  const done = async (added: number) => {
    if (isLast) await finish.mutateAsync({ guideDone: true });
    if (added > 0) void message.success(t('registration.guide.registration.added', { count: added }));
    onDone();
  };

  const save = async (v: Values) => {
    setProblem(null);
    const wanted = GUIDE_PRESETS.filter((p) => v.presets?.includes(p.key)).map((p) => `${p.zh}#${p.en}`);
    const own = v.nameZh?.trim() || v.nameEn?.trim() ? `${v.nameZh?.trim() ?? ''}#${v.nameEn?.trim() ?? ''}` : null;
    if (!wanted.length && !own && !existing.length) {
      setProblem(t('registration.guide.registration.nothing'));
      return;
    }
    setBusy(true);
    let added = 0;
    try {
      for (const vType of wanted) {
        try {
          await add.mutateAsync({ vType });
          added += 1;
        } catch (err) {
          // Added meanwhile (another tab): nothing to do.
          if (!(err instanceof ApiError) || err.status !== Status.VISITOR_TYPE_EXISTS) throw err;
        }
      }
      if (own) {
        try {
          await add.mutateAsync({ vType: own });
          added += 1;
        } catch (err) {
          showTypeError(form, err, t);
          form.setFieldValue('presets', []);
          if (added) void message.success(t('registration.guide.registration.added', { count: added }));
          return;
        }
      }
      await done(added);
    } catch (err) {
      if (err instanceof ApiError && !err.displayed) displayError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      name="guideRegistration"
      initialValues={{ presets: existing.length ? [] : ['business', 'interview'] }}
      onFinish={save}
    >
      <Typography.Paragraph type="secondary">{t('registration.guide.registration.intro')}</Typography.Paragraph>
      {existing.length ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('registration.guide.registration.existing', {
            names: existing.map((x) => labelIn(x.vType, lang)).join(lang === 'zh' ? '、' : ', '),
          })}
          data-testid="guide-existing-types"
        />
      ) : null}
      {presets.length ? (
        <Form.Item label={t('registration.guide.registration.presets')} name="presets">
          <Checkbox.Group data-testid="guide-presets">
            <Flex gap={12} wrap>
              {presets.map((p) => (
                <Checkbox key={p.key} value={p.key}>
                  {lang === 'zh' ? p.zh : p.en}
                </Checkbox>
              ))}
            </Flex>
          </Checkbox.Group>
        </Form.Item>
      ) : null}
      <Form.Item label={t('registration.guide.registration.own')} extra={t('registration.guide.registration.ownHelp')} style={{ marginBottom: 8 }}>
        <Flex gap={12} wrap>
          <Form.Item
            name="nameZh"
            rules={rules.namePartOfPair('nameEn')}
            dependencies={['nameEn']}
            style={{ flex: 1, minWidth: 180, marginBottom: 0 }}
          >
            <Input placeholder={t('registration.types.nameZh')} maxLength={NAME_PART_MAX} data-testid="guide-type-zh" />
          </Form.Item>
          <Form.Item
            name="nameEn"
            rules={rules.namePartOfPair('nameZh')}
            dependencies={['nameZh']}
            style={{ flex: 1, minWidth: 180, marginBottom: 0 }}
          >
            <Input placeholder={t('registration.types.nameEn')} maxLength={NAME_PART_MAX} data-testid="guide-type-en" />
          </Form.Item>
        </Flex>
      </Form.Item>
      {problem ? <Alert type="warning" showIcon title={problem} style={{ marginBottom: 16 }} data-testid="guide-registration-problem" /> : null}
      <Space style={{ marginTop: 16 }}>
        <Button type="primary" htmlType="submit" loading={busy}>
          {isLast ? t('guide.finish') : t('guide.next')}
        </Button>
        <Button onClick={() => void done(0)} disabled={busy}>
          {t('registration.guide.registration.skip')}
        </Button>
      </Space>
    </Form>
  );
}
