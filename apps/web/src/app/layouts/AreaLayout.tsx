import { Flex, Layout, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { LanguageSwitch } from '../../platform/components/LanguageSwitch';
import { useConfig, useSiteLabel } from '../../platform/config';
import { getSession } from '../../platform/session';
import { BRAND_COLOR } from '../../platform/theme';
import { AccountMenu } from '../components/AccountMenu';
import { RouteMenu } from '../components/RouteMenu';
import { VersionLabel } from '../components/VersionLabel';
import { joinPath, menuNodes } from '../routes/derive';
import type { AreaDef } from '../routes/types';

/** The shell of the non-admin areas: header, a sidebar built from the area's table, content. */
export function AreaLayout({ area }: { area: AreaDef }) {
  const { t } = useTranslation();
  const site = useSiteLabel();
  const nodes = menuNodes(area.routes, area.base, area.role, useConfig().data?.features, getSession().project?.sType);
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header
        style={{ display: 'flex', alignItems: 'center', gap: 16, background: '#fff', borderBottom: '1px solid #f0f0f0', paddingInline: 24 }}
      >
        <Typography.Title level={4} style={{ margin: 0, color: BRAND_COLOR, whiteSpace: 'nowrap' }}>
          {site}
        </Typography.Title>
        <Typography.Text type="secondary" style={{ flex: 1 }}>
          {t(area.titleKey)}
        </Typography.Text>
        <Flex align="center" gap={12}>
          <LanguageSwitch size="small" />
          <AccountMenu settingsPath={joinPath(area.base, area.passwordPath ?? 'password')} />
        </Flex>
      </Layout.Header>
      <Layout>
        <Layout.Sider width={220} theme="light" breakpoint="md" collapsedWidth={0}>
          <RouteMenu nodes={nodes} ariaLabel={t(area.titleKey)} />
        </Layout.Sider>
        <Layout.Content style={{ padding: 24 }}>
          <Outlet />
        </Layout.Content>
      </Layout>
      <Layout.Footer style={{ textAlign: 'center', paddingBlock: 12 }}>
        <VersionLabel />
      </Layout.Footer>
    </Layout>
  );
}
