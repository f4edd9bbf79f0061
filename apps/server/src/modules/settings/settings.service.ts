import { type BasicSettings, basicSettings, type LogDescription, type LoggedSetting, logDesc, settingObject } from '@openvisit/contract';
import { patchSettings, settingsOf } from '../../core/company/company.public.js';
import type { AuthedContext } from '../../platform/http/calls.js';

/**
 * Basic settings (Custom settings › basic settings): company settings that rule invitations and check-in. Where each
 * takes effect: permissionSwitch — invitations (116); preExtendTime / latExtendTime — check-in by code or phone and the
 * invitation page's window (64/65); leaveExpiryTime — the leave time set at sign-in and the automatic sign-out job
 * (visits.schedule.ts); upDuty / offDuty — the overtime query; scaner — QR check-in (the kiosk's scan, 1131 when off); tempEditSwitch, qrMaxCount,
 * qrMaxDuration and cryptoperiod are kept for the invitation templates and the QR passes of door readers;
 * originalCompat — the QR passes given out and accepted in the original's format (platform/formats/passes.ts).
 */
async function change(ctx: AuthedContext, patch: Partial<BasicSettings>, objName: LoggedSetting, desc: LogDescription): Promise<BasicSettings> {
  await patchSettings(ctx, patch);
  ctx.audit.objName = settingObject(objName);
  ctx.audit.desc = desc;
  return basicSettings.parse(await settingsOf(ctx));
}

type Switch = 'permissionSwitch' | 'tempEditSwitch' | 'scaner' | 'doorSignIn' | 'originalCompat';

export function setSwitch(ctx: AuthedContext, key: Switch, value: 0 | 1): Promise<BasicSettings> {
  return change(ctx, { [key]: value }, key, logDesc(value ? 'switchedOn' : 'switchedOff'));
}

export function setExtendTime(ctx: AuthedContext, v: { preExtendTime: number; latExtendTime: number }): Promise<BasicSettings> {
  return change(ctx, v, 'extendTime', logDesc('extendTimeSet', { before: v.preExtendTime, after: v.latExtendTime }));
}

export function setLeaveExpiryTime(ctx: AuthedContext, v: { leaveExpiryTime: number }): Promise<BasicSettings> {
  return change(ctx, v, 'leaveExpiryTime', v.leaveExpiryTime ? logDesc('leaveExpirySet', { hours: v.leaveExpiryTime }) : logDesc('leaveExpiryOff'));
}

export function setDutyTime(ctx: AuthedContext, v: { upDuty: string; offDuty: string }): Promise<BasicSettings> {
  return change(ctx, v, 'dutyTime', v.upDuty ? logDesc('dutyTimeSet', { up: v.upDuty, off: v.offDuty }) : logDesc('dutyTimeCleared'));
}

export function setQrcodeConf(ctx: AuthedContext, v: { qrMaxCount: number; qrMaxDuration: number }): Promise<BasicSettings> {
  return change(ctx, v, 'qrcodeConf', logDesc('qrcodeConfSet', { count: v.qrMaxCount, hours: v.qrMaxDuration }));
}

export function setCryptoperiod(ctx: AuthedContext, v: { cryptoperiod: number }): Promise<BasicSettings> {
  return change(ctx, v, 'cryptoperiod', logDesc('cryptoperiodSet', { minutes: v.cryptoperiod }));
}
