import { App, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { showConfError, useNotifyRuleText } from '../rules';

/**
 * How every channel's settings are saved: turning a channel off asks first; after the save its secrets' fields are
 * emptied (the server never answers them back) and a message says so; the server's field errors land on the form.
 */
export function useChannelSave(form: FormInstance, channel: string) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const text = useNotifyRuleText();
  return async (opts: { turningOff: boolean; secretFields: readonly string[]; save: () => Promise<unknown> }): Promise<void> => {
    const write = async () => {
      try {
        await opts.save();
        for (const f of opts.secretFields) form.setFieldValue(f, '');
        void message.success(t('notifications.notice.saved', { channel }));
      } catch (err) {
        showConfError(form, err, text);
      }
    };
    if (!opts.turningOff) return write();
    modal.confirm({
      title: t('notifications.notice.turnOffTitle', { channel }),
      content: t('notifications.notice.turnOffText', { channel }),
      okText: t('notifications.notice.turnOff'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: write,
    });
  };
}
