import { Flex, Form, Input, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRules } from '../../../platform/formRules';
import type { Captcha } from '../api';

/** The code input beside its picture; clicking the picture fetches a new one. Renders nothing when off. */
export function CaptchaField({ captcha, name = 'vcode' }: { captcha: Captcha; name?: string }) {
  const { t } = useTranslation();
  const rules = useRules();
  if (!captcha.enabled) return null;
  return (
    <Form.Item label={t('auth.captcha.label')} required>
      <Flex gap={8} align="flex-start">
        <Form.Item name={name} rules={rules.required()} noStyle>
          <Input
            placeholder={t('auth.captcha.placeholder')}
            aria-label={t('auth.captcha.label')}
            autoComplete="off"
            maxLength={12}
            style={{ flex: 1 }}
          />
        </Form.Item>
        <Tooltip title={t('auth.captcha.refresh')}>
          {captcha.image ? (
            <button
              type="button"
              onClick={captcha.refresh}
              style={{ padding: 0, border: '1px solid #d9d9d9', borderRadius: 6, background: 'none', cursor: 'pointer', height: 42, lineHeight: 0 }}
              aria-label={t('auth.captcha.refresh')}
            >
              <img data-testid="captcha-img" src={captcha.image} alt={t('auth.captcha.alt')} width={120} height={40} />
            </button>
          ) : (
            // A grey block while the picture loads (antd's Skeleton would add its chunk to the sign-in page).
            <div data-testid="captcha-loading" style={{ width: 120, height: 40, borderRadius: 6, background: 'rgba(0, 0, 0, 0.06)' }} />
          )}
        </Tooltip>
      </Flex>
    </Form.Item>
  );
}
