import type { Out } from '@openvisit/contract';
import { Status } from '@openvisit/contract';
import type { DeviceContext } from '../../platform/calls.js';
import { isResidentPass, readPass, readResidentPass } from '../../platform/passes.js';
import * as visits from '../visits/visits.service.js';
import { doorConfig } from './doors.config.js';
import { doorPass, visitorPass } from './doors.pass.js';

type Input = { qrcode: string; deviceCode?: string; direction?: 1 | 2 };

/**
 * `uploadQrcode`: a QR reader's scan → the door's decision, written as a pass record whatever it is (a refusal too,
 * with its code), then answered: 0 with who passes, or the refusal's status with the record's id.
 */
export async function uploadQrcode(ctx: DeviceContext, input: Input): Promise<Out<'uploadQrcode'>> {
  const p = doorPass(ctx, input, 'qr');
  if (isResidentPass(input.qrcode)) return workerPass(ctx, p, input.qrcode);
  let pass: { code: string; slot: number | null };
  try {
    pass = readPass(ctx.services.secrets, ctx.tenant.companyId, input.qrcode);
  } catch {
    return p.refuse({ status: Status.QRCODE_FORMAT_ERROR, why: 'notAPass' });
  }
  const [v, config] = await Promise.all([visits.visitByCode(ctx.tenant, pass.code), doorConfig(ctx, p.now)]);
  if (!v) return p.refuse({ status: Status.INVALID_VISITOR, why: 'noVisit' });
  return visitorPass(p, v, config, { rotating: true, slot: pass.slot });
}

/**
 * A resident worker's pass (getRvQrcode) names the person: the door decides on their visit signed in today at a desk
 * (approval and validity were checked there); without one the worker is sent to the desk (1117, 'notSignedIn').
 */
async function workerPass(ctx: DeviceContext, p: ReturnType<typeof doorPass>, qrcode: string): Promise<Out<'uploadQrcode'>> {
  let rid: number;
  try {
    rid = readResidentPass(ctx.services.secrets, ctx.tenant.companyId, qrcode);
  } catch {
    return p.refuse({ status: Status.QRCODE_FORMAT_ERROR, why: 'notAPass' });
  }
  const [v, config] = await Promise.all([visits.residentOnSiteToday(ctx, rid), doorConfig(ctx, p.now)]);
  if (!v) return p.refuse({ status: Status.INVALID_VISITOR, why: 'notSignedIn' }, { personType: 3, personId: rid });
  return visitorPass(p, v, config, { rotating: false });
}
