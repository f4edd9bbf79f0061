import { Button, Flex, theme } from 'antd';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { SIGNIN_TABS, type SignInTab } from '../signinKinds';

/** From this width the five kinds stand in one row (issue 35: they wrapped to two on a desktop). */
export const ONE_ROW_QUERY = '(min-width: 1024px)';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia?.(ONE_ROW_QUERY);
  query?.addEventListener?.('change', onChange);
  return () => query?.removeEventListener?.('change', onChange);
}

const oneRow = () => window.matchMedia?.(ONE_ROW_QUERY)?.matches ?? false;

/**
 * The kinds of account as a tab bar: a tablist of text buttons. antd's Tabs would bring its overflow menu (a dropdown
 * and rc-menu, about 20 KB gzip) to the first page every visitor loads, for five labels that always fit.
 */
export function SignInTabs({ value, onChange }: { value: SignInTab; onChange: (tab: SignInTab) => void }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  // A desktop's card holds the five in one row with tighter buttons; a phone's narrower one wraps them to rows.
  const wide = useSyncExternalStore(subscribe, oneRow);
  return (
    <Flex
      role="tablist"
      justify="center"
      wrap={!wide}
      data-layout={wide ? 'row' : 'wrap'}
      style={{ borderBottom: `1px solid ${token.colorBorderSecondary}`, marginBottom: 16 }}
    >
      {SIGNIN_TABS.map((k) => {
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
              paddingInline: wide ? token.paddingXS : undefined,
              color: selected ? token.colorPrimary : undefined,
              boxShadow: selected ? `inset 0 -2px 0 ${token.colorPrimary}` : undefined,
            }}
          >
            <span data-testid={`signin-tab-${k}`}>{t(`auth.signin.tabs.${k}`)}</span>
          </Button>
        );
      })}
    </Flex>
  );
}
