import { Role, Status } from '@openvisit/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { misdirect, type SamlAnswer, type SamlIdp, startSamlIdp } from '../../../../../tools/saml-idp.js';
import { type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';
import { employees, ssoFlows } from '../../db/schema/index.js';

const NONCE = 'saml-tab-nonce-0123456789';

describe('single sign-on (SAML 2.0, against a samlify identity provider)', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  let idp: SamlIdp;
  let conn: number;

  const fields = (over: Record<string, unknown> = {}) => ({
    protocol: 'saml' as const,
    name: 'Corporate SAML',
    enabled: true,
    metadataXml: idp.metadata,
    claims: { email: 'email', phone: 'phone', name: 'name', empNo: '', groups: 'groups' },
    jit: true,
    jitDepartmentId: null,
    roleMap: [],
    required: false,
    ...over,
  });

  /** The browser's trip: the company's button, the provider's page, its form posted to our ACS, back to /signin/sso. */
  async function trip(login: string, target: 'employee' | 'staff' = 'employee') {
    const started = await t.api.ssoSignInStart({ companyId: a.id, connectionId: conn, target, nonce: NONCE });
    expect(started.status, started.reason).toBe(0);
    return idp.signIn(started.result.url, login, `pw-${login}`);
  }
  async function post(answer: SamlAnswer) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sso/saml/acs',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ SAMLResponse: answer.SAMLResponse, RelayState: answer.RelayState }).toString(),
    });
    expect(res.statusCode).toBe(303);
    return new URL(String(res.headers.location));
  }
  const finish = (back: URL, nonce = NONCE) => t.api.ssoSignInFinish({ query: back.search, nonce });

  beforeAll(async () => {
    t = await testApp();
    ({ a, b } = await twoTenants(t));
    idp = await startSamlIdp({
      people: [
        { login: 'kate@example.com', password: 'pw-kate@example.com', name: 'Kate', phone: '13700001234', groups: [] },
        { login: 'u-42', password: 'pw-u-42', email: a.email, name: 'Boss' },
      ],
    });
    const added = await t.api.addSsoConnection(fields(), a.token);
    expect(added.status, added.reason).toBe(0);
    conn = added.result.id;
    // The provider trusts us as an administrator would: by our metadata for this connection.
    const metadata = await t.app.inject({ method: 'GET', url: `/api/sso/saml/${conn}/metadata` });
    expect(metadata.statusCode).toBe(200);
    expect(metadata.body).toContain('http://openvisit.test/api/sso/saml/acs');
    idp.trust(metadata.body);
  });
  afterAll(async () => {
    await idp.close();
    await t.close();
  });

  it("imports the provider's metadata and reads its certificate", async () => {
    const listed = (await t.api.getSsoConnections({}, a.token)).result;
    expect(listed.acsUrl).toBe('http://openvisit.test/api/sso/saml/acs');
    const [c] = listed.connections;
    expect(c).toMatchObject({
      protocol: 'saml',
      idpEntityId: idp.entityId,
      entryPoint: idp.ssoUrl,
      spEntityId: `http://openvisit.test/api/sso/saml/${conn}/metadata`,
    });
    expect(c?.certExpiresAt).toBeGreaterThan(Date.now() + 20 * 86_400_000);
    const tested = await t.api.testSsoConnection({ id: conn }, a.token);
    expect(tested.result).toMatchObject({ issuer: idp.entityId, authorizationEndpoint: idp.ssoUrl });
  });

  it('refuses metadata, certificates and fields it cannot use', async () => {
    expect((await t.api.addSsoConnection(fields({ metadataXml: '<EntityDescriptor/>' }), a.token)).status).toBe(Status.SSO_METADATA_INVALID);
    const bare = { metadataXml: '', entryPoint: idp.ssoUrl, idpEntityId: idp.entityId };
    expect((await t.api.addSsoConnection(fields({ ...bare, idpCert: 'not a certificate' }), a.token)).status).toBe(Status.SSO_CERT_INVALID);
    const missing = await t.api.addSsoConnection(fields({ ...bare, idpCert: '' }), a.token);
    expect(missing.status).toBe(Status.BAD_PARAMS);
    expect(JSON.stringify(missing.result)).toContain('idpCert');
    expect((await t.api.addSsoConnection(fields({ ...bare, idpCert: idp.cert }), a.token)).status).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/sso/saml/999999/metadata' })).statusCode).toBe(404);
  });

  it('signs an employee in from a signed answer, creating them at the first sign-in; the NameID stands for the e-mail', async () => {
    const back = await post(await trip('kate@example.com'));
    expect(back.pathname).toBe('/signin/sso');
    const done = await finish(back);
    expect(done.status, done.reason).toBe(0);
    const [kate] = await t.db
      .select()
      .from(employees)
      .where(eq(employees.id, done.result.empid ?? 0));
    expect(kate).toMatchObject({ companyId: a.id, name: 'Kate', email: 'kate@example.com', phone: '13700001234' });
    // The administrator, by the e-mail attribute, to the console.
    const boss = await finish(await post(await trip('u-42', 'staff')));
    expect(boss.result).toMatchObject({ role: Role.ADMIN, userid: a.id });
  });

  it('refuses a replayed, altered, foreign, misdirected or unanswered post, and another tab', async () => {
    const answer = await trip('kate@example.com');
    const back = await post(answer);
    // Posted again (a replay): the flow holds its first answer, the second changes nothing.
    await post(answer);
    expect((await finish(back, 'another-tab-nonce-00000000')).status).toBe(Status.SSO_FAILED);
    expect((await finish(back)).status).toBe(Status.SSO_FAILED);
    // An answer altered after signing: its signature fails, the flow stays unanswered.
    const altered = await trip('kate@example.com');
    const xml = Buffer.from(altered.SAMLResponse, 'base64').toString('utf8').replace('Kate', 'Mallory');
    const refused = await post({ ...altered, SAMLResponse: Buffer.from(xml).toString('base64') });
    expect((await finish(refused)).status).toBe(Status.SSO_FAILED);
    // An answer to another sign-in (its InResponseTo) presented under a new flow's state.
    const first = await trip('kate@example.com');
    const second = await trip('kate@example.com');
    expect((await finish(await post({ ...first, RelayState: second.RelayState }))).status).toBe(Status.SSO_FAILED);
    // A signed answer meant for another service provider's ACS.
    misdirect.to = 'https://other-sp.example/acs';
    const elsewhere = await trip('kate@example.com');
    misdirect.to = '';
    expect((await finish(await post(elsewhere))).status).toBe(Status.SSO_FAILED);
    // Nothing posted at all.
    const unanswered = await trip('kate@example.com');
    expect((await finish(new URL(`http://openvisit.test/signin/sso?state=${unanswered.RelayState}`))).status).toBe(Status.SSO_FAILED);
    // Another company's connection id under this company's page.
    expect((await t.api.ssoSignInStart({ companyId: b.id, connectionId: conn, target: 'employee', nonce: NONCE })).status).toBe(Status.SSO_OFF);
    expect((await t.db.select().from(ssoFlows).where(eq(ssoFlows.companyId, a.id))).every((f) => f.profile === null)).toBe(true);
  });
});
