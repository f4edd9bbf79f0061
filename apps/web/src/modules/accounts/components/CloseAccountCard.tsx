import { DownloadOutlined } from '@ant-design/icons';
import { exportAccountData, Status, UNSUBSCRIBE_EXPORT_FRESH_MS, UNSUBSCRIBE_GRACE_DAYS, updateUnSubscribe } from '@openvisit/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Flex, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { companyKeys, useUserInfo } from '../../../core/company/public';
import { useCanCall } from '../../../platform/access';
import { downloadFile } from '../../../platform/api';
import { ApiError } from '../../../platform/apiError';
import { handleFormError } from '../../../platform/fieldErrors';
import { formatDate, formatDateTime } from '../../../platform/format';
import { currentLang } from '../../../platform/i18n';
import { useUnsubscribe } from '../api';

/** The password confirmation of the closing; its errors (a wrong password) on the field. */
function ConfirmClosing({ open, company, onClose }: { open: boolean; company: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const unsubscribe = useUnsubscribe();
  const [form] = Form.useForm<{ password: string }>();
  const date = formatDate(Date.now() + UNSUBSCRIBE_GRACE_DAYS * 86_400_000);
  const submit = async (v: { password: string }) => {
    try {
      const r = await unsubscribe.mutateAsync({ unsubscribe: 1, password: v.password });
      void message.success(t('accounts.closing.closed', { date: formatDate(r.closingDue) }));
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.status === Status.FORBIDDEN_ACTION)
        form.setFields([{ name: 'password', errors: [t('accounts.closing.exportFirst')] }]);
      else handleFormError(form, err);
    }
  };
  return (
    <Modal
      title={t('accounts.closing.confirmTitle', { company })}
      open={open}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('accounts.closing.close')}
      okButtonProps={{ danger: true, loading: unsubscribe.isPending }}
      cancelText={t('common.cancel')}
      destroyOnHidden
    >
      <Typography.Paragraph>{t('accounts.closing.confirmText', { date })}</Typography.Paragraph>
      <Form form={form} name="close-account" layout="vertical" onFinish={submit} autoComplete="off">
        <Form.Item label={t('accounts.closing.password')} name="password" rules={[{ required: true, message: t('validation.required') }]}>
          <Input.Password autoComplete="current-password" autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * Account settings › security › close the account (the company administrator only): download everything, then confirm
 * with the password; the data is deleted UNSUBSCRIBE_GRACE_DAYS later, the console's banner offering the way back.
 */
export function CloseAccountCard() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const allowed = useCanCall(updateUnSubscribe);
  const info = useUserInfo();
  const [downloading, setDownloading] = useState(false);
  const [confirming, setConfirming] = useState(false);
  if (!allowed || !info.data) return null;
  const d = info.data;
  const exportedAt = d.dataExportedAt ?? null;
  const fresh = exportedAt !== null && Date.now() - exportedAt <= UNSUBSCRIBE_EXPORT_FRESH_MS;
  const download = async () => {
    setDownloading(true);
    try {
      await downloadFile(exportAccountData, { lang: currentLang() });
      void message.success(t('accounts.closing.downloaded'));
      await qc.invalidateQueries({ queryKey: companyKeys.userInfo });
    } catch {
      // shown by the error policy
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Card title={t('accounts.closing.title')} style={{ marginTop: 16 }} data-testid="close-account">
      <Typography.Paragraph>{t('accounts.closing.intro', { days: UNSUBSCRIBE_GRACE_DAYS })}</Typography.Paragraph>
      {d.closingDue ? (
        <Alert type="warning" showIcon title={t('accounts.closing.banner', { date: formatDate(d.closingDue) })} />
      ) : (
        <Flex vertical gap={16}>
          <div>
            <Typography.Title level={5}>{t('accounts.closing.step1')}</Typography.Title>
            <Typography.Paragraph type="secondary">{t('accounts.closing.step1Help')}</Typography.Paragraph>
            <Flex gap={12} align="center" wrap>
              <Button icon={<DownloadOutlined />} loading={downloading} onClick={() => void download()} data-testid="closing-download">
                {t('accounts.closing.download')}
              </Button>
              <Typography.Text type="secondary">
                {exportedAt ? t('accounts.closing.lastExport', { at: formatDateTime(exportedAt) }) : t('accounts.closing.neverExported')}
              </Typography.Text>
            </Flex>
          </div>
          <div>
            <Typography.Title level={5}>{t('accounts.closing.step2')}</Typography.Title>
            <Typography.Paragraph type="secondary">{t('accounts.closing.step2Help')}</Typography.Paragraph>
            <Button danger disabled={!fresh} onClick={() => setConfirming(true)} data-testid="closing-close">
              {t('accounts.closing.close')}
            </Button>
          </div>
        </Flex>
      )}
      <ConfirmClosing open={confirming} company={d.company} onClose={() => setConfirming(false)} />
    </Card>
  );
}
