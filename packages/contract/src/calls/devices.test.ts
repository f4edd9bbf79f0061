import { describe, expect, it } from 'vitest';
import { checkDeviceCode, checkDeviceIp, checkDeviceName } from './devices.js';

describe('device field checks (shared by the forms and the server)', () => {
  it('takes dotted IPv4 and IPv6 addresses, or nothing', () => {
    for (const ok of [
      '',
      '10.0.0.21',
      '255.255.255.255',
      '0.0.0.0',
      '::1',
      'fe80::1',
      '2001:db8::8a2e:370:7334',
      '::ffff:192.168.1.1',
      '1:2:3:4:5:6:7:8',
    ])
      expect(checkDeviceIp(ok), ok).toBeNull();
    for (const bad of ['10.0.0.256', '10.0.0', '010.0.0.1', 'localhost', '1:2:3:4:5:6:7:8:9', '1::2::3', 'gggg::1', '10.0.0.1:80'])
      expect(checkDeviceIp(bad), bad).toBe('format');
  });

  it('names: required, at most 50 code points, no control characters', () => {
    expect(checkDeviceName(' ')).toBe('required');
    expect(checkDeviceName('门'.repeat(50))).toBeNull();
    expect(checkDeviceName('门'.repeat(51))).toBe('tooLong');
    expect(checkDeviceName('a\tb')).toBe('illegalChars');
  });

  it('identifiers: printable ASCII without spaces, optional where the field is', () => {
    expect(checkDeviceCode('QR-001')).toBeNull();
    expect(checkDeviceCode('')).toBe('required');
    expect(checkDeviceCode('', true)).toBeNull();
    expect(checkDeviceCode('QR 001')).toBe('format');
    expect(checkDeviceCode('读头')).toBe('format');
    expect(checkDeviceCode('x'.repeat(65))).toBe('tooLong');
  });
});
