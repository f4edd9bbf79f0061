import { z } from 'zod';
import { epochMs } from '../call.js';

/**
 * How the server reaches a door device's own store of people (docs/modules/credentials.md): our protocol (readers ask
 * per scan, face terminals pull their delta), Hikvision ISAPI (the server pushes to the device's address with a device
 * account) or ZKTeco PUSH (the device polls /iclock/ from behind NAT, naming itself by its serial number, the device's
 * identifier `deviceCode`).
 */
export const DEVICE_DRIVERS = ['openvisit', 'hikvision', 'zkteco'] as const;
export type DeviceDriver = (typeof DEVICE_DRIVERS)[number];
/** The kinds each driver's devices may be: what holds a list of people on the device. */
export const DRIVER_KINDS: Record<DeviceDriver, readonly string[]> = {
  openvisit: ['qr', 'face', 'card', 'barrier'],
  // A barrier: an ANPR entrance camera (or the barrier controller it feeds) keeping an allowlist of plates.
  hikvision: ['face', 'card', 'qr', 'barrier'],
  zkteco: ['face', 'card'],
};
export const DEVICE_USER_MAX = 32;
export const DEVICE_PASSWORD_MAX = 64;

/** The fields of the device form that choose the driver; the password is written, never answered. */
export const driverFields = {
  driver: z.enum(DEVICE_DRIVERS).default('openvisit'),
  driverUser: z
    .string()
    .trim()
    .max(DEVICE_USER_MAX)
    .regex(/^[\x21-\x7e]*$/, 'format')
    .default(''),
  /** Left out or empty: the stored password stays (it is never answered). */
  driverPassword: z.string().max(DEVICE_PASSWORD_MAX).optional(),
  driverTls: z.boolean().default(false),
};

type DriverInput = { driver: DeviceDriver; eType: string; deviceIp: string; driverUser: string; driverPassword?: string | undefined };

/**
 * A Hikvision device needs its address and account (and, when added, its password); each driver takes only the kinds
 * that keep people (400 `eType unsupported`). `adding`: the password is required (there is none stored yet).
 */
export function driverNeeds(adding: boolean) {
  return (v: DriverInput, ctx: z.RefinementCtx): void => {
    if (!DRIVER_KINDS[v.driver].includes(v.eType)) ctx.addIssue({ code: 'custom', message: 'unsupported', path: ['eType'] });
    if (v.driver !== 'hikvision') return;
    if (v.deviceIp === '') ctx.addIssue({ code: 'custom', message: 'required', path: ['deviceIp'] });
    if (v.driverUser === '') ctx.addIssue({ code: 'custom', message: 'required', path: ['driverUser'] });
    if (adding && !v.driverPassword) ctx.addIssue({ code: 'custom', message: 'required', path: ['driverPassword'] });
  };
}

/** What the server knows of its link to a pushed-to or polling device. */
export const DEVICE_LINK_STATES = ['ok', 'authRefused', 'locked', 'unreachable', 'busy', 'garbage', 'error'] as const;
export const deviceLink = z.object({
  state: z.enum(DEVICE_LINK_STATES),
  /** The device's own words or our reading of them (never a password). */
  reason: z.string(),
  /** No request to the device before this time; null: none held. */
  holdUntil: epochMs.nullable(),
  lastContactAt: epochMs.nullable(),
  readbackAt: epochMs.nullable(),
});
export type DeviceLink = z.infer<typeof deviceLink>;
