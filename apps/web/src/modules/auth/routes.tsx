import type { PublicEntry } from '../../app/routes/types';

/** The public screens (spec section 2). The wizard's steps are /guide and /guide2…/guide5. */
export const authScreens: readonly PublicEntry[] = [
  { path: '/signin', titleKey: 'auth.signin.title', page: () => import('./pages/SignInPage').then((m) => m.SignInPage) },
  { path: '/signup', titleKey: 'auth.signup.title', page: () => import('./pages/SignUpPage').then((m) => m.SignUpPage) },
  { path: '/active', titleKey: 'auth.active.title', page: () => import('./pages/ActivatePage').then((m) => m.ActivatePage) },
  { path: '/forgot', titleKey: 'auth.forgot.title', page: () => import('./pages/ForgotPage').then((m) => m.ForgotPage) },
  { path: '/reset', titleKey: 'auth.reset.title', page: () => import('./pages/ResetPage').then((m) => m.ResetPage) },
  { path: '/config', titleKey: 'auth.config.title', page: () => import('./pages/InstallationPage').then((m) => m.InstallationPage) },
  {
    path: '/update',
    titleKey: 'auth.update.title',
    session: 'any',
    page: () => import('./pages/UpdatePasswordPage').then((m) => m.UpdatePasswordPage),
  },
  ...['/guide', '/guide2', '/guide3', '/guide4', '/guide5'].map(
    (path): PublicEntry => ({
      path,
      titleKey: 'auth.guide.title',
      session: 'manager',
      wide: true,
      page: () => import('./pages/GuidePage').then((m) => m.GuidePage),
    }),
  ),
];
