import { type BasicSettings, dutyTimeErrors } from '@openvisit/contract';
import { App, Button, Card, Flex, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useBasicWrite } from '../../../core/company/public';
import { showWriteError } from '../api';
import { NumberSettingForm, useBasicRuleText } from './NumberSettingForm';

interface DutyValues {
  upDuty: string;
  offDuty: string;
}

/** Working hours as HH:mm: both or neither, the end after the start (the contract's rules, as typed). */
function DutyTimeForm({ settings }: { settings: BasicSettings }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const text = useBasicRuleText();
  const write = useBasicWrite();
  const [form] = Form.useForm<DutyValues>();
  const failure = (field: 'upDuty' | 'offDuty') => async () => {
    const v = form.getFieldsValue();
    const error = dutyTimeErrors({ upDuty: v.upDuty ?? '', offDuty: v.offDuty ?? '' }).find((e) => e.field === field);
    if (error) throw new Error(text(error.rule));
  };
  const submit = async (v: DutyValues) => {
    try {
      await write.mutateAsync({ call: 'updateOffDutyTime', input: { upDuty: v.upDuty?.trim() ?? '', offDuty: v.offDuty?.trim() ?? '' } });
      void message.success(t('settings.baseset.saved'));
    } catch (err) {
      showWriteError(form, err, (rule) => text(rule));
    }
  };
  return (
    <Form form={form} layout="vertical" name="duty" initialValues={{ upDuty: settings.upDuty, offDuty: settings.offDuty }} onFinish={submit}>
      <Flex gap={16} wrap align="flex-start">
        <Form.Item name="upDuty" label={t('settings.baseset.upDuty')} dependencies={['offDuty']} rules={[{ validator: failure('upDuty') }]}>
          <Input style={{ width: 140 }} placeholder={t('settings.baseset.dutyPlaceholder')} maxLength={5} data-testid="input-upDuty" />
        </Form.Item>
        <Form.Item name="offDuty" label={t('settings.baseset.offDuty')} dependencies={['upDuty']} rules={[{ validator: failure('offDuty') }]}>
          <Input style={{ width: 140 }} placeholder={t('settings.baseset.dutyPlaceholder')} maxLength={5} data-testid="input-offDuty" />
        </Form.Item>
        <Form.Item label=" ">
          <Button htmlType="submit" loading={write.isPending} data-testid="save-duty">
            {t('settings.baseset.save')}
          </Button>
        </Form.Item>
      </Flex>
    </Form>
  );
}

/** Visits on site: automatic sign-out, working hours (the overtime query) and refreshing QR codes. */
export function OnSiteSection({ settings }: { settings: BasicSettings }) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={16}>
      <Card size="small" title={t('settings.baseset.leave')}>
        <Typography.Paragraph type="secondary">{t('settings.baseset.leaveHelp')}</Typography.Paragraph>
        <NumberSettingForm
          id="leave"
          values={{ leaveExpiryTime: settings.leaveExpiryTime }}
          fields={[
            {
              name: 'leaveExpiryTime',
              limit: 'leaveExpiryTime',
              unit: 'hours',
              label: t('settings.baseset.leaveExpiryTime'),
              help: t('settings.baseset.leaveExpiryTimeHelp'),
            },
          ]}
          toWrite={(v) => ({ call: 'updateLeaveExpiryTime', input: { leaveExpiryTime: Number(v.leaveExpiryTime) } })}
        />
      </Card>
      <Card size="small" title={t('settings.baseset.duty')}>
        <Typography.Paragraph type="secondary">{t('settings.baseset.dutyHelp')}</Typography.Paragraph>
        <DutyTimeForm settings={settings} />
      </Card>
      <Card size="small" title={t('settings.baseset.cryptoperiod')}>
        <Typography.Paragraph type="secondary">{t('settings.baseset.cryptoperiodHelp')}</Typography.Paragraph>
        <NumberSettingForm
          id="cryptoperiod"
          values={{ cryptoperiod: settings.cryptoperiod }}
          fields={[
            {
              name: 'cryptoperiod',
              limit: 'cryptoperiod',
              unit: 'minutes',
              label: t('settings.baseset.cryptoperiodLabel'),
              help: t('settings.baseset.cryptoperiodZero'),
            },
          ]}
          toWrite={(v) => ({ call: 'updateCryptoperiod', input: { cryptoperiod: Number(v.cryptoperiod) } })}
        />
      </Card>
    </Flex>
  );
}
