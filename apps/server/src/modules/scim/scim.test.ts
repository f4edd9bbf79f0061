import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedEmployee, type TestApp, testApp, twoTenants } from '../../../test/harness.js';
import { employees } from '../../db/schema/index.js';

// biome-ignore lint/suspicious/noExplicitAny: SCIM answers are read as the provider reads them, attribute by attribute
type Json = Record<string, any>;

/** SCIM 2.0 as an identity provider calls it, with requests shaped as RFC 7644's examples and Okta's and Entra ID's. */
describe('SCIM provisioning', () => {
  let t: TestApp;
  let a: { id: number; token: string };
  let b: { id: number; token: string };
  let keyA: string;
  let keyB: string;

  const scim = async (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown, key = keyA) => {
    const res = await t.app.inject({
      method,
      url: `/scim/v2${url}`,
      headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/scim+json' }) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
    return { status: res.statusCode, body: (res.body ? res.json() : null) as Json, headers: res.headers };
  };
  const barbara = {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:User', 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User'],
    externalId: 'bjensen',
    userName: 'bjensen@example.com',
    name: { formatted: 'Ms. Barbara J Jensen III', familyName: 'Jensen', givenName: 'Barbara' },
    emails: [{ value: 'bjensen@example.com', type: 'work', primary: true }],
    phoneNumbers: [
      { value: '+1 555 555 5555', type: 'work' },
      { value: '13800138123', type: 'mobile' },
    ],
    title: 'Tour Guide',
    active: true,
    'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User': { employeeNumber: '701984', department: 'Tour Operations/Guides' },
  };

  beforeAll(async () => {
    t = await testApp();
    ({ a, b } = await twoTenants(t));
    keyA = (await t.api.addApiKey({ name: 'Okta', scopes: ['scim'] }, a.token)).result.key;
    keyB = (await t.api.addApiKey({ name: 'Entra', scopes: ['scim'] }, b.token)).result.key;
  });
  afterAll(() => t?.close());

  it('creates a user as an employee in their department, reads it back, and refuses a second with the same userName', async () => {
    const created = await scim('POST', '/Users', barbara);
    expect(created.status).toBe(201);
    expect(created.headers.location).toBe(`http://openvisit.test/scim/v2/Users/${created.body.id}`);
    expect(created.body).toMatchObject({
      userName: 'bjensen@example.com',
      externalId: 'bjensen',
      displayName: 'Ms. Barbara J Jensen III',
      active: true,
      title: 'Tour Guide',
      emails: [{ value: 'bjensen@example.com', primary: true }],
      phoneNumbers: [
        { value: '13800138123', type: 'mobile' },
        { value: '+1 555 555 5555', type: 'work' },
      ],
      'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User': { employeeNumber: '701984', department: 'Tour Operations/Guides' },
      meta: { resourceType: 'User', version: 'W/"1"' },
    });
    const emp = await t.api.getEmpListPages({}, a.token);
    const row = emp.result.list.find((e) => e.empid === Number(created.body.id));
    expect(row).toMatchObject({ empName: 'Ms. Barbara J Jensen III', empPhone: '13800138123', empNo: '701984', empEmail: 'bjensen@example.com' });
    expect((await scim('GET', `/Users/${created.body.id}`)).body).toEqual(created.body);
    const again = await scim('POST', '/Users', { ...barbara, userName: 'BJENSEN@example.com', externalId: 'x' });
    expect(again).toMatchObject({ status: 409, body: { scimType: 'uniqueness', status: '409' } });
  });

  it('filters and pages as providers ask before creating', async () => {
    await scim('POST', '/Users', { userName: 'jsmith', name: { givenName: 'John', familyName: 'Smith' }, emails: [{ value: 'jsmith@example.com' }] });
    const byName = await scim('GET', `/Users?filter=${encodeURIComponent('userName eq "BJENSEN@EXAMPLE.COM"')}`);
    expect(byName.body).toMatchObject({ schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'], totalResults: 1, startIndex: 1 });
    expect(byName.body.Resources[0].userName).toBe('bjensen@example.com');
    const complex = await scim(
      'GET',
      `/Users?filter=${encodeURIComponent('emails[type eq "work" and value co "@example.com"] or not (userName sw "bj")')}`,
    );
    expect(complex.body.Resources.map((u: Json) => u.userName).sort()).toEqual(['bjensen@example.com', 'jsmith']);
    expect((await scim('GET', `/Users?filter=${encodeURIComponent('externalId eq "BJENSEN"')}`)).body.totalResults).toBe(0);
    const paged = await scim('GET', '/Users?startIndex=2&count=1');
    expect(paged.body).toMatchObject({ totalResults: 2, startIndex: 2, itemsPerPage: 1 });
    expect(paged.body.Resources[0].displayName).toBe('John Smith');
    for (const bad of ['userName eq', 'userName xx "a"', '(userName eq "a"', 'emails[type eq "work"', 'userName eq "a" and']) {
      const r = await scim('GET', `/Users?filter=${encodeURIComponent(bad)}`);
      expect(r, bad).toMatchObject({ status: 400, body: { scimType: 'invalidFilter' } });
    }
  });

  it('patches as Okta and Entra ID do, deactivates (stopped, not deleted), and deletes by stopping', async () => {
    const id = (await scim('GET', `/Users?filter=${encodeURIComponent('userName eq "jsmith"')}`)).body.Resources[0].id;
    const okta = await scim('PATCH', `/Users/${id}`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'replace', value: { active: false } }],
    });
    expect(okta.body).toMatchObject({ active: false, meta: { version: 'W/"2"' } });
    const entra = await scim('PATCH', `/Users/${id}`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [
        { op: 'Replace', path: 'active', value: 'True' },
        { op: 'Add', path: 'title', value: 'Engineer' },
        { op: 'Replace', path: 'emails[type eq "work"].value', value: 'john.smith@example.com' },
        { op: 'Add', path: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:employeeNumber', value: 'E-2' },
        { op: 'Replace', path: 'name.givenName', value: 'Johnny' },
      ],
    });
    expect(entra.status).toBe(200);
    expect(entra.body).toMatchObject({
      active: true,
      title: 'Engineer',
      displayName: 'Johnny Smith',
      emails: [{ value: 'john.smith@example.com' }],
      'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User': { employeeNumber: 'E-2' },
    });
    expect((await scim('PATCH', `/Users/${id}`, { Operations: [{ op: 'remove' }] })).body).toMatchObject({ scimType: 'noTarget' });
    expect((await scim('PATCH', `/Users/${id}`, { Operations: [{ op: 'move', path: 'title' }] })).body).toMatchObject({ scimType: 'invalidSyntax' });
    expect(
      (await scim('PATCH', `/Users/${id}`, { Operations: [{ op: 'replace', path: 'emails[type eq "home"].value', value: 'x@y.z' }] })).body,
    ).toMatchObject({ status: '400', scimType: 'noTarget' });

    expect((await scim('DELETE', `/Users/${id}`)).status).toBe(204);
    expect((await scim('GET', `/Users/${id}`)).status).toBe(404);
    const list = await t.api.getEmpListPages({}, a.token);
    expect(list.result.list.find((e) => e.empid === Number(id))).toMatchObject({ status: 2, empEmail: 'john.smith@example.com' });
  });

  it('takes over an employee the company already had with that e-mail instead of adding a second', async () => {
    const existing = await seedEmployee(t, a.id, '13900000001');
    await t.db.update(employees).set({ email: 'li.lei@example.com' }).where(eq(employees.id, existing.id));
    const r = await scim('POST', '/Users', {
      userName: 'lilei',
      emails: [{ value: 'Li.Lei@example.com', primary: true }],
      name: { familyName: '李', givenName: '雷' },
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ id: String(existing.id), displayName: '李雷', phoneNumbers: [{ value: '13900000001' }] });
  });

  it('refuses bad input with SCIM errors and changes nothing', async () => {
    const before = (await scim('GET', '/Users')).body.totalResults;
    const cases: [unknown, string][] = [
      [{ name: { formatted: 'No Username' } }, 'userName'],
      [{ userName: 'x1', emails: [{ value: 'not-an-address' }] }, 'emails'],
      [{ userName: 'x2', phoneNumbers: [{ value: 'call me', type: 'mobile' }] }, 'phoneNumbers'],
      [{ userName: 'x3', active: 'maybe' }, 'active'],
      [{ userName: 'x4', displayName: 'N'.repeat(80) }, 'displayName'],
      [{ userName: 'x5', phoneNumbers: [{ value: '13800138123', type: 'mobile' }] }, 'phoneNumbers'],
      [{ userName: ['x6'] }, 'userName'],
    ];
    for (const [body, field] of cases) {
      const r = await scim('POST', '/Users', body);
      expect(r.status, field).toBeGreaterThanOrEqual(400);
      expect(r.status, field).toBeLessThan(500);
      expect(r.body.detail, field).toContain(field);
    }
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/scim/v2/Users',
      headers: { authorization: `Bearer ${keyA}`, 'content-type': 'application/scim+json' },
      payload: '{"userName":',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toMatchObject({ scimType: 'invalidSyntax' });
    expect((await scim('GET', '/Users')).body.totalResults).toBe(before);
  });

  it("provisions groups as roles an approval flow can name, and never touches another company's people", async () => {
    const users = (await scim('GET', '/Users')).body.Resources as Json[];
    const [first, second] = users;
    const group = await scim('POST', '/Groups', {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'],
      displayName: 'Reception approvers',
      externalId: 'g-1',
      members: [{ value: first?.id }],
    });
    expect(group.status).toBe(201);
    expect(group.body).toMatchObject({ displayName: 'Reception approvers', members: [{ value: first?.id }] });
    const roles = await t.api.getRARG({}, a.token);
    const scimRoles = roles.result.find((g) => g.rgName === 'SCIM');
    expect(scimRoles?.children).toMatchObject([{ rid: Number(group.body.id), rgName: 'Reception approvers', empCount: 1 }]);

    const added = await scim('PATCH', `/Groups/${group.body.id}`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'add', path: 'members', value: [{ value: second?.id }] }],
    });
    expect(added.body.members.map((m: Json) => m.value).sort()).toEqual([first?.id, second?.id].sort());
    expect((await scim('GET', `/Users/${second?.id}`)).body.groups).toMatchObject([{ value: group.body.id, display: 'Reception approvers' }]);
    const removed = await scim('PATCH', `/Groups/${group.body.id}`, {
      Operations: [
        { op: 'remove', path: `members[value eq "${first?.id}"]` },
        { op: 'replace', path: 'displayName', value: 'Front desk approvers' },
      ],
    });
    expect(removed.body).toMatchObject({ displayName: 'Front desk approvers', members: [{ value: second?.id }] });
    expect((await scim('GET', `/Groups?filter=${encodeURIComponent('displayName eq "front desk approvers"')}`)).body.totalResults).toBe(1);

    // Company B's provider: A's ids are not found, A's people cannot be members, its lists are its own.
    expect((await scim('GET', `/Users/${first?.id}`, undefined, keyB)).status).toBe(404);
    expect((await scim('PATCH', `/Users/${first?.id}`, { Operations: [{ op: 'replace', value: { active: false } }] }, keyB)).status).toBe(404);
    expect((await scim('DELETE', `/Groups/${group.body.id}`, undefined, keyB)).status).toBe(404);
    expect((await scim('GET', '/Users', undefined, keyB)).body.totalResults).toBe(0);
    const foreign = await scim('POST', '/Groups', { displayName: 'Borrowed', members: [{ value: first?.id }] }, keyB);
    expect(foreign).toMatchObject({ status: 400, body: { scimType: 'invalidValue' } });
    expect((await scim('GET', `/Users/${first?.id}`)).body.active).toBe(true);

    expect((await scim('DELETE', `/Groups/${group.body.id}`)).status).toBe(204);
    expect((await scim('GET', `/Groups/${group.body.id}`)).status).toBe(404);
    expect((await t.api.getRARG({}, a.token)).result.find((g) => g.rgName === 'SCIM')?.children).toEqual([]);
  });

  it('answers 401 without a valid key and 403 for a key without the scim scope; publishes its configuration', async () => {
    const visitsKey = (await t.api.addApiKey({ name: 'Visits', scopes: ['visitors:read'] }, a.token)).result.key;
    expect((await scim('GET', '/Users', undefined, visitsKey)).status).toBe(403);
    expect((await scim('GET', '/Users', undefined, `${keyA.slice(0, -2)}xx`)).status).toBe(401);
    const none = await t.app.inject({ method: 'GET', url: '/scim/v2/Users' });
    expect(none.statusCode).toBe(401);
    expect(none.headers['content-type']).toContain('application/scim+json');
    const revocable = await t.api.addApiKey({ name: 'Old', scopes: ['scim'] }, a.token);
    await t.api.revokeApiKey({ id: revocable.result.id }, a.token);
    expect((await scim('GET', '/Users', undefined, revocable.result.key)).status).toBe(401);
    // A key with the scim scope calls no contract call it was not given.
    const call = await t.app.inject({ method: 'POST', url: '/api/getEmpListPages', headers: { authorization: `Bearer ${keyA}` }, payload: {} });
    expect(call.json().status).toBe(610);

    const config = await scim('GET', '/ServiceProviderConfig');
    expect(config.body).toMatchObject({ patch: { supported: true }, filter: { supported: true }, bulk: { supported: false } });
    expect((await scim('GET', '/ResourceTypes')).body.Resources.map((r: Json) => r.id)).toEqual(['User', 'Group']);
    expect((await scim('GET', '/Schemas')).body.totalResults).toBe(3);
    expect((await scim('GET', '/Nope')).status).toBe(404);
  });
});
