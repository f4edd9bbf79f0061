import { Flex, theme } from 'antd';
import { Outlet } from 'react-router';
import { LanguageSwitch } from '../../platform/components/LanguageSwitch';
import { useSiteLabel } from '../../platform/config';
import { VersionLabel } from '../components/VersionLabel';

/** The public screens: a centred card under the site label, with the language switch on every one. */
export function PublicLayout({ wide = false }: { wide?: boolean }) {
  const site = useSiteLabel();
  const { token } = theme.useToken();
  // Plain elements styled from the theme rather than antd's Card (which imports Tabs, and with them a dropdown and a
  // menu, for its tab list) and Typography: about 28 KB gzip less on the page every visitor loads first.
  const card = {
    width: '100%',
    maxWidth: wide ? 880 : 600,
    padding: token.paddingLG,
    background: token.colorBgContainer,
    border: `1px solid ${token.colorBorderSecondary}`,
    borderRadius: token.borderRadiusLG,
  };
  return (
    <Flex
      vertical
      align="center"
      style={{ minHeight: '100vh', background: 'linear-gradient(180deg, #e6f4ff 0%, #f5f5f5 320px)', padding: '24px 16px' }}
    >
      <Flex justify="flex-end" style={{ width: '100%', maxWidth: wide ? 880 : 600 }}>
        <LanguageSwitch size="small" />
      </Flex>
      <h2 style={{ color: token.colorPrimary, margin: '24px 0', fontSize: token.fontSizeHeading2, fontWeight: 600, lineHeight: 1.3 }}>{site}</h2>
      <div style={card}>
        <Outlet />
      </div>
      <div style={{ marginTop: 'auto', paddingTop: 24 }}>
        <VersionLabel />
      </div>
    </Flex>
  );
}
