import { Button, Flex, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { SIGNIN_TABS, type SignInTab } from '../signinKinds';

/**
 * The kinds of account as a tab bar: a tablist of text buttons. antd's Tabs would bring its overflow menu (a dropdown
 * and rc-menu, about 20 KB gzip) to the first page every visitor loads, for five labels that always fit.
 */
export function SignInTabs({
  value,
  onChange,
  tabs = SIGNIN_TABS,
  label,
}: {
  value: SignInTab;
  onChange: (tab: SignInTab) => void;
  tabs?: readonly SignInTab[];
  label?: (tab: SignInTab) => string;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    // A desktop's card holds the five in one row with tighter buttons, a phone's wraps them (styles.css: a media query,
    // so no script watches the width on the first page every visitor loads).
    <Flex
      role="tablist"
      justify="center"
      className="ov-signin-tabs"
      style={{ borderBottom: `1px solid ${token.colorBorderSecondary}`, marginBottom: 16 }}
    >
      {tabs.map((k) => {
        const selected = k === value;
        return (
          <Button
            key={k}
            type="text"
            role="tab"
            aria-selected={selected}
            onClick={() => onChange(k)}
            style={{
              borderRadius: 0,
              height: 44,
              color: selected ? token.colorPrimary : undefined,
              boxShadow: selected ? `inset 0 -2px 0 ${token.colorPrimary}` : undefined,
            }}
          >
            <span data-testid={`signin-tab-${k}`}>{label ? label(k) : t(`auth.signin.tabs.${k}`)}</span>
          </Button>
        );
      })}
    </Flex>
  );
}
