import { describe, expect, it } from 'vitest';
import { secretBox, secretKeyFrom } from '../identity/crypto.js';
import { codeOfScan, passSlot, readPass, readResidentPass, residentPass, visitPass } from './passes.js';

const secrets = secretBox(secretKeyFrom('a server secret of at least thirty-two characters'));
const other = secretBox(secretKeyFrom('another server secret, thirty-two characters or more'));
const status = (fn: () => unknown) => {
  try {
    fn();
    return 0;
  } catch (err) {
    return (err as { status?: number }).status;
  }
};

describe('visit passes', () => {
  it('a still pass reads back to its code, without a slot; letters and digits only, so a device can keep it as a card number', () => {
    const pass = visitPass(secrets, 7, '12345678');
    expect(pass).toMatch(/^OV312345678[A-Za-z0-9]{16}$/);
    expect(readPass(secrets, 7, pass)).toEqual({ code: '12345678', slot: null });
    // A pass issued in the earlier form still reads.
    const mac = secrets.mac('visit pass', '7:12345678').slice(0, 16);
    expect(readPass(secrets, 7, `OV1-12345678-${mac}`)).toEqual({ code: '12345678', slot: null });
    expect(status(() => readPass(secrets, 7, `OV3${'12345679'}${pass.slice(-16)}`))).toBe(1112);
  });

  it("a resident worker's pass is card-safe too, and the earlier form still reads", () => {
    const pass = residentPass(secrets, 7, 42);
    expect(pass).toMatch(/^OVR30000000042[A-Za-z0-9]{16}$/);
    expect(readResidentPass(secrets, 7, pass)).toBe(42);
    expect(readResidentPass(secrets, 7, `OVR1-42-${secrets.mac('resident pass', '7:42').slice(0, 16)}`)).toBe(42);
    expect(status(() => readResidentPass(secrets, 8, pass))).toBe(1112);
    expect(status(() => readResidentPass(secrets, 7, pass.replace('42', '43')))).toBe(1112);
  });

  it('a rotating pass carries the slot of its period, signed with the rest', () => {
    const at = Date.UTC(2026, 10, 26, 9, 7);
    const pass = visitPass(secrets, 7, '12345678', { minutes: 5, at });
    expect(passSlot(5, at)).toBe(Math.floor(at / 300_000));
    expect(pass).toBe(`OV2-12345678-${passSlot(5, at)}-${pass.slice(-16)}`);
    expect(readPass(secrets, 7, pass)).toEqual({ code: '12345678', slot: passSlot(5, at) });
    // A cryptoperiod of 0 means still passes.
    expect(visitPass(secrets, 7, '12345678', { minutes: 0, at })).toBe(visitPass(secrets, 7, '12345678'));
  });

  it('answers 1112 to another company’s, another server’s, an altered or a made-up pass', () => {
    const pass = visitPass(secrets, 7, '12345678');
    const rotating = visitPass(secrets, 7, '12345678', { minutes: 5, at: Date.now() });
    expect(status(() => readPass(secrets, 8, pass))).toBe(1112);
    expect(status(() => readPass(other, 7, pass))).toBe(1112);
    expect(status(() => readPass(secrets, 7, pass.replace('12345678', '12345679')))).toBe(1112);
    // Moving a rotating pass to a later slot breaks its signature.
    const [, code, slot, sig] = rotating.split('-');
    expect(status(() => readPass(secrets, 7, `OV2-${code}-${Number(slot) + 1}-${sig}`))).toBe(1112);
    expect(status(() => readPass(secrets, 7, 'OV1-12345678-AAAAAAAAAAAAAAAA'))).toBe(1112);
    expect(status(() => readPass(secrets, 7, '12345678'))).toBe(1112);
    expect(status(() => readPass(secrets, 7, ''))).toBe(1112);
  });

  it('the kiosk takes a typed code as it is, and a pass of either kind as its code', () => {
    expect(codeOfScan(secrets, 7, ' 1234 5678 ')).toBe('12345678');
    expect(codeOfScan(secrets, 7, visitPass(secrets, 7, '12345678'))).toBe('12345678');
    expect(codeOfScan(secrets, 7, visitPass(secrets, 7, '12345678', { minutes: 1, at: 0 }))).toBe('12345678');
    expect(status(() => codeOfScan(secrets, 7, 'OV2-1-2-3'))).toBe(1112);
  });
});
