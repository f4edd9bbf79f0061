import type { LogisticsBooking, LogisticsField } from '@openvisit/contract';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../platform/i18n';
import { gateMoves } from './components/GateMoves';
import { groupBody } from './components/TypeModal';
import { type BookingValues, bookingBody, bookingValues, buildBookingRules, formPath } from './form';

const field = (fieldName: string, extra: Partial<LogisticsField> = {}): LogisticsField => ({
  fieldName,
  displayName: '颜色#Colour',
  inputType: 'text',
  inputValue: [],
  shown: true,
  required: false,
  ...extra,
});

const noGroups = { driverExtend: [], vehicleExtend: [], goodsExtend: [], logExtend: [] };

describe('logistics booking form', () => {
  it('sends the call what the form holds: trimmed, ID numbers upper-cased, the window in ms, the type’s shown fields only', () => {
    const v: BookingValues = {
      ...bookingValues(null),
      logType: 4,
      sname: ' Sam ',
      smobile: '13900001111',
      scardId: '11010519491231002x',
      dname: 'Dan',
      dmobile: '13900002222',
      dcardId: ' 11010519491231002x ',
      plateNum: ' 粤B12345 ',
      load: [dayjs(1_000), dayjs(2_000)],
      appointmentDate: dayjs('2030-05-06'),
      memberInfo: [
        { name: ' Ann ', phone: '' },
        { name: ' ', phone: '' },
      ],
      vehicleExtend: { colour: ' Blue ', hidden: 'x', arrival: dayjs('2030-05-07') },
    };
    const type = {
      ...noGroups,
      vehicleExtend: [field('colour'), field('hidden', { shown: false }), field('arrival', { inputType: 'date' }), field('empty')],
    };
    expect(bookingBody(v, type)).toMatchObject({
      logType: 4,
      sname: 'Sam',
      scardId: '11010519491231002X',
      dcardId: '11010519491231002X',
      plateNum: '粤B12345',
      loadStart: 1_000,
      loadEnd: 2_000,
      appointmentDate: '2030-05-06',
      memberInfo: [{ name: 'Ann', phone: '' }],
      vehicleExtend: { colour: 'Blue', arrival: '2030-05-07' },
      driverExtend: {},
    });
  });

  it('reads a booking back into the form (window as a range, extend values by key)', () => {
    const b = { loadStart: 5, loadEnd: 9, appointmentDate: '2030-01-02', vehicleExtend: { colour: 'Red' } } as unknown as LogisticsBooking;
    const v = bookingValues(b);
    expect(v.load?.map((d) => d?.valueOf())).toEqual([5, 9]);
    expect(v.appointmentDate?.format('YYYY-MM-DD')).toBe('2030-01-02');
    expect(v.vehicleExtend).toEqual({ colour: 'Red' });
  });

  it('reads a type’s date field back as a day for the picker', () => {
    const b = { appointmentDate: '2030-01-02', vehicleExtend: { colour: 'Red', arrival: '2030-05-07' } } as unknown as LogisticsBooking;
    const v = bookingValues(b, { ...noGroups, vehicleExtend: [field('arrival', { inputType: 'date' })] });
    const arrival = v.vehicleExtend.arrival;
    expect(typeof arrival === 'object' && arrival?.format('YYYY-MM-DD')).toBe('2030-05-07');
    expect(v.vehicleExtend.colour).toBe('Red');
  });

  it('puts server field failures on the form’s fields', () => {
    expect(formPath('loadEnd')).toEqual(['load']);
    expect(formPath('vehicleExtend.colour')).toEqual(['vehicleExtend', 'colour']);
    expect(formPath('memberInfo.1.phone')).toEqual(['memberInfo', 1, 'phone']);
    expect(formPath('plateNum')).toEqual(['plateNum']);
  });

  it('checks plates, ID numbers and the day as typed, with the contract’s validators', async () => {
    await i18n.changeLanguage('en');
    const rules = buildBookingRules(i18n.t, 'CN');
    const run = async (rule: unknown, value: unknown) => {
      const r = (typeof rule === 'function' ? rule({}) : rule) as { validator: (r: unknown, v: unknown) => Promise<void> };
      return r.validator({}, value).then(
        () => null,
        (e: Error) => e.message,
      );
    };
    expect(await run(rules.plate()[0], '粤B12345')).toBeNull();
    expect(await run(rules.plate()[0], '粤BD12345')).toBeNull();
    expect(await run(rules.plate()[0], '粤B1234')).toBe('Incorrect format');
    expect(await run(rules.idNumber()[0], '11010519491231002x')).toBeNull();
    expect(await run(rules.idNumber()[0], '110105194912310021')).toBe('Check digit error');
    expect(await run(rules.optionalIdNumber()[0], '')).toBeNull();
    expect(await run(rules.idNumber()[0], 'C01X00T47')).toBe('Wrong length');
    expect(await run(rules.plate()[0], 'B-MW 1234')).toBe('Incorrect format');
    // A company abroad: a passport number and the local plate, still checked for their shape.
    const abroad = buildBookingRules(i18n.t, 'DE');
    expect(await run(abroad.idNumber()[0], 'c01x00t47')).toBeNull();
    expect(await run(abroad.idNumber()[0], 'AB1')).toBe('Incorrect format');
    expect(await run(abroad.plate()[0], 'B-MW 1234')).toBeNull();
    expect(await run(abroad.plate()[0], 'B#1')).toBe('Incorrect format');
    expect(abroad.plateHelp).not.toMatch(/粤/);
    expect(await run(rules.day()[0], dayjs().subtract(1, 'day'))).toBe('The date cannot be in the past');
    expect(await run(rules.day()[0], dayjs())).toBeNull();
    expect(await run(rules.load()[0], [dayjs(2_000), dayjs(1_000)])).toBe('The end date cannot be before the start date');
  });
});

describe('logistics type fields', () => {
  it('keeps existing keys and gives new fields the next free f<n>; a required field is shown', () => {
    const row = { zh: '颜色', en: 'Colour', inputType: 'text' as const, options: [], shown: false, required: true };
    expect(groupBody([{ ...row, fieldName: 'f1' }, row, { ...row, inputType: 'button', options: [' A ', ''] }])).toEqual([
      { fieldName: 'f1', displayName: '颜色#Colour', inputType: 'text', inputValue: [], shown: true, required: true },
      { fieldName: 'f2', displayName: '颜色#Colour', inputType: 'text', inputValue: [], shown: true, required: true },
      { fieldName: 'f3', displayName: '颜色#Colour', inputType: 'button', inputValue: ['A'], shown: true, required: true },
    ]);
  });
});

describe('the gate’s moves', () => {
  const none = { edit: false, approve: false, refuse: false, arrive: false, release: false, leave: false };
  const b = (can: Partial<LogisticsBooking['can']>) => ({ can: { ...none, ...can } });
  it('offers the moves the booking says the caller may make now, in the gate’s order, and nothing else', () => {
    expect(gateMoves(b({ arrive: true }))).toEqual(['arrive']);
    expect(gateMoves(b({ leave: true, release: true }))).toEqual(['release', 'leave']);
    expect(gateMoves(b({ leave: true }))).toEqual(['leave']);
    expect(gateMoves(b({ edit: true, approve: true, refuse: true }))).toEqual([]);
  });
});
