import { Navigate } from 'react-router';
import type { ScreenEntry } from '../../platform/routes';

function ToNotice() {
  return <Navigate replace to="/setting/notice" />;
}

/** Notifications (spec section 2: setting/notice, "Notice" in the top navigation; the older console's /notice leads there). */
export const noticeScreens: readonly ScreenEntry[] = [
  {
    path: 'setting/notice',
    titleKey: 'menu.notice',
    area: 'notifications',
    icon: 'NotificationOutlined',
    roles: ['manager'],
    feature: 'notice',
    page: () => import('./pages/NoticePage').then((m) => m.NoticePage),
  },
  {
    path: 'notice',
    titleKey: 'menu.notice',
    area: 'notifications',
    roles: ['manager'],
    feature: 'notice',
    hideInMenu: true,
    page: () => Promise.resolve(ToNotice),
  },
];
