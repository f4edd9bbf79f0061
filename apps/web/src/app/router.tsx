import { type ComponentType, lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { createBrowserRouter, Navigate, Outlet, type RouteObject, useLocation, useNavigate, useNavigation } from 'react-router';
import { approvalLinkScreens } from '../modules/approvals/routes';
import { authScreens } from '../modules/auth/routes';
import { invitationScreens } from '../modules/invitations/routes';
import { logisticsPublicScreens } from '../modules/logistics/routes';
import { myDataScreens } from '../modules/privacy/routes';
import { NetworkBanner } from '../platform/components/NetworkBanner';
import { useConfig } from '../platform/config';
import { setNavigator } from '../platform/notify';
import type { PublicEntry, ScreenEntry } from '../platform/routes';
import { getSession, grantsOf } from '../platform/session';
import { NotFoundPage, PageSpinner, RequireSession, ScreenGate, ScreenTitle } from './guards';
import { guideScreens } from './guide/routes';
import { PublicLayout } from './layouts/PublicLayout';
import { RouteError } from './RouteError';
import { AREAS, areaOfRole } from './routes/areas';
import { firstScreenPath, joinPath } from './routes/derive';
import type { AreaDef } from './routes/types';
import { loadConsoleTexts } from './texts';

/**
 * The signed-in frames (layouts, section menus) are chunks of their own, loaded when shown, so the public pages
 * (sign-in, the visitor's invitation) carry none of their components.
 */
function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Lazy = lazy(() => load().then((C) => ({ default: C })));
  return (props: P) => (
    <Suspense fallback={<PageSpinner />}>
      <Lazy {...props} />
    </Suspense>
  );
}
const antApp = () => import('./antApp').then((m) => m.withAntApp);
const SidebarSection = lazyComponent(() => Promise.all([import('./layouts/SidebarSection'), loadConsoleTexts()]).then(([m]) => m.SidebarSection));

function RootLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loading = useNavigation().state === 'loading';
  useEffect(() => {
    setNavigator((to) => void navigate(to, { replace: true }));
  }, [navigate]);
  return (
    <>
      <NetworkBanner />
      {loading ? <div className="app-nav-progress" role="progressbar" aria-label={t('common.loading')} data-testid="nav-progress" /> : null}
      <Outlet />
    </>
  );
}

/** The index of an area or section: its first screen the role may open (waits for the feature switches). */
function FirstScreen({ entries, base }: { entries: readonly ScreenEntry[]; base: string }) {
  const config = useConfig();
  if (config.isPending) return <PageSpinner />;
  const session = getSession();
  const first = firstScreenPath(entries, base, session.role, config.data?.features, session.project?.sType, grantsOf(session.project));
  return first && first !== base ? <Navigate replace to={first} /> : <NotFoundPage />;
}

function screenRoute(entry: ScreenEntry, parent: string): RouteObject {
  const full = joinPath(parent, entry.path);
  if (entry.children) {
    const hasIndex = entry.children.some((c) => c.path === '');
    return {
      path: entry.path,
      element: <SidebarSection entry={entry} basePath={full} />,
      children: [
        ...(hasIndex ? [] : [{ index: true, element: <FirstScreen entries={entry.children} base={full} /> }]),
        ...entry.children.map((c) => screenRoute(c, full)),
      ],
    };
  }
  const load = entry.page;
  if (!load) throw new Error(`screen ${full} has neither page nor children`);
  const lazy = async () => {
    const [Page] = await Promise.all([load(), loadConsoleTexts()]);
    return {
      element: (
        <ScreenGate entry={entry}>
          <Page />
        </ScreenGate>
      ),
    };
  };
  return entry.path === '' ? { index: true, lazy } : { path: entry.path, lazy };
}

const areaLayouts = new Map<AreaDef, ComponentType<{ area: AreaDef }>>();
function areaLayout(area: AreaDef): ComponentType<{ area: AreaDef }> {
  let Layout = areaLayouts.get(area);
  if (!Layout) {
    Layout = lazyComponent(() => Promise.all([area.layout(), antApp(), loadConsoleTexts()]).then(([L, withApp]) => withApp(L)));
    areaLayouts.set(area, Layout);
  }
  return Layout;
}

function areaRoute(area: AreaDef): RouteObject {
  const Layout = areaLayout(area);
  const hasIndex = area.routes.some((r) => r.path === '');
  return {
    path: area.base,
    element: (
      <RequireSession role={area.role} sType={area.sType}>
        <Layout area={area} />
      </RequireSession>
    ),
    children: [
      ...(hasIndex ? [] : [{ index: true, element: <FirstScreen entries={area.routes} base={area.base} /> }]),
      ...area.routes.map((e) => screenRoute(e, area.base)),
    ],
  };
}

function publicRoute(entry: PublicEntry): RouteObject {
  return {
    path: entry.path,
    lazy: async () => {
      // Beyond the sign-in screens: the console's texts and antd's App (App.useApp) come with the page.
      const start = entry.texts === 'start';
      const [Loaded, withApp] = await Promise.all([entry.page(), start ? undefined : antApp(), start ? undefined : loadConsoleTexts()]);
      const Page = withApp ? withApp(Loaded) : Loaded;
      const screen = (
        <>
          <ScreenTitle titleKey={entry.titleKey} />
          <Page />
        </>
      );
      const role = entry.session;
      if (!role) return { element: screen };
      // A screen for one role sends a visitor without a session to sign in as that role.
      const sType = role === 'any' ? undefined : areaOfRole(role).sType;
      return {
        element: (
          <RequireSession role={role} sType={sType}>
            {screen}
          </RequireSession>
        ),
      };
    },
  };
}

/** An unknown address keeps the frame the reader was in: their area's header and menu when signed in, else the public card. */
function NotFoundFrame() {
  const session = getSession();
  if (!session.token || !session.role) return <PublicLayout />;
  const area = areaOfRole(session.role);
  const Layout = areaLayout(area);
  return <Layout area={area} />;
}

/**
 * The spec names the temporary-cards route `tcard` (section 2) and its menu /tempcard, where the screen is: /tcard
 * opens the signed-in role's own copy (a guard then handles a role without one, or no session).
 */
function TempCardAlias() {
  const { search, hash } = useLocation();
  const role = getSession().role;
  const to = role === 'emporder' ? '/emporder/tcard' : role === 'reception' ? '/reception/tempcard' : '/tempcard';
  return <Navigate replace to={to + search + hash} />;
}

function NotFoundScreen() {
  return (
    <>
      <ScreenTitle titleKey="auth.notFound.title" />
      <NotFoundPage />
    </>
  );
}

export function buildRoutes(): RouteObject[] {
  return [
    {
      element: <RootLayout />,
      errorElement: <RouteError />,
      hydrateFallbackElement: <PageSpinner />,
      children: [
        {
          element: <PublicLayout />,
          children: [
            ...authScreens.filter((s) => !s.wide).map(publicRoute),
            ...invitationScreens.map(publicRoute),
            ...approvalLinkScreens.map(publicRoute),
            ...myDataScreens.map(publicRoute),
          ],
        },
        {
          element: <PublicLayout wide />,
          children: [...authScreens.filter((s) => s.wide), ...guideScreens, ...logisticsPublicScreens].map(publicRoute),
        },
        { path: 'tcard', element: <TempCardAlias /> },
        ...AREAS.map(areaRoute),
        { element: <NotFoundFrame />, children: [{ path: '*', element: <NotFoundScreen /> }] },
      ],
    },
  ];
}

export function createRouter() {
  return createBrowserRouter(buildRoutes());
}
