import { Status } from '@openvisit/contract';
import * as oidc from 'openid-client';
import { EndpointRefused, fetchEndpoint } from '../../platform/http/endpoints.js';
import { AppError } from '../../platform/http/errors.js';

/** How the server reaches a company's provider: its endpoint checks and the limits of other company endpoints. */
export interface ProviderReach {
  allowPrivate: boolean;
  timeoutMs: number;
  maxResponseBytes: number;
}

/** What a connection brings to the protocol (its secret opened). */
export interface OidcClient {
  id: number;
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Changes with every edit, so a cached discovery never outlives the settings it was made with. */
  version: number;
}

const unreachable = (why: string) => new AppError(Status.SSO_UNREACHABLE, why.replace(/[\r\n]+/g, ' ').slice(0, 200));
const failed = (why: string) => new AppError(Status.SSO_FAILED, why.replace(/[\r\n]+/g, ' ').slice(0, 200));

/**
 * Every request of the protocol goes through the endpoint checks (no private network unless the operator allows it,
 * checked on each resolution, no redirects), within the time and size other company endpoints get.
 */
function boundedFetch(reach: ProviderReach): oidc.CustomFetch {
  return async (url, options) => {
    const signal = AbortSignal.timeout(reach.timeoutMs);
    const res = await fetchEndpoint(
      url,
      { method: options.method, headers: options.headers, body: options.body as BodyInit, signal },
      reach.allowPrivate,
    );
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of (res.body ?? []) as AsyncIterable<Uint8Array>) {
      size += chunk.byteLength;
      if (size > reach.maxResponseBytes) throw new EndpointRefused(`the provider answered more than ${reach.maxResponseBytes} bytes`);
      chunks.push(Buffer.from(chunk));
    }
    return new Response(res.status === 204 ? null : Buffer.concat(chunks), { status: res.status, statusText: res.statusText, headers: res.headers });
  };
}

/** Why a request to the provider failed, in words that name no secret. */
function reachFailure(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof EndpointRefused) return unreachable(err.message);
  const cause = (err as { cause?: unknown }).cause;
  if (cause instanceof EndpointRefused) return unreachable(cause.message);
  if ((err as { name?: string }).name === 'TimeoutError' || (cause as { name?: string } | undefined)?.name === 'TimeoutError')
    return unreachable('the provider did not answer in time');
  if (err instanceof oidc.ClientError) return unreachable(err.message);
  return unreachable('the provider could not be reached');
}

const cache = new Map<string, { config: oidc.Configuration; until: number }>();
const CACHE_MS = 10 * 60_000;
const CACHE_MAX = 500;

/**
 * The provider's configuration from its discovery document (cached ten minutes per connection and version; its keys
 * are fetched by openid-client when a token needs them). Plain http only where private endpoints are allowed (a test
 * or a closed network). The client authenticates as the provider prefers: Basic, else in the body, else not at all
 * (a public client: PKCE alone).
 */
export async function providerOf(c: OidcClient, reach: ProviderReach, fresh = false): Promise<oidc.Configuration> {
  const key = `${c.id}:${c.version}:${reach.allowPrivate}`;
  const hit = cache.get(key);
  if (hit && hit.until > Date.now() && !fresh) return hit.config;
  const issuer = new URL(c.issuer);
  if (issuer.protocol !== 'https:' && !reach.allowPrivate) throw unreachable('the issuer must be an https address');
  const options: oidc.DiscoveryRequestOptions = {
    [oidc.customFetch]: boundedFetch(reach),
    ...(issuer.protocol === 'http:' ? { execute: [oidc.allowInsecureRequests] } : {}),
  };
  let found: oidc.Configuration;
  try {
    found = await oidc.discovery(issuer, c.clientId, undefined, oidc.None(), options);
  } catch (err) {
    throw reachFailure(err);
  }
  const meta = found.serverMetadata();
  const methods = meta.token_endpoint_auth_methods_supported ?? ['client_secret_basic'];
  const auth = !c.clientSecret
    ? oidc.None()
    : methods.includes('client_secret_basic')
      ? oidc.ClientSecretBasic(c.clientSecret)
      : oidc.ClientSecretPost(c.clientSecret);
  const config = new oidc.Configuration(meta, c.clientId, c.clientSecret || undefined, auth);
  config[oidc.customFetch] = boundedFetch(reach);
  if (issuer.protocol === 'http:') oidc.allowInsecureRequests(config);
  if (cache.size >= CACHE_MAX) cache.clear();
  cache.set(key, { config, until: Date.now() + CACHE_MS });
  return config;
}

