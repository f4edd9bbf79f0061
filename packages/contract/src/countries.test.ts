import { describe, expect, it } from 'vitest';
import { addLogisticsInfo } from './calls/logistics.js';
import { COUNTRY_CODES, checkPersonId, checkPlateIn, DEFAULT_COUNTRY, isCountryCode, isMainland } from './countries.js';

describe('country rules', () => {
  it('keeps the mainland rules for China and for a company that chose nothing', () => {
    expect(DEFAULT_COUNTRY).toBe('CN');
    expect(isMainland(undefined)).toBe(true);
    expect(isMainland('')).toBe(true);
    expect(isMainland('DE')).toBe(false);
    expect(checkPersonId('CN', '11010519491231002x')).toBeNull();
    expect(checkPersonId('CN', '110105194912310021')).toBe('checksum');
    expect(checkPersonId(undefined, 'C01X00T47')).toBe('length');
    expect(checkPlateIn('CN', '粤B12345')).toBeNull();
    expect(checkPlateIn('CN', 'B-MW 1234')).toBe('format');
    expect(checkPlateIn(undefined, 'AB12CDE')).toBe('format');
  });

  it('takes a passport or ID number and a plate as written abroad', () => {
    // A German passport number, a UK driving-licence-like number, a Singapore NRIC.
    for (const id of ['C01X00T47', 'MORGA753116SM9IJ', 's1234567d', '123-456-789']) expect(checkPersonId('DE', id), id).toBeNull();
    expect(checkPersonId('DE', '')).toBe('required');
    expect(checkPersonId('DE', 'AB1')).toBe('format');
    expect(checkPersonId('DE', '-ABC123')).toBe('format');
    expect(checkPersonId('DE', 'AB 123 456')).toBe('format');
    expect(checkPersonId('DE', 'A'.repeat(33))).toBe('length');
    // German, British, US, Japanese (kana) and Arabic-digit plates, separators as people write them.
    for (const plate of ['B-MW 1234', 'AB12 CDE', '7ABC123', '品川500あ1234', 'ABC·123']) expect(checkPlateIn('GB', plate), plate).toBeNull();
    expect(checkPlateIn('GB', '   ')).toBe('required');
    expect(checkPlateIn('GB', 'A')).toBe('format');
    expect(checkPlateIn('GB', 'AB12#CDE')).toBe('format');
    expect(checkPlateIn('GB', 'ABCDEFGHIJK')).toBe('format');
  });

  it('knows the assigned country codes only', () => {
    expect(COUNTRY_CODES).toHaveLength(249);
    expect(isCountryCode('CN') && isCountryCode('DE') && isCountryCode('GB')).toBe(true);
    expect(isCountryCode('UK') || isCountryCode('EU') || isCountryCode('cn')).toBe(false);
  });

  it('lets a booking through the contract with a passport and a plate from abroad, leaving the country to the server', () => {
    const base = {
      logType: 1,
      sname: 'Anna Schmidt',
      smobile: '+4915112345678',
      dname: 'Jonas Weber',
      dmobile: '+4915187654321',
      appointmentDate: '2030-01-02',
    };
    const r = addLogisticsInfo.input.safeParse({ ...base, dcardId: 'c01x00t47', plateNum: 'B-MW 1234' });
    expect(r.success && r.data).toMatchObject({ dcardId: 'C01X00T47', plateNum: 'BMW1234' });
    const bad = addLogisticsInfo.input.safeParse({ ...base, dcardId: 'AB1', plateNum: 'B#1' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => `${i.path.join('.')}/${i.message}`).sort()).toEqual(['dcardId/format', 'plateNum/format']);
  });
});
