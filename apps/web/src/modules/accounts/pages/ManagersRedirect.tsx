import { Navigate, useLocation } from 'react-router';

/** The staff accounts' former address (setting/account/managers) sends bookmarks on to its spec name, stage, the query kept. */
export function ManagersRedirect() {
  const location = useLocation();
  return <Navigate replace to={`${location.pathname.replace(/\/managers\/?$/, '/stage')}${location.search}${location.hash}`} />;
}
