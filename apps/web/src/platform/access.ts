import { type CallDef, grantAdmits, type Role } from '@openvisit/contract';
import { useConfig } from './config';
import { getSession, grantsOf } from './session';

/**
 * Whether the signed-in account may make a call, read from the call's contract declaration (its `access` roles) so
 * the console never copies an access list: the login result's `role` is the session role the server checks.
 */
export function canCall(call: Pick<CallDef, 'access'> & Partial<Pick<CallDef, 'name' | 'area'>>, session = getSession()): boolean {
  if (call.access === 'public') return true;
  // Door devices make their own calls with their credential; no console session may.
  if (call.access === 'device') return false;
  const role = session.project?.role;
  if (role === undefined || !(call.access as readonly Role[]).includes(role as Role)) return false;
  // A module-driven account only in its granted areas, as the server decides (the contract's grantAdmits).
  return !call.name || !call.area || grantAdmits(grantsOf(session.project), { name: call.name, area: call.area });
}

/** `canCall`, and the call's feature switch on (false while the configuration loads). */
export function useCanCall(call: Pick<CallDef, 'access' | 'feature'> & Partial<Pick<CallDef, 'name' | 'area'>>): boolean {
  const features = useConfig().data?.features;
  if (call.feature && features?.[call.feature] !== true) return false;
  return canCall(call);
}
