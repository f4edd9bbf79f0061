import { onSiteScreen } from '../../modules/onsite/routes';
import { answerReportScreen } from '../../modules/questionnaires/routes';
import { statisticsScreen, visitReportScreen } from '../../modules/reports/routes';
import { visitorListScreen } from '../../modules/visits/routes';
import type { ScreenEntry } from '../../platform/routes';
import type { ConsoleRole } from '../../platform/session';

/** The report center's screens, for the administrator's visitor section and the sub-company area alike. */
function reportCenter(role: ConsoleRole, index: string): ScreenEntry[] {
  return [statisticsScreen(role, index), visitReportScreen(role), visitorListScreen(role), onSiteScreen(role)];
}

/**
 * Visitors (spec section 2: /visitor with '' statistics, data, vlist; root / goes to /visitor): the statistics are
 * the section's index, so /visitor and the administrator's home open them.
 */
export const visitorSection: ScreenEntry = {
  path: 'visitor',
  titleKey: 'menu.visitors',
  icon: 'UserSwitchOutlined',
  roles: ['manager'],
  group: 'visitors',
  // The answer report is the administrator's only (the questionnaire calls are not a sub-company's).
  children: [...reportCenter('manager', ''), answerReportScreen],
};

/**
 * The sub-company area's report center (spec section 2: /subcom opens on the visitors screen): the same screens, the
 * server limiting every call to the sub-company's own visitors.
 */
export const subcomVisitorScreens: readonly ScreenEntry[] = reportCenter('subcom', 'visitors');
