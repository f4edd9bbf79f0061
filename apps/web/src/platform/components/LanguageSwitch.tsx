import type { Lang } from '@openvisit/contract';
import { Button, Flex, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLanguage, useLang } from '../i18n';

const OPTIONS: { value: Lang; label: string }[] = [
  { value: 'zh', label: '中文' },
  { value: 'en', label: 'English' },
];

/**
 * Each option is labelled in its own language, so it can be found whatever the current one. Two buttons in a radio
 * group rather than antd's Segmented, whose chunk the first page would load for them alone.
 */
export function LanguageSwitch({ size = 'middle' }: { size?: 'small' | 'middle' }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { token } = theme.useToken();
  return (
    <Flex
      data-testid="lang-switch"
      role="radiogroup"
      aria-label={t('common.language')}
      gap={2}
      style={{ padding: 2, borderRadius: token.borderRadius, background: token.colorFillTertiary }}
    >
      {OPTIONS.map((o) => (
        <Button
          key={o.value}
          size={size}
          type={o.value === lang ? 'default' : 'text'}
          role="radio"
          aria-checked={o.value === lang}
          onClick={() => void changeLanguage(o.value)}
        >
          {o.label}
        </Button>
      ))}
    </Flex>
  );
}
