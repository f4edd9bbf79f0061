import { type BadgeTexts, Badge as SharedBadge, PrintableBadge as SharedPrintable, type BadgeProps as SharedProps } from '../../platform/badge/Badge';
import { useK } from '../i18n';

export { type BadgeVisit, useQrCode } from '../../platform/badge/Badge';

/** The kiosk's badge: the shared badge (platform/badge) with the kiosk's words. */
export type BadgeProps = Omit<SharedProps, 'texts'>;

function useBadgeTexts(): BadgeTexts {
  const { t } = useK();
  return {
    visitor: t('badge.visitor'),
    host: t('badge.host'),
    date: t('badge.date'),
    valid: t('badge.valid'),
    code: (code) => t('badge.code', { code }),
  };
}

export function Badge(props: BadgeProps) {
  return <SharedBadge {...props} texts={useBadgeTexts()} />;
}

export function PrintableBadge(props: BadgeProps) {
  return <SharedPrintable {...props} texts={useBadgeTexts()} />;
}
