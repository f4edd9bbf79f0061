import type { ScreenEntry } from '../../platform/routes';

/** The admin area's "Meeting" (spec section 2): the list and, outside the menu, one meeting's details. */
export const meetingScreens: readonly ScreenEntry[] = [
  {
    path: 'meeting',
    titleKey: 'menu.meeting',
    area: 'meetings',
    icon: 'CalendarOutlined',
    roles: ['manager'],
    group: 'meeting',
    page: () => import('./pages/MeetingsPage').then((m) => m.AdminMeetingsPage),
  },
  {
    path: 'mdetail/:mid',
    titleKey: 'meetings.detail.title',
    area: 'meetings',
    roles: ['manager'],
    group: 'meeting',
    hideInMenu: true,
    page: () => import('./pages/MeetingDetailPage').then((m) => m.AdminMeetingDetailPage),
  },
];

/** The employee portal's meetings (the original's /empmeeting and /mdetail/:mid): their own. */
export const employeeMeetingScreens: readonly ScreenEntry[] = [
  {
    path: 'empmeeting',
    titleKey: 'menu.meeting',
    area: 'meetings',
    icon: 'CalendarOutlined',
    roles: ['emporder'],
    page: () => import('./pages/MeetingsPage').then((m) => m.EmployeeMeetingsPage),
  },
  {
    path: 'mdetail/:mid',
    titleKey: 'meetings.detail.title',
    area: 'meetings',
    roles: ['emporder'],
    hideInMenu: true,
    page: () => import('./pages/MeetingDetailPage').then((m) => m.EmployeeMeetingDetailPage),
  },
];