/** What the test button shows: the endpoints a sign-in will use. */
export async function describeProvider(c: OidcClient, reach: ProviderReach) {
  const started = performance.now();
  const meta = (await providerOf(c, reach, true)).serverMetadata();
  return {
    issuer: meta.issuer,
    authorizationEndpoint: meta.authorization_endpoint ?? '',
    tokenEndpoint: meta.token_endpoint ?? '',
    userinfoEndpoint: meta.userinfo_endpoint ?? '',
    pkce: (meta.code_challenge_methods_supported ?? []).includes('S256'),
    ms: Math.round(performance.now() - started),
  };
}

export interface OidcStart {
  verifier: string;
  oidcNonce: string;
}

/** The provider's authorization URL for a code flow with PKCE (S256) and an OpenID nonce. */
export async function authorizationUrl(
  c: OidcClient,
  reach: ProviderReach,
  p: { redirectUri: string; scopes: string; state: string },
): Promise<{ url: string } & OidcStart> {
  const config = await providerOf(c, reach);
  if (!config.serverMetadata().authorization_endpoint) throw unreachable('the provider names no authorization endpoint');
  const verifier = oidc.randomPKCECodeVerifier();
  const oidcNonce = oidc.randomNonce();
  const scopes = new Set(['openid', ...p.scopes.split(' ').filter(Boolean)]);
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: p.redirectUri,
    response_type: 'code',
    scope: [...scopes].join(' '),
    state: p.state,
    nonce: oidcNonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  });
  return { url: url.href, verifier, oidcNonce };
}

/**
 * The person the provider vouches for: the code exchanged (with the verifier), the ID token checked (signature,
 * issuer, audience, expiry, nonce), its claims with the userinfo endpoint's over them (same subject).
 */
export async function signedInClaims(
  c: OidcClient,
  reach: ProviderReach,
  p: { redirectUri: string; query: string; state: string } & OidcStart,
): Promise<Record<string, unknown>> {
  const config = await providerOf(c, reach);
  const back = new URL(p.redirectUri);
  back.search = p.query;
  let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
  try {
    tokens = await oidc.authorizationCodeGrant(config, back, {
      pkceCodeVerifier: p.verifier,
      expectedState: p.state,
      expectedNonce: p.oidcNonce,
      idTokenExpected: true,
    });
  } catch (err) {
    if (err instanceof oidc.AuthorizationResponseError) throw failed(`the provider refused: ${err.error}`);
    if (err instanceof oidc.ResponseBodyError) throw failed(`the provider refused the code: ${err.error}`);
    if (err instanceof oidc.ClientError && !(err.cause instanceof EndpointRefused)) throw failed(err.message);
    throw reachFailure(err);
  }
  const idClaims = tokens.claims();
  if (!idClaims) throw failed('the provider gave no ID token');
  if (!config.serverMetadata().userinfo_endpoint) return { ...idClaims };
  try {
    const info = await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub);
    return { ...idClaims, ...info, sub: idClaims.sub };
  } catch (err) {
    throw reachFailure(err);
  }
}

/** Whether an address answers at all (a SAML provider's sign-on page answers a bare GET with an error page, and that is enough). */
export async function reachable(url: string, reach: ProviderReach): Promise<void> {
  try {
    await boundedFetch(reach)(url, {
      method: 'GET',
      headers: {},
      body: undefined,
      redirect: 'manual',
      signal: undefined,
    } as unknown as oidc.CustomFetchOptions);
  } catch (err) {
    throw reachFailure(err);
  }
}
