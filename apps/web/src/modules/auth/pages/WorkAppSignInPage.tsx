import { useQuery } from '@tanstack/react-query';
import { Flex, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { api } from '../../../platform/api';
import { SignInTabs } from '../components/SignInTabs';
import { SsoSignIn } from '../components/SsoSignIn';
import { WorkAppSignIn } from '../components/WorkAppSignIn';
import type { SignInTab } from '../signinKinds';

/**
 * The company's own sign-in (`/signin/apps?company=<id>`, the link Settings › work apps and › single sign-on give):
 * its identity providers' buttons, then its work apps' (`&via=<platform>` starts that platform at once, which inside
 * its app signs in silently). Employees by default; a console account when chosen. A page of its own, so the sign-in
 * page every visitor loads stays small.
 */
const TABS = ['employee', 'admin'] as const;

function CompanyWays({ company, tab, via, redirect }: { company: number; tab: SignInTab; via: string | null; redirect: string | null }) {
  const sso = useQuery({ queryKey: ['ssoSignIn', company], queryFn: () => api.getSsoSignIn({ companyId: company }, { silent: true }) });
  if (sso.isPending) return <Skeleton.Button active block size="large" />;
  const offered = sso.data ?? { connections: [], required: false };
  return (
    <Flex vertical gap={12}>
      <SsoSignIn key={`sso-${tab}`} company={company} tab={tab} redirect={redirect} offered={offered} />
      <WorkAppSignIn key={tab} company={company} tab={tab} via={via} redirect={redirect} others={offered.connections.length} />
    </Flex>
  );
}

export function WorkAppSignInPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const company = Number(params.get('company') ?? '') || 0;
  const tab: SignInTab = params.get('role') === 'admin' ? 'admin' : 'employee';
  const choose = (next: SignInTab) => {
    const p = new URLSearchParams(params);
    p.set('role', next);
    p.delete('via');
    setParams(p, { replace: true });
  };
  return (
    <Flex vertical gap={8}>
      <h3 style={{ textAlign: 'center', margin: 0 }}>{t('auth.signin.workApp.title')}</h3>
      <SignInTabs value={tab} onChange={choose} tabs={TABS} label={(k) => t(`auth.signin.workApp.as.${k === 'admin' ? 'admin' : 'employee'}`)} />
      {company > 0 ? <CompanyWays company={company} tab={tab} via={params.get('via')} redirect={params.get('redirect')} /> : null}
      <Link to={`/signin?role=${tab}`}>{t('auth.signin.workApp.password')}</Link>
    </Flex>
  );
}
