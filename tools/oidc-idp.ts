import { generateKeyPairSync, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import Provider, { type Configuration } from 'oidc-provider';

/**
 * An OpenID Connect provider for tests, the end-to-end spec and a developer's machine: `oidc-provider` (a certified
 * implementation), with one confidential client, signing keys of its own, a plain sign-in page for its people and
 * consent given on their behalf (a company's own app, as a workforce provider treats it). Authorization code with PKCE,
 * claims in the ID token's userinfo (email, phone, profile, groups). `signIn` walks its pages as a browser would, for
 * tests without Chromium.
 *
 * As a process: `node --import tsx tools/oidc-idp.ts <port> <redirect_uri>` prints its issuer and serves until killed.
 */
export interface IdpPerson {
  /** The login typed on the provider's page, and its `sub`. */
  login: string;
  password: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  phone_number?: string;
  preferred_username?: string;
  groups?: string[];
}

export interface Idp {
  issuer: string;
  clientId: string;
  clientSecret: string;
  people: Map<string, IdpPerson>;
  /** Follows an authorization URL through the sign-in page to the address the provider sends the browser back to. */
  signIn(authorizationUrl: string, login: string, password: string): Promise<URL>;
  close(): Promise<void>;
}

export const DEFAULT_PEOPLE: IdpPerson[] = [
  { login: 'ada', password: 'idp-pass-1', email: 'ada@example.com', email_verified: true, name: 'Ada Lovelace', groups: ['engineering'] },
];

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;

const html = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function loginForm(uid: string, failed: boolean): string {
  return page(
    'Test IdP sign-in',
    `${failed ? '<p role="alert">Wrong login or password</p>' : ''}<form method="post" action="/interaction/${html(uid)}">
<label>Login <input name="login" autocomplete="username" required></label>
<label>Password <input name="password" type="password" autocomplete="current-password" required></label>
<button type="submit">Sign in</button></form>`,
  );
}

async function bodyOf(req: http.IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function configuration(o: { clientId: string; clientSecret: string; redirectUris: string[]; people: Map<string, IdpPerson> }): Configuration {
  const jwk = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
  return {
    clients: [
      {
        client_id: o.clientId,
        client_secret: o.clientSecret,
        redirect_uris: o.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [{ ...jwk, kid: randomUUID(), use: 'sig', alg: 'RS256' }] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'preferred_username'],
      phone: ['phone_number'],
      groups: ['groups'],
    },
    scopes: ['openid', 'email', 'profile', 'phone', 'groups'],
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    ttl: { AuthorizationCode: 60, IdToken: 3600, AccessToken: 3600, Grant: 3600, Interaction: 600, Session: 3600 },
    cookies: { keys: [randomUUID()] },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, id) => {
      const p = o.people.get(id);
      if (!p) return undefined;
      const { password: _p, login, ...claims } = p;
      return { accountId: id, claims: () => ({ sub: login, ...claims }) };
    },
  };
}

/** Serves the provider and its sign-in page on 127.0.0.1 (`port` 0: any free port). */
export async function startIdp(opts: { redirectUris: string[]; people?: IdpPerson[]; port?: number }): Promise<Idp> {
  const people = new Map((opts.people ?? DEFAULT_PEOPLE).map((p) => [p.login, p]));
  const clientId = 'openvisit';
  const clientSecret = `secret-${randomUUID()}`;
  let provider: Provider | undefined;
  const server = http.createServer((req, res) => {
    void handle(req, res).catch((err: unknown) => {
      res.statusCode = 500;
      res.end(String(err));
    });
  });
  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    if (!provider) throw new Error('not started');
    const m = /^\/interaction\/([\w-]+)$/.exec(req.url ?? '');
    if (!m?.[1]) return provider.callback()(req, res);
    const details = await provider.interactionDetails(req, res);
    if (req.method !== 'POST') {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      return res.end(loginForm(m[1], false));
    }
    const form = await bodyOf(req);
    const person = people.get(form.get('login') ?? '');
    if (!person || person.password !== form.get('password')) {
      res.statusCode = 401;
      res.setHeader('content-type', 'text/html; charset=utf-8');
      return res.end(loginForm(m[1], true));
    }
    const grant = new provider.Grant({ accountId: person.login, clientId: String(details.params.client_id) });
    grant.addOIDCScope(String(details.params.scope ?? 'openid'));
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { login: { accountId: person.login }, consent: { grantId } }, { mergeWithLastSubmission: false });
  }
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  provider = new Provider(issuer, configuration({ clientId, clientSecret, redirectUris: opts.redirectUris, people }));

  return {
    issuer,
    clientId,
    clientSecret,
    people,
    signIn: (url, login, password) => walk(url, login, password, opts.redirectUris),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A browser's trip through the provider's pages (cookies kept, redirects followed) up to one of the redirect URIs. */
async function walk(start: string, login: string, password: string, backTo: string[]): Promise<URL> {
  const jar = new Map<string, string>();
  let url = new URL(start);
  let form: URLSearchParams | undefined;
  for (let hops = 0; hops < 20; hops++) {
    if (backTo.some((b) => url.href.startsWith(b))) return url;
    const res = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '), ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      body: form?.toString(),
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair = ''] = c.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const location = res.headers.get('location');
    if (location) {
      url = new URL(location, url);
      form = undefined;
      continue;
    }
    const html = await res.text();
    if (!html.includes('name="login"') || form) throw new Error(`the provider stopped at ${url.pathname} (HTTP ${res.status})`);
    form = new URLSearchParams({ login, password });
  }
  throw new Error('too many redirects');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [port = '0', redirectUri = 'http://localhost:3000/signin/sso'] = process.argv.slice(2);
  const idp = await startIdp({ redirectUris: [redirectUri], port: Number(port) });
  process.stdout.write(`${JSON.stringify({ issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret })}\n`);
}
