import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** OWASP's argon2id baseline (19 MiB, 2 passes). */
// algorithm 2 = Argon2id (the package's enum is a const enum, unusable with isolatedModules).
const ARGON2 = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2);
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** A hash to verify against when an account does not exist, so timing does not reveal which accounts exist. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash;
}

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}

// ---------------------------------------------------------------------------------------------
// Secrets at rest: provider passwords and keys are stored AES-256-GCM encrypted with the server's key
// ---------------------------------------------------------------------------------------------

const SEALED_PREFIX = 'v1:';

/** The 32-byte key of `sealSecret`, derived from the configured secret (SECRET_KEY or DATA_DIR/secret.key). */
export function secretKeyFrom(secret: string): Buffer {
  return createHash('sha256').update(`openvisit secrets:${secret}`).digest();
}

/** Encrypts a secret for storage: 'v1:' + base64url(iv ‖ tag ‖ ciphertext); '' stays '' (nothing stored). */
export function sealSecret(key: Buffer, plain: string): string {
  if (plain === '') return '';
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return SEALED_PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** Decrypts what `sealSecret` stored; throws when the key is not the one it was sealed with (or the value was changed). */
export function openSecret(key: Buffer, sealed: string): string {
  if (sealed === '') return '';
  if (!sealed.startsWith(SEALED_PREFIX)) throw new Error('not a sealed secret');
  const raw = Buffer.from(sealed.slice(SEALED_PREFIX.length), 'base64url');
  if (raw.length < 28) throw new Error('not a sealed secret');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}

/** Seals and opens secrets with the server's key (handed to services as `secrets`), and signs what the server hands out. */
export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
  /** HMAC-SHA256 of `data` (base64url) under a key of its own per `purpose`, derived from the server's key. */
  mac(purpose: string, data: string): string;
}

export function secretBox(key: Buffer): SecretBox {
  const keys = new Map<string, Buffer>();
  const keyFor = (purpose: string) => {
    const known = keys.get(purpose);
    if (known) return known;
    const k = createHmac('sha256', key).update(`openvisit mac:${purpose}`).digest();
    keys.set(purpose, k);
    return k;
  };
  return {
    seal: (plain) => sealSecret(key, plain),
    open: (sealed) => openSecret(key, sealed),
    mac: (purpose, data) => createHmac('sha256', keyFor(purpose)).update(data).digest('base64url'),
  };
}
