import { Role } from '@openvisit/contract';
import type { ScreenEntry } from '../../platform/routes';
import type { ConsoleRole } from '../../platform/session';

/** The visitor list (search, details, export): one screen of the report center (app/routes/reportCenter.tsx). */
export function visitorListScreen(role: ConsoleRole): ScreenEntry {
  return {
    path: 'vlist',
    titleKey: 'menu.vlist',
    area: 'visitors',
    icon: 'UnorderedListOutlined',
    roles: [role],
    page: () => import('./pages/VisitorListPage').then((m) => m.VisitorListPage),
  };
}

/** People › overtime query (spec section 2): visitors still on site past their leave time or the off-duty time. */
export const overtimeScreen: ScreenEntry = {
  path: 'overtime',
  titleKey: 'menu.overtime',
  area: 'visitors',
  icon: 'ClockCircleOutlined',
  roles: ['manager'],
  group: 'people',
  page: () => import('./pages/OvertimePage').then((m) => m.OvertimePage),
};

/**
 * Who works the desk screens: reception (gate) and sub-administrator accounts. A visitor-machine account reads no
 * visitor lists (the server refuses it), so its console is the way to the kiosk it runs.
 */
const DESK_STYPES = [Role.GATE, Role.SUBADMIN] as const;

/**
 * The front desk (reception) area's screens (spec section 2, reference 3.6), by sub-type: the desk's today's visitors
 * and walk-in registration, the desk's screens of other modules (trucks, temporary cards), the visitor machine's kiosk,
 * and the password screen; the area's table (app/routes/areas.tsx) hands in the other modules' screens.
 */
export const receptionScreens = (desk: readonly ScreenEntry[], password: ScreenEntry): readonly ScreenEntry[] => [
  {
    path: '',
    titleKey: 'menu.receptionToday',
    icon: 'TeamOutlined',
    roles: ['reception'],
    sTypes: DESK_STYPES,
    page: () => import('./pages/TodayPage').then((m) => m.TodayPage),
  },
  {
    path: 'walkin',
    titleKey: 'menu.receptionWalkIn',
    icon: 'UserAddOutlined',
    roles: ['reception'],
    sTypes: DESK_STYPES,
    page: () => import('./pages/WalkInPage').then((m) => m.WalkInPage),
  },
  ...desk,
  {
    path: 'kiosk',
    titleKey: 'menu.receptionKiosk',
    icon: 'DesktopOutlined',
    roles: ['reception'],
    sTypes: [Role.MACHINE],
    page: () => import('./pages/KioskLaunchPage').then((m) => m.KioskLaunchPage),
  },
  password,
];
