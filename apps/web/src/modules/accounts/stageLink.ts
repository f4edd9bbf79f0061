import type { Manager } from '@openvisit/contract';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';

/**
 * The staff account's detail as an address of its own (spec section 2: setting/account/stage, linked to the hidden
 * sdetail): `…/stage/sdetail/<id>` opens the list with that account's drawer, so it can be bookmarked or sent; closing
 * it goes back to `…/stage`, the list's filters kept. Off (`enabled` false) where the area has no sdetail route (HSE).
 */
export function useStageDetailLink(enabled: boolean) {
  const { id } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const base = location.pathname.replace(/\/sdetail(?:\/[^/]*)?\/?$/, '');
  const parsed = enabled && id !== undefined && /^\d+$/.test(id) ? Number(id) : undefined;
  return {
    id: parsed,
    open: (managerId: number) => navigate(`${base}/sdetail/${managerId}${location.search}`),
    close: () => navigate(`${base}${location.search}`),
  };
}

/**
 * The staff account drawer of the list: adding (no address) and editing, by address when `deepLinks` (the account's
 * sdetail), else by state. An address naming no account of the loaded list (deleted, another company's) falls back.
 */
export function useStaffDrawer(deepLinks: boolean, list: readonly Manager[] | undefined, loaded: boolean) {
  const [drawer, setDrawer] = useState<{ open: boolean; manager: Manager | null }>({ open: false, manager: null });
  const link = useStageDetailLink(deepLinks);
  const linked = link.id === undefined ? undefined : list?.find((m) => m.id === link.id);
  const missing = link.id !== undefined && loaded && !linked;
  const { close: back } = link;
  useEffect(() => {
    if (missing) back();
  }, [missing, back]);
  return {
    shown: linked ? { open: true, manager: linked } : drawer,
    add: () => setDrawer({ open: true, manager: null }),
    edit: (m: Manager) => (deepLinks ? link.open(m.id) : setDrawer({ open: true, manager: m })),
    close: () => {
      if (link.id !== undefined) link.close();
      setDrawer({ open: false, manager: null });
    },
  };
}
