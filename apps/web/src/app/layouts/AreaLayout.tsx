import { Layout, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { useCurrentGrants } from '../../core/company/public';
import { useAreaTitleKey, useConfig } from '../../platform/config';
import { getSession } from '../../platform/session';
import { RouteMenu } from '../components/RouteMenu';
import { VersionLabel } from '../components/VersionLabel';
import { joinPath, menuNodes } from '../routes/derive';
import type { AreaDef } from '../routes/types';
import { contentPadding, NO_PRINT, ShellHeader, useNarrow } from './shell';

/**
 * The shell of the non-admin areas: header, a sidebar built from the area's table, content. On a phone the sidebar is
 * the header's drawer (shell.tsx), titled with the area's name.
 */
export function AreaLayout({ area }: { area: AreaDef }) {
  const { t } = useTranslation();
  const narrow = useNarrow();
  const grants = useCurrentGrants();
  const nodes = menuNodes(area.routes, area.base, area.role, useConfig().data?.features, getSession().project?.sType, grants);
  const title = t(useAreaTitleKey(area.titleKey));
  const menu = <RouteMenu nodes={nodes} ariaLabel={title} />;
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <ShellHeader
        narrow={narrow}
        home={area.base}
        settingsPath={joinPath(area.base, area.passwordPath ?? 'password')}
        navTitle={title}
        nav={menu}
        middle={
          <Typography.Text type="secondary" ellipsis style={{ flex: 1, minWidth: 0, whiteSpace: 'nowrap' }}>
            {title}
          </Typography.Text>
        }
      />
      <Layout>
        {narrow ? null : (
          <Layout.Sider width={220} theme="light" className={NO_PRINT}>
            {menu}
          </Layout.Sider>
        )}
        <Layout.Content style={{ padding: contentPadding(narrow), minWidth: 0 }}>
          <Outlet />
        </Layout.Content>
      </Layout>
      <Layout.Footer className={NO_PRINT} style={{ textAlign: 'center', paddingBlock: 12 }}>
        <VersionLabel />
      </Layout.Footer>
    </Layout>
  );
}
