import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { inflateRawSync } from 'node:zlib';
import * as xmllint from '@authenio/samlify-node-xmllint';
import * as samlifyModule from 'samlify';
import { generate } from 'selfsigned';

/**
 * A SAML 2.0 identity provider for tests and the end-to-end spec: `samlify`'s IdP (HTTP-Redirect sign-on, HTTP-POST
 * answers, assertions signed with its own RSA key and self-signed certificate), a plain sign-in page for its people,
 * and the service providers it trusts imported from their metadata as a real provider does (`trust`). The answer
 * carries the person's attributes (email, name, phone, groups) and their login as NameID. `signIn` walks its pages as
 * a browser would and answers the form the browser would post to the service provider.
 */
export interface SamlPerson {
  login: string;
  password: string;
  email?: string;
  name?: string;
  phone?: string;
  groups?: string[];
}

export interface SamlAnswer {
  acs: string;
  SAMLResponse: string;
  RelayState: string;
}

export interface SamlIdp {
  entityId: string;
  ssoUrl: string;
  /** The signing certificate, PEM. */
  cert: string;
  /** The provider's own metadata, as an administrator pastes it. */
  metadata: string;
  people: Map<string, SamlPerson>;
  /** Trusts a service provider by its metadata (XML). */
  trust(spMetadata: string): void;
  signIn(url: string, login: string, password: string): Promise<SamlAnswer>;
  close(): Promise<void>;
}

// A CommonJS package: Node's ESM loader sees only some of its named exports (not SamlLib); its default is all of them.
const samlify = (samlifyModule as unknown as { default?: typeof samlifyModule }).default ?? samlifyModule;
samlify.setSchemaValidator(xmllint);

/** Its signing key and a self-signed certificate (30 days): only the certificate's public key matters to the SP. */
async function selfSigned(): Promise<{ key: string; cert: string }> {
  const made = await generate([{ name: 'commonName', value: 'Test SAML IdP' }], {
    keySize: 2048,
    algorithm: 'sha256',
    notAfterDate: new Date(Date.now() + 30 * 86_400_000),
  });
  return { key: made.private, cert: made.cert };
}

const html = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;

function loginForm(pending: string, failed: boolean): string {
  return page(
    'Test SAML IdP sign-in',
    `${failed ? '<p role="alert">Wrong login or password</p>' : ''}<form method="post" action="/login">
<input type="hidden" name="pending" value="${html(pending)}">
<label>Login <input name="login" autocomplete="username" required></label>
<label>Password <input name="password" type="password" autocomplete="current-password" required></label>
<button type="submit">Sign in</button></form>`,
  );
}

/** The page that posts the answer to the service provider, as every SAML provider's does. */
function postForm(a: SamlAnswer): string {
  return page(
    'Signing you in',
    `<form id="saml" method="post" action="${html(a.acs)}"><input type="hidden" name="SAMLResponse" value="${html(a.SAMLResponse)}">
<input type="hidden" name="RelayState" value="${html(a.RelayState)}"><button type="submit">Continue</button></form>
<script>document.getElementById('saml').submit()</script>`,
  );
}

const xmlText = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

function attributeStatement(p: SamlPerson): string {
  const attr = (name: string, values: string[]) =>
    values.length
      ? `<saml:Attribute Name="${name}" NameFormat="urn:oasis:names:tc:SAML:2.0:attrname-format:basic">${values
          .map(
            (v) =>
              `<saml:AttributeValue xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:type="xs:string">${xmlText(v)}</saml:AttributeValue>`,
          )
          .join('')}</saml:Attribute>`
      : '';
  return `<saml:AttributeStatement>${attr('email', p.email ? [p.email] : [])}${attr('name', p.name ? [p.name] : [])}${attr('phone', p.phone ? [p.phone] : [])}${attr('groups', p.groups ?? [])}</saml:AttributeStatement>`;
}

