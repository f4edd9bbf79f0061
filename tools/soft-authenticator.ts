/**
 * A software WebAuthn authenticator, as a platform authenticator answers navigator.credentials.create/get (W3C
 * WebAuthn Level 3, §6.1 authenticator data, §6.5 attestation "none", §7 the relying party's checks it must pass):
 * P-256 keys (COSE ES256), discoverable credentials, user presence and verification, a signature counter, and the
 * clientDataJSON the browser would add for an origin. The server's tests use it where no browser runs; the e2e specs
 * use Chromium's own virtual authenticator.
 */
import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';

/** CBOR (RFC 8949) for what attestation needs: unsigned/negative integers, byte and text strings, maps. */
function cbor(value: unknown): Buffer {
  const head = (major: number, n: number) => {
    if (n < 24) return Buffer.from([(major << 5) | n]);
    if (n < 256) return Buffer.from([(major << 5) | 24, n]);
    if (n < 65536) return Buffer.from([(major << 5) | 25, n >> 8, n & 255]);
    const b = Buffer.alloc(5);
    b[0] = (major << 5) | 26;
    b.writeUInt32BE(n, 1);
    return b;
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), value]);
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (value instanceof Map) return Buffer.concat([head(5, value.size), ...[...value].flatMap(([k, v]) => [cbor(k), cbor(v)])]);
  throw new Error(`cbor: cannot encode ${typeof value}`);
}

const b64url = (b: Buffer) => b.toString('base64url');
const sha256 = (b: Buffer | string) => createHash('sha256').update(b).digest();

interface Credential {
  id: Buffer;
  rpId: string;
  userHandle: string;
  privateKey: KeyObject;
  cose: Buffer;
  counter: number;
}

const FLAG = { UP: 0x01, UV: 0x04, BE: 0x08, BS: 0x10, AT: 0x40 };

export class SoftAuthenticator {
  readonly credentials: Credential[] = [];
  /** What the person does at the prompt: verify (fingerprint, PIN) or only touch. */
  userVerified = true;
  constructor(
    readonly origin: string,
    /** A synced passkey (backup eligible and backed up), as a password manager's. */
    readonly synced = false,
  ) {}

  private clientData(type: string, challenge: string, origin: string) {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  private authData(rpId: string, counter: number, attested?: { id: Buffer; cose: Buffer }) {
    const flags = FLAG.UP | (this.userVerified ? FLAG.UV : 0) | (this.synced ? FLAG.BE | FLAG.BS : 0) | (attested ? FLAG.AT : 0);
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    const parts: Buffer[] = [sha256(rpId), Buffer.from([flags]), count];
    if (attested) {
      const len = Buffer.alloc(2);
      len.writeUInt16BE(attested.id.length);
      parts.push(Buffer.alloc(16), len, attested.id, attested.cose);
    }
    return Buffer.concat(parts);
  }

  /** navigator.credentials.create: a new credential for the options' relying party and user. */
  create(options: Record<string, unknown>, origin = this.origin) {
    const rp = options.rp as { id: string };
    const user = options.user as { id: string };
    const exclude = (options.excludeCredentials as { id: string }[] | undefined) ?? [];
    if (this.credentials.some((c) => exclude.some((e) => e.id === b64url(c.id)))) throw new Error('InvalidStateError: already registered');
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' }) as { x: string; y: string };
    const cose = cbor(
      new Map<number, unknown>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x, 'base64url')],
        [-3, Buffer.from(jwk.y, 'base64url')],
      ]),
    );
    const id = randomBytes(32);
    // A discoverable credential: a new one for the same user at the same relying party replaces the old one.
    const same = this.credentials.findIndex((c) => c.rpId === rp.id && c.userHandle === user.id);
    if (same >= 0) this.credentials.splice(same, 1);
    this.credentials.push({ id, rpId: rp.id, userHandle: user.id, privateKey, cose, counter: 0 });
    const authData = this.authData(rp.id, 0, { id, cose });
    const attestationObject = cbor(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    return {
      id: b64url(id),
      rawId: b64url(id),
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge as string, origin)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }

  /** navigator.credentials.get: a signed answer with a credential the options allow (any of the relying party's when none are listed). */
  get(options: Record<string, unknown>, origin = this.origin, pick?: (c: Credential) => boolean) {
    const rpId = options.rpId as string;
    const allow = ((options.allowCredentials as { id: string }[] | undefined) ?? []).map((a) => a.id);
    const cred = this.credentials.find((c) => c.rpId === rpId && (!allow.length || allow.includes(b64url(c.id))) && (!pick || pick(c)));
    if (!cred) throw new Error('NotAllowedError: no credential for this request');
    cred.counter += 1;
    const authData = this.authData(rpId, cred.counter);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge as string, origin);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), cred.privateKey);
    return {
      id: b64url(cred.id),
      rawId: b64url(cred.id),
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: cred.userHandle,
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }
}
