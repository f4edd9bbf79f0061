import { describe, expect, it } from 'vitest';
import { secretBox, secretKeyFrom } from '../identity/crypto.js';
import {
  encodeOriginalPass,
  isOriginalPass,
  ORIGINAL_CHANNELS,
  ORIGINAL_KINDS,
  type OriginalChannel,
  type OriginalKind,
  type OriginalPassFields,
  readOriginalPass,
} from './originalPasses.js';
import { codeOfScan, issueResidentPass, issueVisitPass, passSlot, readAnyPass, visitPass } from './passes.js';

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

const AT = new Date(2026, 10, 26, 9, 30).getTime();
const PAIRS: [OriginalKind, OriginalChannel][] = [
  ['employee', 'employee'],
  ['employee', 'sticker'],
  ['visitor', 'invite'],
  ['visitor', 'appointment'],
  ['visitor', 'sticker'],
  ['resident', 'resident'],
  ['resident', 'sticker'],
];

/** Another character in the same place: a hex digit for a hex digit, a digit for a digit. */
const flipped = (s: string, i: number) => {
  const c = s[i] ?? '0';
  const next = c === '0' ? '1' : c === 'a' ? 'b' : /[0-9]/.test(c) ? String((Number(c) + 1) % 10) : 'a';
  return `${s.slice(0, i)}${next}${s.slice(i + 1)}`;
};

describe('original-format passes', () => {
  it('every kind and channel reads back as written, in the original layout', () => {
    for (const [kind, channel] of PAIRS) {
      for (const rotating of [false, true]) {
        const f: OriginalPassFields = { kind, channel, phone: '13812345678', at: AT, id: '12345678', rotating };
        const pass = encodeOriginalPass(secrets, 7, f);
        expect(pass).toMatch(new RegExp(`^v[0-9a-f]{15}468${ORIGINAL_KINDS[kind]}${ORIGINAL_CHANNELS[channel]}1381234567820261126093012345678$`));
        expect(isOriginalPass(pass)).toBe(true);
        expect(readOriginalPass(secrets, 7, pass)).toEqual(f);
      }
    }
  });

  it('a phone that is not a mainland mobile is written as eleven zeros; ids of 1 to 10 digits', () => {
    const pass = encodeOriginalPass(secrets, 7, { kind: 'resident', channel: 'resident', phone: '+85291234567', at: AT, id: '5', rotating: false });
    expect(pass.slice(23)).toBe('000000000002026112609305');
    expect(readOriginalPass(secrets, 7, pass)).toMatchObject({ phone: '', id: '5' });
    expect(() => encodeOriginalPass(secrets, 7, { kind: 'visitor', channel: 'resident', phone: '', at: AT, id: '1', rotating: false })).toThrow();
    expect(() =>
      encodeOriginalPass(secrets, 7, { kind: 'visitor', channel: 'invite', phone: '', at: AT, id: '12345678901', rotating: false }),
    ).toThrow();
  });

  it('any character changed, another company or another server key: 1112', () => {
    const pass = encodeOriginalPass(secrets, 7, {
      kind: 'visitor',
      channel: 'invite',
      phone: '13812345678',
      at: AT,
      id: '12345678',
      rotating: false,
    });
    for (let i = 0; i < pass.length; i++) expect(status(() => readOriginalPass(secrets, 7, flipped(pass, i)))).toBe(1112);
    expect(status(() => readOriginalPass(secrets, 8, pass))).toBe(1112);
    expect(status(() => readOriginalPass(other, 7, pass))).toBe(1112);
    // Upper case, a missing id, a stamp that is no date, a plain SHA-512 prefix as the original made: 1112.
    expect(status(() => readOriginalPass(secrets, 7, pass.toUpperCase()))).toBe(1112);
    expect(status(() => readOriginalPass(secrets, 7, pass.slice(0, 36)))).toBe(1112);
    expect(status(() => readOriginalPass(secrets, 7, 'v0123456789abcde46802231381234567820261399093012345678'))).toBe(1112);
    expect(status(() => readOriginalPass(secrets, 7, 'not a pass'))).toBe(1112);
  });

  it('whether a pass rotates is signed: a still pass cannot be passed off as a rotating one, nor the other way', () => {
    const f: OriginalPassFields = { kind: 'visitor', channel: 'invite', phone: '', at: AT, id: '12345678', rotating: false };
    const still = encodeOriginalPass(secrets, 7, f);
    const rotating = encodeOriginalPass(secrets, 7, { ...f, rotating: true });
    expect(still.slice(16)).toBe(rotating.slice(16));
    expect(still.slice(1, 16)).not.toBe(rotating.slice(1, 16));
    expect(readOriginalPass(secrets, 7, still).rotating).toBe(false);
    expect(readOriginalPass(secrets, 7, rotating).rotating).toBe(true);
  });
});

