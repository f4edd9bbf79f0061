import { describe, expect, it } from 'vitest';
import { DEFAULT_FIELDS, type WalkInField } from './fields';
import { emptyWalkIn, validateWalkIn, type WalkInValues, walkInInput } from './form';

const ID_OK = '11010519491231002X';
const values = (patch: Partial<WalkInValues>): WalkInValues => ({ ...emptyWalkIn(), vname: '李访客', vphone: '13911112222', empid: 7, ...patch });
const withId: WalkInField[] = [
  ...DEFAULT_FIELDS,
  { ...DEFAULT_FIELDS[0]!, eid: -9, fieldName: 'cardId', displayName: '证件号码#Certificate number', required: false },
];

describe('walk-in form rules (the server’s, as the visitor types)', () => {
  it('a phone or a certificate number; each ID number failure named', () => {
    expect(validateWalkIn(values({}), DEFAULT_FIELDS)).toEqual({});
    expect(
      validateWalkIn(
        values({ vphone: '' }),
        withId.map((f) => ({ ...f, required: f.fieldName === 'vname' || f.fieldName === 'empid' })),
      ),
    ).toEqual({
      vphone: 'phoneOrId',
    });
    const id = (cardId: string) => validateWalkIn(values({ cardId }), withId).cardId;
    expect(id(ID_OK)).toBeUndefined();
    expect(id(ID_OK.toLowerCase())).toBeUndefined();
    expect(id('1101051949123100')).toBe('length');
    expect(id('11010519491231002Y')).toBe('format');
    expect(id('99010519491231002X')).toBe('region');
    expect(id('11010519491331002X')).toBe('birthDate');
    expect(id('110105194912310021')).toBe('checksum');
    expect(validateWalkIn(values({ certificateType: 'passport', cardId: 'E1234567' }), withId).cardId).toBeUndefined();
    expect(validateWalkIn(values({ certificateType: 'passport', cardId: 'E12/4567' }), withId).cardId).toBe('format');
  });

  it('name, phone, host, plate, temperature, followers and the type’s required fields', () => {
    const errors = validateWalkIn(
      values({
        vname: '<b>',
        vphone: '12345',
        empid: null,
        plateNum: '沪A 123',
        temperature: '52',
        followers: [{ name: '', phone: 'x' }],
        extend: {},
      }),
      [
        ...DEFAULT_FIELDS,
        {
          eid: 9,
          fieldName: 'badgeNo',
          displayName: '工牌#Badge',
          inputType: 'text',
          inputValue: [],
          placeholder: '',
          standard: false,
          required: true,
        },
      ],
    );
    expect(errors).toEqual({
      vname: 'illegalChars',
      vphone: 'format',
      empid: 'required',
      plateNum: 'plate',
      temperature: 'range',
      'followers.0.name': 'required',
      'followers.0.phone': 'format',
      badgeNo: 'required',
    });
  });

  it('builds the UpdatePhoto input: trimmed, upper-cased ID and plate, number temperature, empty extras dropped', () => {
    const input = walkInInput(
      values({
        vname: ' 李访客 ',
        cardId: ID_OK.toLowerCase(),
        plateNum: '沪a12345',
        temperature: '36.6',
        followers: [
          { name: '随行', phone: '' },
          { name: ' ', phone: '' },
        ],
        extend: { a: 'x', b: ' ' },
      }),
      { tid: 3, visitType: 'Guest', photo: 'data:image/jpeg;base64,AA', signature: '', protocolAccepted: false, lang: 'zh', clientKey: 'kabcdef12' },
    );
    expect(input).toMatchObject({
      vname: '李访客',
      cardId: ID_OK,
      plateNum: '沪A12345',
      temperature: 36.6,
      followers: [{ name: '随行', phone: '' }],
      extendCol: { a: 'x' },
      empid: 7,
      tid: 3,
      clientKey: 'kabcdef12',
    });
  });
});
