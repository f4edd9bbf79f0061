import type { DialectContext } from '../../platform/http/calls.js';
import type { DialectAdapter, DialectAdapters } from '../../platform/http/dialect.js';
import { asObject } from './compat.shared.js';

const LOGISTICS_EXTENDS = ['driverExtend', 'vehicleExtend', 'goodsExtend', 'logExtend'] as const;

/** A booking's field sets sent as JSON strings (`""` for none), as the original stored them. */
function logisticsBody(raw: unknown): unknown {
  const body = { ...asObject(raw) };
  for (const key of LOGISTICS_EXTENDS) {
    const value = body[key];
    if (typeof value !== 'string') continue;
    try {
      body[key] = value.trim() ? JSON.parse(value) : {};
    } catch {
      // Left as sent: the contract refuses it with the field named.
    }
  }
  return body;
}

const bookingOut = (row: Record<string, unknown>) => {
  const out = { ...row };
  for (const key of LOGISTICS_EXTENDS) if (typeof out[key] === 'object' && out[key] !== null) out[key] = JSON.stringify(out[key]);
  return out;
};

/** Bookings as the original answered them: the field sets as JSON strings. */
function bookings(result: unknown): unknown {
  const page = asObject(result);
  if (Array.isArray(page.list)) return { ...page, list: page.list.map((b) => bookingOut(asObject(b))) };
  return 'sid' in page ? bookingOut(page) : result;
}

/**
 * Logistics types as the original answered them: each field set's definitions a JSON string. The desk asks
 * `getExtendTypeInfo` with its session and no link token (ours takes the public page's token): that is the company's
 * own list, `getExtendType`, cut to the `tid` asked for.
 */
export function logisticsTypes(result: unknown, sent: Record<string, unknown>): unknown {
  const page = asObject(result);
  if (Array.isArray(page.types)) return { ...page, types: page.types.map((r) => bookingOut(asObject(r))) };
  if (!Array.isArray(result)) return result;
  const tid = Number(sent.tid);
  return result.filter((r) => !tid || asObject(r).tid === tid).map((r) => bookingOut(asObject(r)));
}

/**
 * The original marked a truck's arrival, exit release and departure by updating the booking with the time: those
 * updates are our gate moves, with their rules (approved for today, the driver's induction, the order of moves).
 */
function gateMove(raw: unknown): string | undefined {
  const body = asObject(raw);
  if (body.leaveTime || body.finishTime) return 'logisticsLeave';
  if (body.exitTime) return 'logisticsRelease';
  if (body.visitdate) return 'logisticsArrive';
  return undefined;
}

const logisticsCall: DialectAdapter = { request: logisticsBody, response: bookings };

/** Trucks at the gate (frontdesk-app.md §3h). */
export const logisticsDialect: DialectAdapters<DialectContext> = {
  addLogisticsInfo: logisticsCall,
  updateLogisticsInfo: { pick: gateMove, request: logisticsBody, response: bookings },
  getLogisticsInfo: logisticsCall,
  approveLogistics: logisticsCall,
  logisticsArrive: logisticsCall,
  logisticsRelease: logisticsCall,
  logisticsLeave: logisticsCall,
};