async function bodyOf(req: http.IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/** Tests set `to` to answer for another service provider's ACS (a misdirected assertion). */
export const misdirect = { to: '' };

/** The signed answer to a login request for a person: their attributes, their login as NameID. */
async function answer(
  idp: ReturnType<typeof samlify.IdentityProvider>,
  query: Record<string, string>,
  sp: ReturnType<typeof samlify.ServiceProvider>,
  person: SamlPerson,
): Promise<SamlAnswer> {
  const entityId = idp.entityMeta.getEntityID();
  const parsed = await idp.parseLoginRequest(sp, 'redirect', { query });
  const requestId = String((parsed.extract as { request?: { id?: string } }).request?.id ?? '');
  const acs = String(sp.entityMeta.getAssertionConsumerService('post'));
  const now = new Date();
  const later = new Date(now.getTime() + 5 * 60_000).toISOString();
  const id = `_${randomUUID()}`;
  const tags: Record<string, string> = {
    ID: id,
    AssertionID: `_${randomUUID()}`,
    Destination: acs,
    Audience: sp.entityMeta.getEntityID(),
    SubjectRecipient: misdirect.to || acs,
    Issuer: entityId,
    IssueInstant: now.toISOString(),
    StatusCode: 'urn:oasis:names:tc:SAML:2.0:status:Success',
    ConditionsNotBefore: now.toISOString(),
    ConditionsNotOnOrAfter: later,
    SubjectConfirmationDataNotOnOrAfter: later,
    NameIDFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified',
    NameID: person.login,
    InResponseTo: requestId,
  };
  // The two statements are XML of their own: put in as they are, after the values (which samlify escapes).
  const statements = (xml: string) =>
    xml
      .replace(
        '{AuthnStatement}',
        `<saml:AuthnStatement AuthnInstant="${now.toISOString()}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>`,
      )
      .replace('{AttributeStatement}', attributeStatement(person));
  const made = await idp.createLoginResponse(sp, parsed as never, 'post', { email: person.login }, (template: string) => ({
    id,
    context: statements(samlify.SamlLib.replaceTagsByValue(template, tags)),
  }));
  return { acs, SAMLResponse: (made as { context: string }).context, RelayState: query.RelayState ?? '' };
}

export async function startSamlIdp(opts: { people: SamlPerson[]; port?: number }): Promise<SamlIdp> {
  const people = new Map(opts.people.map((p) => [p.login, p]));
  const { key, cert } = await selfSigned();
  const sps = new Map<string, ReturnType<typeof samlify.ServiceProvider>>();
  const pending = new Map<string, { query: Record<string, string>; sp: ReturnType<typeof samlify.ServiceProvider> }>();
  const server = http.createServer((req, res) => {
    void handle(req, res).catch((err: unknown) => {
      res.statusCode = 400;
      res.end(String(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const entityId = `${base}/metadata`;
  const idp = samlify.IdentityProvider({
    entityID: entityId,
    privateKey: key,
    signingCert: cert,
    wantAuthnRequestsSigned: false,
    nameIDFormat: ['urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified'],
    singleSignOnService: [{ Binding: 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect', Location: `${base}/sso` }],
  });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? '/', base);
    res.setHeader('content-type', 'text/html; charset=utf-8');
    if (url.pathname === '/metadata') {
      res.setHeader('content-type', 'application/samlmetadata+xml');
      return res.end(idp.getMetadata());
    }
    if (url.pathname === '/sso' && req.method === 'GET') {
      const query = Object.fromEntries(url.searchParams) as Record<string, string>;
      const xml = inflateRawSync(Buffer.from(query.SAMLRequest ?? '', 'base64')).toString('utf8');
      const issuer = /<(?:saml2?:)?Issuer[^>]*>([^<]+)</.exec(xml)?.[1] ?? '';
      const sp = sps.get(issuer);
      if (!sp) throw new Error(`unknown service provider ${issuer}`);
      const key = randomUUID();
      pending.set(key, { query, sp });
      return res.end(loginForm(key, false));
    }
    if (url.pathname === '/login' && req.method === 'POST') {
      const form = await bodyOf(req);
      const p = pending.get(form.get('pending') ?? '');
      const person = people.get(form.get('login') ?? '');
      if (!p) throw new Error('no sign-in pending');
      if (!person || person.password !== form.get('password')) {
        res.statusCode = 401;
        return res.end(loginForm(form.get('pending') ?? '', true));
      }
      pending.delete(form.get('pending') ?? '');
      return res.end(postForm(await answer(idp, p.query, p.sp, person)));
    }
    res.statusCode = 404;
    res.end('not found');
  }

  return {
    entityId,
    ssoUrl: `${base}/sso`,
    cert,
    metadata: idp.getMetadata(),
    people,
    trust: (spMetadata) => {
      const sp = samlify.ServiceProvider({ metadata: spMetadata });
      sps.set(sp.entityMeta.getEntityID(), sp);
    },
    signIn: (start, login, password) => walk(base, start, login, password),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const fromHtml = (s: string) => s.replace(/&#(\d+);/g, (_s, c: string) => String.fromCharCode(Number(c)));

/** A browser's trip: the sign-on page, the person's login, the form the provider would have the browser post. */
async function walk(base: string, start: string, login: string, password: string): Promise<SamlAnswer> {
  const first = await fetch(start, { redirect: 'manual' });
  const pendingKey = /name="pending" value="([^"]+)"/.exec(await first.text())?.[1] ?? '';
  const done = await fetch(`${base}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ pending: pendingKey, login, password }).toString(),
  });
  const body = await done.text();
  const values = Object.fromEntries([...body.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1], fromHtml(m[2] ?? '')]));
  const acs = /action="([^"]+)"/.exec(body)?.[1] ?? '';
  if (!values.SAMLResponse) throw new Error(`the provider answered no SAML response (HTTP ${done.status})`);
  return {
    acs: fromHtml(acs),
    SAMLResponse: values.SAMLResponse,
    RelayState: values.RelayState ?? '',
  };
}
