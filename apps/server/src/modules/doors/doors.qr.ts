import type { Out } from '@openvisit/contract';
import { Status } from '@openvisit/contract';
import { residentOnSiteToday, visitByCode } from '../../core/visits/visits.public.js';
import { type PassRead, readAnyPass } from '../../platform/formats/passes.js';
import type { DeviceContext } from '../../platform/http/calls.js';
import { type DoorConfig, doorConfig } from './doors.config.js';
import { type DoorPass, doorPass, visitorPass } from './doors.pass.js';

type Input = { qrcode: string; deviceCode?: string; direction?: 1 | 2 };

/**
 * `uploadQrcode`: a QR reader's scan → the door's decision, written as a pass record whatever it is (a refusal too,
 * with its code), then answered: 0 with who passes, or the refusal's status with the record's id. A pass in the
 * original's format is read only where the company switched original clients compatibility on (else 1112), and then
 * decided exactly as ours.
 */
export async function uploadQrcode(ctx: DeviceContext, input: Input): Promise<Out<'uploadQrcode'>> {
  const p = doorPass(ctx, input, 'qr');
  const config = await doorConfig(ctx, p.now);
  const { settings } = config;
  let pass: PassRead;
  try {
    const original = settings.originalCompat === 1 ? { cryptoperiod: settings.cryptoperiod } : null;
    pass = readAnyPass(ctx.services.secrets, ctx.tenant.companyId, input.qrcode, original);
  } catch {
    return p.refuse({ status: Status.QRCODE_FORMAT_ERROR, why: 'notAPass' });
  }
  if (pass.person === 'resident') return workerPass(ctx, p, config, pass.rid);
  const v = await visitByCode(ctx.tenant, pass.code);
  if (!v) return p.refuse({ status: Status.INVALID_VISITOR, why: 'noVisit' });
  return visitorPass(p, v, config, { rotating: true, slot: pass.slot });
}

/**
 * A resident worker's pass (getRvQrcode) names the person: the door decides on their visit signed in today at a desk
 * (approval and validity were checked there); without one the worker is sent to the desk (1117, 'notSignedIn').
 */
async function workerPass(ctx: DeviceContext, p: DoorPass, config: DoorConfig, rid: number): Promise<Out<'uploadQrcode'>> {
  const v = await residentOnSiteToday(ctx, rid);
  if (!v) return p.refuse({ status: Status.INVALID_VISITOR, why: 'notSignedIn' }, { personType: 3, personId: rid });
  return visitorPass(p, v, config, { rotating: false });
}
