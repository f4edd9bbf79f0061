import { X509Certificate } from 'node:crypto';
import type { CacheProvider, SAML } from '@node-saml/node-saml';
import { Status } from '@openvisit/contract';
import { XMLParser } from 'fast-xml-parser';
import type { Config } from '../../config.js';
import { AppError } from '../../platform/http/errors.js';

/** What a SAML connection brings: the provider's address, entity ID and signing certificate. */
export interface SamlIdp {
  id: number;
  entryPoint: string;
  idpEntityId: string;
  idpCert: string;
}

const FLOW_MS = 10 * 60_000;

/** Our entity ID for a connection, also where our metadata is read. */
export const spEntityIdOf = (config: Pick<Config, 'publicUrl'>, id: number) => `${config.publicUrl}/api/sso/saml/${id}/metadata`;
/** Where every provider posts its answer; the RelayState names the flow. */
export const acsUrlOf = (config: Pick<Config, 'publicUrl'>) => `${config.publicUrl}/api/sso/saml/acs`;

/** A certificate as stored: PEM, whatever the administrator pasted (PEM, or its base64 body with or without breaks). */
export function pemOf(raw: string): string {
  const body = raw
    .replace(/-----(BEGIN|END) CERTIFICATE-----/g, '')
    .replace(/\s+/g, '')
    .trim();
  return `-----BEGIN CERTIFICATE-----\n${body.replace(/(.{64})/g, '$1\n').replace(/\n$/, '')}\n-----END CERTIFICATE-----`;
}

/** When a certificate runs out (null: not a certificate). */
export function certNotAfter(pem: string): number | null {
  try {
    return Date.parse(new X509Certificate(pem).validTo);
  } catch {
    return null;
  }
}

/** When the certificate runs out; 1419 when it is no certificate or has run out. */
export function certExpiry(pem: string, now = Date.now()): number {
  const until = certNotAfter(pem);
  if (until === null) throw new AppError(Status.SSO_CERT_INVALID);
  if (!(until > now)) throw new AppError(Status.SSO_CERT_INVALID, `the certificate ran out on ${new Date(until).toISOString()}`);
  return until;
}

type Node = Record<string, unknown>;
const list = (v: unknown): Node[] => (Array.isArray(v) ? v : v === undefined ? [] : [v]) as Node[];

/** The provider's entity ID, HTTP-Redirect sign-on address and signing certificate from its metadata (1420 otherwise). */
export function fromMetadata(xml: string): { idpEntityId: string; entryPoint: string; idpCert: string } {
  let doc: Node;
  try {
    doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', removeNSPrefix: true, processEntities: false }).parse(xml) as Node;
  } catch {
    throw new AppError(Status.SSO_METADATA_INVALID);
  }
  const entity = list(doc.EntityDescriptor)[0] ?? list(list(doc.EntitiesDescriptor)[0]?.EntityDescriptor)[0];
  const idp = list(entity?.IDPSSODescriptor)[0];
  const redirect = list(idp?.SingleSignOnService).find((s) => String(s['@Binding']).endsWith(':HTTP-Redirect'));
  const keys = list(idp?.KeyDescriptor).filter((k) => k['@use'] === undefined || k['@use'] === 'signing');
  const cert = list(list(list(keys[0]?.KeyInfo)[0]?.X509Data)[0]?.X509Certificate)[0];
  const idpEntityId = String(entity?.['@entityID'] ?? '');
  const entryPoint = String(redirect?.['@Location'] ?? '');
  const body = typeof cert === 'string' ? cert : String((cert as Node | undefined)?.['#text'] ?? '');
  if (!idpEntityId || !entryPoint || !body) throw new AppError(Status.SSO_METADATA_INVALID);
  return { idpEntityId, entryPoint, idpCert: pemOf(body) };
}

/** node-saml and its XML stack load with the first SAML sign-in or metadata asked for: with the server, some 60 ms of every start. */
export const nodeSaml = () => import('@node-saml/node-saml');

/**
 * One request's SAML: no shared cache between processes, so the AuthnRequest's ID is kept in the flow's row and the
 * answer checked against it (InResponseTo always), its assertion signed by the provider's certificate, for our
 * entity as audience, within a minute's clock skew.
 */
async function samlOf(c: SamlIdp, config: Pick<Config, 'publicUrl'>, cache: CacheProvider): Promise<SAML> {
  const { SAML, ValidateInResponseTo } = await nodeSaml();
  const spEntityId = spEntityIdOf(config, c.id);
  return new SAML({
    entryPoint: c.entryPoint,
    issuer: spEntityId,
    audience: spEntityId,
    callbackUrl: acsUrlOf(config),
    idpCert: c.idpCert,
    idpIssuer: c.idpEntityId,
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: FLOW_MS,
    cacheProvider: cache,
    acceptedClockSkewMs: 60_000,
    identifierFormat: null,
    disableRequestedAuthnContext: true,
    signatureAlgorithm: 'sha256',
  });
}

/** The provider's sign-on URL carrying an AuthnRequest (HTTP-Redirect) and the state as RelayState; its ID to keep. */
export async function samlStart(c: SamlIdp, config: Pick<Config, 'publicUrl'>, state: string): Promise<{ url: string; requestId: string }> {
  let requestId = '';
  const cache: CacheProvider = {
    saveAsync: async (key, value) => {
      requestId = key;
      return { value, createdAt: Date.now() };
    },
    getAsync: async () => null,
    removeAsync: async () => null,
  };
  const url = await (await samlOf(c, config, cache)).getAuthorizeUrlAsync(state, undefined, {});
  return { url, requestId };
}

/** The attributes of a checked answer, the NameID as `sub`; 1411 with the reason when it does not hold. */
export async function samlAnswer(
  c: SamlIdp,
  config: Pick<Config, 'publicUrl'>,
  samlResponse: string,
  requestId: string,
): Promise<Record<string, unknown>> {
  const cache: CacheProvider = {
    saveAsync: async () => null,
    // The instant the request was made, as node-saml keeps it: the flow's own expiry already bounds it.
    getAsync: async (key) => (requestId && key === requestId ? new Date().toISOString() : null),
    removeAsync: async (key) => key,
  };
  try {
    const { profile } = await (await samlOf(c, config, cache)).validatePostResponseAsync({ SAMLResponse: samlResponse });
    if (!profile?.nameID) throw new Error('the answer names no subject');
    // node-saml leaves the bearer confirmation's Recipient unchecked: inside the signed assertion, it must be our ACS.
    const recipient = /<(?:\w+:)?SubjectConfirmationData\b[^>]*\bRecipient="([^"]*)"/.exec(profile.getAssertionXml?.() ?? '')?.[1];
    if (recipient !== acsUrlOf(config)) throw new Error(`the assertion is for another recipient (${recipient ?? 'none'})`);
    const attributes = (profile.attributes ?? {}) as Record<string, unknown>;
    return { ...attributes, sub: profile.nameID };
  } catch (err) {
    throw new AppError(Status.SSO_FAILED, `SAML: ${(err as Error).message}`.replace(/[\r\n]+/g, ' ').slice(0, 200));
  }
}
