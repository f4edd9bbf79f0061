import type { PublicEntry } from '../../platform/routes';

/**
 * The onboarding wizard after sign-up (spec section 2): /guide for the first step, /guide2…/guide5 the others (one per
 * entry of ./steps.ts, which is not imported here so the steps load with the wizard, not with the router).
 */
export const guideScreens: readonly PublicEntry[] = ['/guide', '/guide2', '/guide3', '/guide4', '/guide5'].map((path) => ({
  path,
  titleKey: 'guide.title',
  session: 'manager',
  wide: true,
  page: () => import('./GuidePage').then((m) => m.GuidePage),
}));
