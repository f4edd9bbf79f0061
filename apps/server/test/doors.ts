import type { TestApp } from './harness.js';

/** A device call's answer as the doors' tests read it. */
export type DeviceAnswer = { status: number; reason?: string; result: Record<string, unknown> | null };

/** `addEquipment` input for a door device: a QR reader at the lobby unless `over` says otherwise. */
export const doorDevice = (over: Record<string, unknown> = {}) => ({
  deviceName: 'Lobby reader',
  deviceCode: 'QR-001',
  extendCode: '',
  roomNum: '',
  deviceIp: '',
  devicePort: null,
  readerNo: '',
  enterStatus: 1,
  eType: 'qr' as const,
  ...over,
});

/** A device call under /qcvisit/ with the device's credential (`Device <eid>.<secret>`) or a session token, or neither. */
export const deviceCall =
  (t: () => TestApp, name: string) =>
  (credential: string | undefined, body: Record<string, unknown>, token?: string): Promise<DeviceAnswer> =>
    t()
      .app.inject({
        method: 'POST',
        url: `/qcvisit/${name}`,
        headers: { ...(credential ? { authorization: credential } : {}), ...(token ? { 'x-coolvisit-token': token } : {}) },
        payload: body,
      })
      .then((r) => r.json() as DeviceAnswer);
