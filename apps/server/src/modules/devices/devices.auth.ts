import { DEVICE_CODE_MAX, type DeviceKind, Status } from '@openvisit/contract';
import { settingsIn } from '../../core/company/company.public.js';
import { devicesRepository } from '../../core/entitlements/entitlements.public.js';
import type { DeviceContext } from '../../platform/http/calls.js';
import { AppError } from '../../platform/http/errors.js';
import { safeEqual } from '../../platform/identity/crypto.js';
import { type AuthenticatedDevice, canonicalIp, type DeviceAuthenticator, deviceSecretHash } from '../../platform/identity/deviceAuth.js';
import { type SystemScope, scopeForCompany } from '../../platform/identity/tenancy.js';
import { deviceHeartbeat } from '../monitor/monitor.public.js';
import { devicesSystemRepository } from './devices.system.repository.js';

const TOUCH_EVERY_MS = 60_000;

type CredentialRow = NonNullable<Awaited<ReturnType<ReturnType<typeof devicesSystemRepository>['credentialOf']>>>;

/** The platform's check of a device's credential (platform/identity/deviceAuth.ts), over the devices table. */
export function deviceAuthenticator(system: SystemScope): DeviceAuthenticator {
  const repo = devicesSystemRepository(system);
  /** A device found: refused while disabled, else stamped as seen. */
  const admit = async (row: CredentialRow, ip: string): Promise<AuthenticatedDevice> => {
    if (row.status !== 0) throw new AppError(Status.DEVICE_DISABLED);
    // At most one write a minute per device, whatever its request rate; the same minute's heartbeat shows the device on
    // /monitor (a face terminal as type 3, any other door device type 4).
    if (!row.lastSeenAt || Date.now() - row.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
      const touched = await repo.touch(row.id);
      if (touched) await deviceHeartbeat(scopeForCompany(system, row.companyId), { id: row.id, name: row.name, ip, kind: row.kind });
    }
    return { id: row.id, companyId: row.companyId, name: row.name, code: row.code, kind: row.kind, direction: row.direction };
  };
  return {
    async authenticate(eid: number, secret: string, ip: string): Promise<AuthenticatedDevice> {
      const row = await repo.credentialOf(eid);
      // The hash is compared even for an unknown device, so the answer's timing does not tell which ids exist.
      const stored = row?.secretHash || '0'.repeat(64);
      const matches = safeEqual(deviceSecretHash(secret), stored);
      if (!row?.secretHash || !matches) throw new AppError(Status.DEVICE_NOT_ALLOWED, 'Unknown device or wrong secret');
      return admit(row, ip);
    },
    async legacy(code: string, ip: string): Promise<AuthenticatedDevice> {
      // No stored code is longer; such a body is refused without a query.
      const rows = code.length > DEVICE_CODE_MAX ? [] : await repo.legacyOf(code);
      const at = canonicalIp(ip);
      const matching = rows.filter((r) => r.ip !== '' && canonicalIp(r.ip) === at);
      // Several companies' legacy readers of one code at one address (behind one NAT): none can be told apart.
      const [row] = matching;
      if (!row || matching.length > 1) throw new AppError(Status.DEVICE_NOT_ALLOWED, 'Unknown device or wrong secret');
      return admit(row, ip);
    },
  };
}

/** What a device reads of itself. */
export async function deviceSelf(ctx: DeviceContext) {
  const repo = devicesRepository(ctx.tenant);
  const [row, links, settings] = await Promise.all([repo.device(ctx.device.id), repo.links({ deviceIds: [ctx.device.id] }), settingsIn(ctx.tenant)]);
  // Deleted between the credential check and here.
  if (!row) throw new AppError(Status.DEVICE_NOT_ALLOWED, 'Unknown device or wrong secret');
  return {
    eid: row.id,
    deviceName: row.name,
    deviceCode: row.code,
    eType: row.kind as DeviceKind,
    enterStatus: row.direction,
    egids: links.map((l) => l.groupId),
    cryptoperiod: settings.cryptoperiod,
    serverTime: Date.now(),
  };
}
