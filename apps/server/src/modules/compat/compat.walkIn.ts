import type { DialectContext } from '../../platform/http/calls.js';
import type { DialectAdapters } from '../../platform/http/dialect.js';
import { logisticsTypes } from './compat.logistics.js';
import { asObject, keyValues, visitList, visits, withPhoto } from './compat.shared.js';

/**
 * The walk-in form as the original front desk sends it: `extendCol` as `key=value` strings (one string, comma or
 * semicolon separated, or an array), the ID reader's number as `card`, the companions' names as `memberName`.
 */
function originalWalkIn(raw: unknown): unknown {
  const { card, memberName, extendCol, ...body } = asObject(withPhoto(raw));
  const out: Record<string, unknown> = { ...body };
  if (extendCol !== undefined) out.extendCol = keyValues(extendCol);
  if (typeof card === 'string' && card && out.cardId === undefined) out.cardId = card;
  if (typeof memberName === 'string' && memberName.trim() && out.followers === undefined)
    out.followers = memberName
      .split(/[,，;；]/)
      .map((name) => name.trim())
      .filter(Boolean)
      .map((name) => ({ name, phone: '' }));
  return out;
}

/** The invitation page's face calls name the invitation by its link's token: `secid`, or the original's `id`. */
function bySecid(raw: unknown): unknown {
  const { id, secId, ...body } = asObject(raw);
  return { ...body, secid: body.secid ?? secId ?? id };
}

/** Whether the visitor's face photo is in (`face` 1) and whether the page still takes one (`canUpload` 1). */
function faceStatus(result: unknown): unknown {
  const page = asObject(result);
  return { face: page.hasPhoto ? 1 : 0, canUpload: page.canSupplement ? 1 : 0, status: page.status };
}

/** The walk-in and on-site appointment forms with their face photo (frontdesk-app.md §3d–e). */
export const walkInDialect: DialectAdapters<DialectContext> = {
  UpdatePhoto: { request: originalWalkIn, response: visits },
  addVisitorApponintmnet: visitList,
  uploadFace: { call: 'uploadAppointmentPhoto', request: bySecid, response: faceStatus },
  getFaceStatus: { call: 'getAppointmentbySecId', request: bySecid, response: faceStatus },
  getExtendTypeInfo: { pick: (raw) => ('token' in asObject(raw) ? undefined : 'getExtendType'), response: logisticsTypes },
  getExtendType: { response: logisticsTypes },
};