describe('passes as a company gives them out and reads them', () => {
  const visit = { code: '12345678', phone: '13812345678', kind: 'invite', at: AT };

  it('switch off: ours, and an original-format pass answers 1112 at the door and the kiosk', () => {
    expect(issueVisitPass(secrets, 7, visit, { original: false })).toBe(visitPass(secrets, 7, '12345678'));
    const original = issueVisitPass(secrets, 7, visit, { original: true });
    expect(status(() => readAnyPass(secrets, 7, original, null))).toBe(1112);
    expect(status(() => codeOfScan(secrets, 7, original))).toBe(1112);
  });

  it('switch on: the channel follows the visit and where the pass is shown; ours is still read', () => {
    const invite = issueVisitPass(secrets, 7, visit, { original: true });
    expect(invite.slice(16, 23)).toBe('4680223');
    expect(issueVisitPass(secrets, 7, { ...visit, kind: 'appointment' }, { original: true }).slice(16, 23)).toBe('4680225');
    expect(issueVisitPass(secrets, 7, visit, { original: true, badge: true }).slice(16, 23)).toBe('4680240');
    expect(issueVisitPass(secrets, 7, { ...visit, kind: 'resident' }, { original: true, badge: true }).slice(16, 23)).toBe('4680340');
    expect(readAnyPass(secrets, 7, invite, { cryptoperiod: 0 })).toEqual({ person: 'visit', code: '12345678', slot: null });
    expect(codeOfScan(secrets, 7, invite, true)).toBe('12345678');
    expect(codeOfScan(secrets, 7, visitPass(secrets, 7, '12345678'), true)).toBe('12345678');
    expect(status(() => codeOfScan(secrets, 8, invite, true))).toBe(1112);
  });

  it('a rotating pass is stamped with the start of its period, which the door reads back as its slot', () => {
    const at = Date.now();
    const pass = issueVisitPass(secrets, 7, visit, { original: true, rotate: { minutes: 5, at } });
    expect(readAnyPass(secrets, 7, pass, { cryptoperiod: 5 })).toEqual({ person: 'visit', code: '12345678', slot: passSlot(5, at) });
    // Two scans in one period give the same pass.
    expect(issueVisitPass(secrets, 7, visit, { original: true, rotate: { minutes: 5, at: passSlot(5, at) * 300_000 } })).toBe(pass);
  });

  it("a resident worker's pass names the worker; an employee's is none of ours", () => {
    const w = { id: 42, phone: '13900000000', startAt: new Date(AT) };
    const pass = issueResidentPass(secrets, 7, w, true);
    expect(pass.slice(16, 23)).toBe('4680330');
    expect(readAnyPass(secrets, 7, pass, { cryptoperiod: 0 })).toEqual({ person: 'resident', rid: 42 });
    expect(readAnyPass(secrets, 7, issueResidentPass(secrets, 7, w, false), null)).toEqual({ person: 'resident', rid: 42 });
    expect(status(() => codeOfScan(secrets, 7, pass, true))).toBe(1117);
    const employee = encodeOriginalPass(secrets, 7, { kind: 'employee', channel: 'employee', phone: '', at: AT, id: '3', rotating: false });
    expect(status(() => readAnyPass(secrets, 7, employee, { cryptoperiod: 0 }))).toBe(1112);
  });
});
