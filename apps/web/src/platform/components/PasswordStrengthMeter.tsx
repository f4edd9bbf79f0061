import { type PasswordStrength, passwordStrength } from '@openvisit/contract';
import { Flex, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';

const LEVEL: Record<PasswordStrength, number> = { weak: 1, medium: 2, strong: 3 };

/** Weak / medium / strong, by the contract's `passwordStrength` (the rule the server applies). */
export function PasswordStrengthMeter({ value }: { value: string | undefined }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  if (!value) return null;
  const strength = passwordStrength(value);
  const color = { weak: token.colorError, medium: token.colorWarning, strong: token.colorSuccess }[strength];
  const level = LEVEL[strength];
  return (
    <Flex align="center" gap={8} data-testid="password-strength" data-strength={strength} style={{ marginTop: 4 }}>
      <Flex gap={4} style={{ flex: 1 }} aria-hidden>
        {[1, 2, 3].map((i) => (
          <div key={i} style={{ flex: 1, height: 4, borderRadius: 2, background: i <= level ? color : token.colorFillSecondary }} />
        ))}
      </Flex>
      <Typography.Text style={{ color, fontSize: 12, minWidth: 80, textAlign: 'right' }}>
        {t('common.strength.label')}: {t(`common.strength.${strength}`)}
      </Typography.Text>
    </Flex>
  );
}
