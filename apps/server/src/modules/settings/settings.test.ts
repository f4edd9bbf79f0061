import { Status } from '@openvisit/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, seedEmployee, seedStaff, type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';
import { operationLogs, visits } from '../../db/schema/index.js';

type Errors = { errors: { field: string; rule: string }[] };

/** Basic settings: each call changes its fields of the company settings, answers them, is logged, and takes effect. */
describe('basic settings', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  const info = async (token: string) => (await t.api.GetUserInfo({}, token)).result;
  const lastLog = async (companyId: number) =>
    (await t.db.select().from(operationLogs).where(eq(operationLogs.companyId, companyId)).orderBy(desc(operationLogs.id)).limit(1))[0];

  beforeAll(async () => {
    t = await testApp();
    ({ a, b } = await twoTenants(t));
  });
  afterAll(() => t.close());

  it('no token 28; staff, employees and kiosks 610; a sub-administrator may', async () => {
    expect((await t.api.updatePermissionSwitch({ permissionSwitch: 1 })).status).toBe(Status.TOKEN_MISSING);
    for (const sType of [0, 2, 4] as const) {
      const staff = await seedStaff(t, a.id, sType);
      expect((await t.api.updateExtendTime({ preExtendTime: 10, latExtendTime: 10 }, staff.token)).status).toBe(Status.NO_PERMISSION);
      expect((await t.api.updateDoorSignInSwitch({ doorSignIn: 1 }, staff.token)).status).toBe(Status.NO_PERMISSION);
      expect((await t.api.updateOriginalCompatSwitch({ originalCompat: 1 }, staff.token)).status).toBe(Status.NO_PERMISSION);
    }
    const emp = await seedEmployee(t, a.id);
    const empToken = (await t.api.empLogin({ phone: emp.phone, empPwd: PASSWORD })).result.token;
    expect((await t.api.updatePermissionSwitch({ permissionSwitch: 1 }, empToken)).status).toBe(Status.NO_PERMISSION);
    const sub = await seedStaff(t, a.id, 5);
    expect((await t.api.updateScanerSwitch({ scaner: 1 }, sub.token)).status).toBe(0);
    expect((await t.api.updateDoorSignInSwitch({ doorSignIn: 0 }, sub.token)).result.doorSignIn).toBe(0);
    expect((await t.api.updateOriginalCompatSwitch({ originalCompat: 0 }, sub.token)).result.originalCompat).toBe(0);
    // Another company's id in the body is refused, never obeyed.
    expect((await t.api.updateCryptoperiod({ userid: b.id, cryptoperiod: 5 }, a.token)).status).toBe(Status.NO_PERMISSION);
  });

  it('refuses values out of range with field errors, and leaves the settings as they were', async () => {
    const bad = async (name: string, body: object) => (await t.call<Errors>(name, body, a.token)).result.errors;
    expect(await bad('updateExtendTime', { preExtendTime: -1, latExtendTime: 1441 })).toEqual([
      { field: 'preExtendTime', rule: 'range' },
      { field: 'latExtendTime', rule: 'range' },
    ]);
    expect(await bad('updateExtendTime', { preExtendTime: 1.5, latExtendTime: 10 })).toEqual([{ field: 'preExtendTime', rule: 'range' }]);
    expect(await bad('updateLeaveExpiryTime', { leaveExpiryTime: 73 })).toEqual([{ field: 'leaveExpiryTime', rule: 'range' }]);
    expect(await bad('updateQrcodeConf', { qrMaxCount: 101, qrMaxDuration: 721 })).toEqual([
      { field: 'qrMaxCount', rule: 'range' },
      { field: 'qrMaxDuration', rule: 'range' },
    ]);
    expect(await bad('updateCryptoperiod', { cryptoperiod: 2000 })).toEqual([{ field: 'cryptoperiod', rule: 'range' }]);
    expect(await bad('updatePermissionSwitch', { permissionSwitch: 2 })).toEqual([{ field: 'permissionSwitch', rule: 'invalid_union' }]);
    expect(await bad('updateOriginalCompatSwitch', {})).toEqual([{ field: 'originalCompat', rule: 'invalid_union' }]);
    expect(await bad('updateOffDutyTime', { upDuty: '25:00', offDuty: '18:00' })).toEqual([{ field: 'upDuty', rule: 'format' }]);
    expect(await bad('updateOffDutyTime', { upDuty: '09:00', offDuty: '' })).toEqual([{ field: 'offDuty', rule: 'required' }]);
    expect(await bad('updateOffDutyTime', { upDuty: '18:00', offDuty: '09:00' })).toEqual([{ field: 'offDuty', rule: 'beforeUpDuty' }]);
    expect(await info(a.token)).toMatchObject({ preExtendTime: 30, latExtendTime: 30, leaveExpiryTime: 0, upDuty: '', offDuty: '' });
  });

  it('answers the updated settings, changes only its own company, and logs each change', async () => {
    const r = await t.api.updateExtendTime({ preExtendTime: 15, latExtendTime: 45 }, a.token);
    expect(r.status).toBe(0);
    expect(r.result).toMatchObject({ preExtendTime: 15, latExtendTime: 45 });
    expect(Object.keys(r.result).sort()).toEqual(
      [
        'cryptoperiod',
        'doorSignIn',
        'latExtendTime',
        'leaveExpiryTime',
        'offDuty',
        'originalCompat',
        'permissionSwitch',
        'preExtendTime',
        'qrMaxCount',
        'qrMaxDuration',
        'scaner',
        'tempEditSwitch',
        'upDuty',
      ].sort(),
    );
    expect((await lastLog(a.id))?.optDesc).toBe('check-in from 15 min before to 45 min after');
    expect((await t.api.updateTempEditSwitch({ tempEditSwitch: 1 }, a.token)).result.tempEditSwitch).toBe(1);
    expect(await lastLog(a.id)).toMatchObject({ objName: 'tempEditSwitch', optDesc: 'switched on' });
    expect((await t.api.updateQrcodeConf({ qrMaxCount: 3, qrMaxDuration: 48 }, a.token)).result).toMatchObject({
      qrMaxCount: 3,
      qrMaxDuration: 48,
    });
    expect((await t.api.updateCryptoperiod({ cryptoperiod: 5 }, a.token)).result.cryptoperiod).toBe(5);
    // Original clients compatibility: off unless switched on; logged by its name.
    expect((await info(a.token)).originalCompat).toBe(0);
    expect((await t.api.updateOriginalCompatSwitch({ originalCompat: 1 }, a.token)).result.originalCompat).toBe(1);
    expect(await lastLog(a.id)).toMatchObject({ objName: 'originalCompat', optDesc: 'switched on' });
    expect((await t.api.updateOffDutyTime({ upDuty: '09:00', offDuty: '18:30' }, a.token)).result).toMatchObject({
      upDuty: '09:00',
      offDuty: '18:30',
    });
    expect((await lastLog(a.id))?.optDesc).toBe('working hours 09:00–18:30');
    // Both empty clears the working hours.
    expect((await t.api.updateOffDutyTime({ upDuty: '', offDuty: '' }, a.token)).result.offDuty).toBe('');
    expect(await info(a.token)).toMatchObject({
      preExtendTime: 15,
      latExtendTime: 45,
      tempEditSwitch: 1,
      qrMaxCount: 3,
      cryptoperiod: 5,
      originalCompat: 1,
    });
    // Beta is untouched.
    expect(await info(b.token)).toMatchObject({
      preExtendTime: 30,
      latExtendTime: 30,
      tempEditSwitch: 0,
      qrMaxCount: 0,
      cryptoperiod: 0,
      originalCompat: 0,
    });
  });

  it('permissionSwitch decides whether employees may invite (116)', async () => {
    const emp = await seedEmployee(t, a.id);
    const token = (await t.api.empLogin({ phone: emp.phone, empPwd: PASSWORD })).result.token;
    const invite = () =>
      t.api.addAppointment(
        { appointmentDate: Date.now() + 86_400_000, visitors: [{ name: '王受邀', phone: `139${String(Date.now() % 1e8).padStart(8, '0')}` }] },
        token,
      );
    expect((await t.api.updatePermissionSwitch({ permissionSwitch: 0 }, a.token)).result.permissionSwitch).toBe(0);
    expect((await invite()).status).toBe(Status.INVITE_FEATURE_OFF);
    expect((await t.api.updatePermissionSwitch({ permissionSwitch: 1 }, a.token)).result.permissionSwitch).toBe(1);
    expect((await invite()).status).toBe(0);
  });

  it('the extend times open and close the check-in window (64 / 65)', async () => {
    const kiosk = await seedStaff(t, a.id, 4);
    const inTwoHours = async (code: string) =>
      t.db.insert(visits).values({
        companyId: a.id,
        kind: 'invite',
        status: 'sent',
        name: 'Early Bird',
        phone: '13900000000',
        code,
        appointmentAt: new Date(Date.now() + 2 * 3600_000),
      });
    await inTwoHours('70000001');
    await t.api.updateExtendTime({ preExtendTime: 30, latExtendTime: 30 }, a.token);
    expect((await t.api.AppClientSignin({ verifyCode: '70000001' }, kiosk.token)).status).toBe(Status.TOO_EARLY);
    await t.api.updateExtendTime({ preExtendTime: 180, latExtendTime: 30 }, a.token);
    expect((await t.api.AppClientSignin({ verifyCode: '70000001' }, kiosk.token)).status).toBe(0);
    await t.db.insert(visits).values({
      companyId: a.id,
      kind: 'invite',
      status: 'sent',
      name: 'Late Comer',
      phone: '13900000001',
      code: '70000002',
      appointmentAt: new Date(Date.now() - 2 * 3600_000),
    });
    expect((await t.api.AppClientSignin({ verifyCode: '70000002' }, kiosk.token)).status).toBe(Status.LATE);
  });

  it('leaveExpiryTime sets the leave time of visitors signing in from then on; scaner reaches the kiosk', async () => {
    const desk = await seedStaff(t, a.id, 2);
    expect((await t.api.updateLeaveExpiryTime({ leaveExpiryTime: 4 }, a.token)).result.leaveExpiryTime).toBe(4);
    expect((await lastLog(a.id))?.optDesc).toBe('signed out 4 h after sign-in');
    const host = (await t.api.addEmployee({ employee_name: 'Helen Host', phone: '13800001111' }, a.token)).result.empid;
    const walkIn = await t.api.UpdatePhoto({ vname: 'Walker', vphone: '13911110000', empid: host }, desk.token);
    expect(walkIn.reason).toBe('success');
    const [v] = await t.db
      .select()
      .from(visits)
      .where(and(eq(visits.companyId, a.id), eq(visits.id, walkIn.result.vid)));
    expect((v?.leaveAt?.getTime() ?? 0) - (v?.visitAt?.getTime() ?? 0)).toBe(4 * 3600_000);
    await t.api.updateLeaveExpiryTime({ leaveExpiryTime: 0 }, a.token);
    expect((await lastLog(a.id))?.optDesc).toBe('no automatic sign-out');

    const kiosk = await seedStaff(t, a.id, 4);
    const pad = async () => (await t.api.getPadConfig({}, kiosk.token)).result.settings.scaner;
    // On unless switched off (the kiosk scanned QR codes before the switch existed).
    expect(await pad()).toBe(1);
    expect((await t.api.updateScanerSwitch({ scaner: 0 }, a.token)).result.scaner).toBe(0);
    expect(await pad()).toBe(0);
  });
});
