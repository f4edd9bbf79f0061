import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { SignInTabs } from '../components/SignInTabs';
import { WorkAppSignIn } from '../components/WorkAppSignIn';
import type { SignInTab } from '../signinKinds';

/**
 * The company's work-app sign-in (`/signin/apps?company=<id>`, the link Settings › work apps gives; `&via=<platform>`
 * starts that platform at once, which inside its app signs in silently). Employees by default; a console account
 * (the one with the employee's phone) when chosen. A page of its own, so the sign-in page every visitor loads stays small.
 */
const TABS = ['employee', 'admin'] as const;

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
      {company > 0 ? <WorkAppSignIn key={tab} company={company} tab={tab} via={params.get('via')} redirect={params.get('redirect')} /> : null}
      <Link to={`/signin?role=${tab}`}>{t('auth.signin.workApp.password')}</Link>
    </Flex>
  );
}
