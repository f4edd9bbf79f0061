import { KeyOutlined } from '@ant-design/icons';
import type { LoginResult } from '@openvisit/contract';
import { Alert, Button, Flex, Form, Input } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../platform/apiError';
import { errorText } from '../../../platform/notify';
import { passkeySignIn, secondStep } from '../api';
import { PromptDismissed, passkeysSupported } from '../webauthn';

type Done = (result: LoginResult) => void;

function useProblem(dismissed: 'dismissed' | 'secondDismissed') {
  const { t } = useTranslation();
  const [problem, setProblem] = useState<string | null>(null);
  const show = (err: unknown) =>
    setProblem(err instanceof PromptDismissed ? t(`passkeySignIn.${dismissed}`) : err instanceof ApiError ? errorText(err) : t('auth.signin.failed'));
  return [problem, show, () => setProblem(null)] as const;
}

/** "Sign in with a passkey": the browser's prompt offers this site's passkeys; none is typed. Absent where passkeys cannot work. */
export function PasskeySignInButton({ onSignedIn }: { onSignedIn: Done }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [problem, show, clear] = useProblem('dismissed');
  if (!passkeysSupported()) return null;
  const start = async () => {
    setBusy(true);
    clear();
    try {
      onSignedIn(await passkeySignIn());
    } catch (err) {
      show(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Flex vertical gap={8} style={{ marginTop: 12 }}>
      {problem && <Alert type="error" showIcon title={problem} role="alert" data-testid="passkey-error" />}
      <Button block size="large" icon={<KeyOutlined />} loading={busy} onClick={() => void start()}>
        {t('passkeySignIn.button')}
      </Button>
    </Flex>
  );
}

/**
 * The second step of a password sign-in (the server answered 1421 with the ceremony): the account's passkey, asked for
 * at once, or one of its recovery codes. Five wrong answers spend it: the person goes back and gives the password again.
 */
export function PasskeySecondStep({
  ceremony,
  options,
  onSignedIn,
  onBack,
}: {
  ceremony: string;
  options: Record<string, unknown>;
  onSignedIn: Done;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [withCode, setWithCode] = useState(!passkeysSupported());
  const [problem, show, clear] = useProblem('secondDismissed');
  const answer = async (a: Parameters<typeof secondStep>[1]) => {
    setBusy(true);
    clear();
    try {
      onSignedIn(await secondStep(ceremony, a));
    } catch (err) {
      show(err);
    } finally {
      setBusy(false);
    }
  };
  // Asked at once: the person has just pressed "Sign in", so the browser's prompt follows that gesture.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the step is shown
  useEffect(() => {
    if (!withCode) void answer({ options });
  }, []);
  return (
    <Flex vertical gap={12} data-testid="second-step">
      <h4 style={{ margin: 0 }}>{t('passkeySignIn.secondTitle')}</h4>
      <span>{t('passkeySignIn.secondExplain')}</span>
      {problem && <Alert type="error" showIcon title={problem} role="alert" data-testid="second-step-error" />}
      {withCode ? (
        <Form layout="vertical" requiredMark={false} onFinish={({ code }: { code: string }) => void answer({ recoveryCode: code })}>
          <Form.Item name="code" label={t('passkeySignIn.code')} rules={[{ required: true, whitespace: true, message: t('validation.required') }]}>
            <Input autoComplete="one-time-code" placeholder={t('passkeySignIn.codePlaceholder')} autoFocus />
          </Form.Item>
          <Button type="primary" htmlType="submit" block size="large" loading={busy}>
            {t('passkeySignIn.submitCode')}
          </Button>
        </Form>
      ) : (
        <>
          <Button type="primary" block size="large" icon={<KeyOutlined />} loading={busy} onClick={() => void answer({ options })}>
            {t('passkeySignIn.usePasskey')}
          </Button>
          <Button type="link" onClick={() => setWithCode(true)}>
            {t('passkeySignIn.useCode')}
          </Button>
        </>
      )}
      <Button type="link" onClick={onBack}>
        {t('passkeySignIn.back')}
      </Button>
    </Flex>
  );
}
