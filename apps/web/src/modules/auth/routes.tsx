import type { PublicEntry } from '../../platform/routes';

/** The public screens (spec section 2). The onboarding wizard (/guide…) is the shell's: app/guide. */
export const authScreens: readonly PublicEntry[] = [
  { path: '/signin', texts: 'start', titleKey: 'auth.signin.title', page: () => import('./pages/SignInPage').then((m) => m.SignInPage) },
  {
    path: '/signin/apps',
    texts: 'start',
    titleKey: 'auth.signin.workApp.title',
    page: () => import('./pages/WorkAppSignInPage').then((m) => m.WorkAppSignInPage),
  },
  {
    path: '/signin/im/:platform',
    texts: 'start',
    titleKey: 'auth.signin.title',
    page: () => import('./pages/WorkAppReturnPage').then((m) => m.WorkAppReturnPage),
  },
  {
    path: '/signin/sso',
    texts: 'start',
    titleKey: 'auth.signin.title',
    page: () => import('./pages/SsoReturnPage').then((m) => m.SsoReturnPage),
  },
  { path: '/signup', texts: 'start', titleKey: 'auth.signup.title', page: () => import('./pages/SignUpPage').then((m) => m.SignUpPage) },
  { path: '/active', texts: 'start', titleKey: 'auth.active.title', page: () => import('./pages/ActivatePage').then((m) => m.ActivatePage) },
  { path: '/forgot', texts: 'start', titleKey: 'auth.forgot.title', page: () => import('./pages/ForgotPage').then((m) => m.ForgotPage) },
  { path: '/reset', texts: 'start', titleKey: 'auth.reset.title', page: () => import('./pages/ResetPage').then((m) => m.ResetPage) },
  { path: '/config', texts: 'start', titleKey: 'auth.config.title', page: () => import('./pages/InstallationPage').then((m) => m.InstallationPage) },
  {
    path: '/update',
    titleKey: 'auth.update.title',
    session: 'any',
    page: () => import('./pages/UpdatePasswordPage').then((m) => m.UpdatePasswordPage),
  },
];
