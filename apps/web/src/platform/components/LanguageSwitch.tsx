import type { Lang } from '@openvisit/contract';
import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLanguage, useLang } from '../i18n';

const OPTIONS: { value: Lang; label: string }[] = [
  { value: 'zh', label: '中文' },
  { value: 'en', label: 'English' },
];

/** Each option is labelled in its own language, so it can be found whatever the current one. */
export function LanguageSwitch({ size = 'middle' }: { size?: 'small' | 'middle' }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <Segmented<Lang>
      data-testid="lang-switch"
      aria-label={t('common.language')}
      size={size}
      value={lang}
      options={OPTIONS}
      onChange={(v) => void changeLanguage(v)}
    />
  );
}
