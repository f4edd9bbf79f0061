import { Card, Flex, Typography } from 'antd';
import { Outlet } from 'react-router';
import { LanguageSwitch } from '../../platform/components/LanguageSwitch';
import { useSiteLabel } from '../../platform/config';
import { VersionLabel } from '../components/VersionLabel';

/** The public screens: a centred card under the site label, with the language switch on every one. */
export function PublicLayout({ wide = false }: { wide?: boolean }) {
  const site = useSiteLabel();
  return (
    <Flex
      vertical
      align="center"
      style={{ minHeight: '100vh', background: 'linear-gradient(180deg, #e6f4ff 0%, #f5f5f5 320px)', padding: '24px 16px' }}
    >
      <Flex justify="flex-end" style={{ width: '100%', maxWidth: wide ? 880 : 600 }}>
        <LanguageSwitch size="small" />
      </Flex>
      <Typography.Title level={2} style={{ color: '#1677ff', margin: '24px 0' }}>
        {site}
      </Typography.Title>
      <Card style={{ width: '100%', maxWidth: wide ? 880 : 600 }}>
        <Outlet />
      </Card>
      <div style={{ marginTop: 'auto', paddingTop: 24 }}>
        <VersionLabel />
      </div>
    </Flex>
  );
}
