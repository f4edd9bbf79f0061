import { describe, expect, it } from 'vitest';
import { FilterError, matches, parseFilter } from './scim.filter.js';
import { applyPatch, PatchError } from './scim.patch.js';

const user = {
  id: '7',
  externalId: 'AbC',
  userName: 'bjensen@example.com',
  name: { familyName: 'Jensen', givenName: 'Barbara' },
  active: true,
  emails: [
    { value: 'bjensen@example.com', type: 'work', primary: true },
    { value: 'babs@jensen.org', type: 'home' },
  ],
  'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User': { employeeNumber: '701984' },
  meta: { lastModified: '2026-11-03T20:39:27.000Z', version: 'W/"3"' },
};
const test = (filter: string) => matches(parseFilter(filter), user);

describe('SCIM filters (RFC 7644 §3.4.2.2)', () => {
  it("reads the RFC's examples", () => {
    expect(test('userName eq "BJensen@example.com"')).toBe(true);
    expect(test('name.familyName co "ens"')).toBe(true);
    expect(test('userName sw "bj"')).toBe(true);
    expect(test('emails co "jensen.org"')).toBe(true);
    expect(test('emails[type eq "work" and value co "@example.com"]')).toBe(true);
    expect(test('emails[type eq "home" and value co "@example.com"]')).toBe(false);
    expect(test('emails[type eq "home"].value ew ".org"')).toBe(true);
    expect(test('meta.lastModified gt "2026-01-01T00:00:00Z" and active eq true')).toBe(true);
    expect(test('not (active eq true) or title pr')).toBe(false);
    expect(test('(userName eq "x" or externalId eq "AbC") and not (emails pr)')).toBe(false);
    expect(test('urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:employeeNumber eq "701984"')).toBe(true);
    expect(test('urn:ietf:params:scim:schemas:core:2.0:User:userName pr')).toBe(true);
  });

  it('compares ids and externalIds exactly, other strings in any case; attribute names in any case', () => {
    expect(test('externalId eq "abc"')).toBe(false);
    expect(test('EXTERNALID eq "AbC"')).toBe(true);
    expect(test('username ne "someone"')).toBe(true);
  });

  it('refuses what the grammar does not allow', () => {
    for (const bad of [
      '',
      'userName',
      'userName eq',
      'userName eq bjensen',
      'userName ~ "a"',
      'not active eq true',
      '((userName pr)',
      'a eq "x" b',
      `${'('.repeat(30)}a pr${')'.repeat(30)}`,
      'x eq "'.padEnd(2100, 'y'),
    ])
      expect(() => parseFilter(bad), bad).toThrow(FilterError);
  });
});

describe('SCIM PATCH (RFC 7644 §3.5.2)', () => {
  it('adds, replaces and removes by path, filter and URN, and merges an object without a path', () => {
    const out = applyPatch(user, {
      Operations: [
        { op: 'add', path: 'emails', value: [{ value: 'new@example.com', type: 'other' }] },
        { op: 'remove', path: 'emails[type eq "home"]' },
        { op: 'Replace', path: 'emails[type eq "work"].value', value: 'bj@example.com' },
        { op: 'replace', path: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:employeeNumber', value: '9' },
        { op: 'add', value: { title: 'Guide', 'name.givenName': 'Babs' } },
      ],
    });
    expect(out.emails).toEqual([
      { value: 'bj@example.com', type: 'work', primary: true },
      { value: 'new@example.com', type: 'other' },
    ]);
    expect(out['urn:ietf:params:scim:schemas:extension:enterprise:2.0:User']).toEqual({ employeeNumber: '9' });
    expect(out).toMatchObject({ title: 'Guide', name: { givenName: 'Babs', familyName: 'Jensen' } });
    expect(user.emails).toHaveLength(2);
  });

  it('refuses operations it cannot mean, naming why', () => {
    const cases: [unknown, string][] = [
      [{}, 'invalidSyntax'],
      [{ Operations: [{ op: 'copy', path: 'title' }] }, 'invalidSyntax'],
      [{ Operations: [{ op: 'remove' }] }, 'noTarget'],
      [{ Operations: [{ op: 'replace', path: 'emails[type eq "fax"].value', value: 'x' }] }, 'noTarget'],
      [{ Operations: [{ op: 'add', path: 'emails[type eq', value: 'x' }] }, 'invalidPath'],
      [{ Operations: [{ op: 'add', value: 'not an object' }] }, 'invalidValue'],
    ];
    for (const [body, scimType] of cases) {
      let caught: unknown;
      try {
        applyPatch(user, body);
      } catch (err) {
        caught = err;
      }
      expect(caught, JSON.stringify(body)).toBeInstanceOf(PatchError);
      expect((caught as PatchError).scimType).toBe(scimType);
    }
  });
});
