import { Card, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { useConfig } from '../../platform/config';
import type { ScreenEntry } from '../../platform/routes';
import { getSession, grantsOf } from '../../platform/session';
import { RouteMenu } from '../components/RouteMenu';
import { menuNodes } from '../routes/derive';
import { NO_PRINT, useNarrow } from './shell';

/**
 * A section of an area (e.g. account settings): a sidebar from the section's screens beside the screen.
 * A section with a single screen for this role (e.g. People › company employees) shows just the screen. On a phone the
 * section's menu is a strip above the screen. Neither is printed.
 */
export function SidebarSection({ entry, basePath }: { entry: ScreenEntry; basePath: string }) {
  const { t } = useTranslation();
  const features = useConfig().data?.features;
  const session = getSession();
  const nodes = menuNodes(entry.children ?? [], basePath, session.role, features, session.project?.sType, grantsOf(session.project));
  const narrow = useNarrow();
  if (nodes.length <= 1) return <Outlet />;
  // One tree on every width: the page (Outlet) keeps its place when the window crosses the breakpoint, so a resize, a
  // turned tablet or a full-page screenshot never remounts it and loses what is being typed.
  return (
    <Flex gap={narrow ? 12 : 24} vertical={narrow} align={narrow ? 'stretch' : 'flex-start'}>
      <Card
        size="small"
        className={NO_PRINT}
        style={narrow ? undefined : { width: 220, flex: 'none' }}
        styles={{ body: { padding: narrow ? 0 : 4 } }}
      >
        <RouteMenu nodes={nodes} ariaLabel={t(entry.titleKey)} horizontal={narrow} />
      </Card>
      <div style={{ flex: 1, minWidth: 0 }}>
        <Outlet />
      </div>
    </Flex>
  );
}
