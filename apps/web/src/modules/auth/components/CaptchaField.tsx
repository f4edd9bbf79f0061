import { Button, Flex, Form, type InputRef } from 'antd';
// antd's own Input module, not the compound `Input` (which brings TextArea, Search and OTP): 7 KB less on /signin.
import Input from 'antd/es/input/Input';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useRules } from '../../../platform/formRules';
import type { Captcha } from '../api';

const PICTURE = { width: 176, height: 60 };

/** A circular arrow, drawn here: @ant-design/icons' ReloadOutlined would add a chunk to the sign-in page. */
const refreshIcon = (
  <svg
    viewBox="0 0 24 24"
    width="1em"
    height="1em"
    fill="none"
    stroke="currentColor"
    strokeWidth="2.2"
    strokeLinecap="round"
    aria-hidden="true"
    focusable="false"
  >
    <path d="M20 12a8 8 0 1 1-2.3-5.7M20 4v5h-5" />
  </svg>
);

/**
 * The code input beside its picture (clicking it, or the refresh button, fetches a new one): characters, or a small
 * sum for whoever finds letters hard to read. Renders nothing when off.
 */
export function CaptchaField({ captcha, name = 'vcode' }: { captcha: Captcha; name?: string }) {
  const { t } = useTranslation();
  const rules = useRules();
  const input = useRef<InputRef>(null);
  // After switching kinds the answer field takes the focus again, so the next key goes where it belongs.
  const focusAfterSwitch = useRef(false);
  const { image } = captcha;
  useEffect(() => {
    if (!image || !focusAfterSwitch.current) return;
    focusAfterSwitch.current = false;
    input.current?.focus();
  }, [image]);
  if (!captcha.enabled) return null;
  const asking = captcha.kind === 'question';
  return (
    <Form.Item label={t('auth.captcha.label')} required>
      <Flex gap={8} align="center" wrap>
        <Form.Item name={name} rules={rules.captcha()} noStyle>
          <Input
            ref={input}
            placeholder={asking ? t('auth.captcha.answerPlaceholder') : t('auth.captcha.placeholder')}
            aria-label={t('auth.captcha.label')}
            inputMode={asking ? 'numeric' : undefined}
            autoComplete="off"
            maxLength={12}
            style={{ flex: '1 1 140px', minWidth: 0 }}
          />
        </Form.Item>
        {image === undefined ? (
          // A grey block while the challenge loads (antd's Skeleton would add its chunk to the sign-in page).
          <div
            data-testid="captcha-loading"
            role="img"
            aria-label={t('auth.captcha.loading')}
            style={{ ...PICTURE, borderRadius: 6, background: 'rgba(0, 0, 0, 0.06)' }}
          />
        ) : (
          // The picture refreshes on a click too; keyboards reach the refresh button beside it instead.
          <button
            type="button"
            tabIndex={-1}
            onClick={captcha.refresh}
            style={{ padding: 0, border: '1px solid #d9d9d9', borderRadius: 6, background: 'none', cursor: 'pointer', lineHeight: 0 }}
          >
            <img data-testid="captcha-img" src={image} alt={asking ? t('auth.captcha.altQuestion') : t('auth.captcha.alt')} {...PICTURE} />
          </button>
        )}
        <Button
          icon={refreshIcon}
          onClick={captcha.refresh}
          loading={captcha.loading}
          aria-label={asking ? t('auth.captcha.refreshQuestion') : t('auth.captcha.refresh')}
          title={asking ? t('auth.captcha.refreshQuestion') : t('auth.captcha.refresh')}
          data-testid="captcha-refresh"
        />
      </Flex>
      <Button
        type="link"
        size="small"
        style={{ paddingInline: 0 }}
        onClick={() => {
          focusAfterSwitch.current = true;
          captcha.switchKind(asking ? 'image' : 'question');
        }}
        data-testid="captcha-switch"
      >
        {asking ? t('auth.captcha.usePicture') : t('auth.captcha.useQuestion')}
      </Button>
    </Form.Item>
  );
}
