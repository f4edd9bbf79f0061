import { hikvisionDriver } from './credentials.hikvision.js';
import type { DriverFactory } from './credentials.push.js';

/** The drivers the server pushes with (ours and ZKTeco's are pulled by the device). */
export const PUSH_DRIVERS: Partial<Record<string, DriverFactory>> = { hikvision: hikvisionDriver };
