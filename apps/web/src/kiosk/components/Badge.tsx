import { badgeTexts, Badge as SharedBadge, PrintableBadge as SharedPrintable, type BadgeProps as SharedProps } from '../../core/badge/public';
import { useK } from '../i18n';

export { type BadgeVisit, useQrCode } from '../../core/badge/public';

/** The kiosk's badge: the shared badge (core/badge) in the kiosk's language. */
export type BadgeProps = Omit<SharedProps, 'texts'>;

function useBadgeTexts() {
  return badgeTexts(useK().ct);
}

export function Badge(props: BadgeProps) {
  return <SharedBadge {...props} texts={useBadgeTexts()} />;
}

export function PrintableBadge(props: BadgeProps) {
  return <SharedPrintable {...props} texts={useBadgeTexts()} />;
}
