import { Flex, Spin } from 'antd';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { useConfig } from '../platform/config';
import type { ScreenEntry, TitleKey } from '../platform/routes';
import { type ConsoleRole, getSession, grantsOf, signOutLocal } from '../platform/session';
import { signInUrl } from '../platform/signinUrl';
import { useDocumentTitle } from '../platform/title';
import { homePath } from './postLogin';
import { isGranted } from './routes/derive';

export function PageSpinner() {
  return (
    <Flex justify="center" align="center" style={{ minHeight: 240 }}>
      <Spin size="large" />
    </Flex>
  );
}

const NotFoundLazy = lazy(() => import('../modules/auth/pages/NotFoundPage').then((m) => ({ default: m.NotFoundPage })));

/** The 404 screen, loaded when one is shown (antd's result illustrations are large). */
export function NotFoundPage() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <NotFoundLazy />
    </Suspense>
  );
}

/** No stored token: sign out locally and go to sign-in with redirect, role and sType (spec section 2). */
function ToSignIn({ role, sType }: { role: ConsoleRole | null; sType?: number | null }) {
  const location = useLocation();
  useEffect(() => {
    signOutLocal();
  }, []);
  const back = location.pathname + location.search + location.hash;
  return <Navigate replace to={signInUrl(back, role, sType)} />;
}

/**
 * To the signed-in role's home, once the feature switches are known: without them an area whose screens all sit behind
 * one (logistics) would have only its password screen to offer.
 */
function ToHome({ role }: { role: ConsoleRole }) {
  const config = useConfig();
  if (config.isPending) return <PageSpinner />;
  return <Navigate replace to={homePath(role, config.data?.features)} />;
}

/**
 * Admits a session of `role` ('any' for every signed-in account). Without a token → sign-in; with
 * another role's session → that role's own home.
 */
export function RequireSession({ role, sType, children }: { role: ConsoleRole | 'any'; sType?: number; children: ReactNode }) {
  const session = getSession();
  if (!session.token || !session.role)
    return <ToSignIn role={role === 'any' ? session.role : role} sType={role === 'any' ? session.project?.sType : sType} />;
  if (role !== 'any' && session.role !== role) return <ToHome role={session.role} />;
  return <>{children}</>;
}

/** Sets the document title of a screen from its table entry. */
export function ScreenTitle({ titleKey }: { titleKey: TitleKey }) {
  const { t } = useTranslation();
  useDocumentTitle(t(titleKey));
  return null;
}

/** Per-screen checks from its table entry: the role (and sub-type, when listed) must be listed and the feature switch on. */
export function ScreenGate({ entry, children }: { entry: ScreenEntry; children: ReactNode }) {
  const session = getSession();
  const config = useConfig();
  const sType = session.project?.sType;
  if (!session.role || !entry.roles.includes(session.role) || (entry.sTypes && (sType == null || !entry.sTypes.includes(sType))))
    return session.role ? <ToHome role={session.role} /> : <Navigate replace to="/signin" />;
  // A module-driven account's screen of a module not granted: the not-found page, never the screen (the server refuses its calls too).
  if (!isGranted(entry, grantsOf(session.project))) return <NotFoundPage />;
  if (entry.feature) {
    if (config.isPending) return <PageSpinner />;
    if (config.data?.features[entry.feature] !== true) return <NotFoundPage />;
  }
  return (
    <>
      <ScreenTitle titleKey={entry.titleKey} />
      {children}
    </>
  );
}
