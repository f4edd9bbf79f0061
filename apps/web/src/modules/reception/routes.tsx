import { Role } from '@openvisit/contract';
import type { ScreenEntry } from '../../platform/routes';

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
