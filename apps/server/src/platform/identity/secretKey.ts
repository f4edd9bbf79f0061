import { createCipheriv, createDecipheriv, createHash, randomBytes, scryptSync } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config.js';
import { randomToken, secretKeyFrom } from './crypto.js';

/**
 * The key that seals provider secrets at rest (crypto.ts sealSecret): from SECRET_KEY, else from DATA_DIR/secret.key,
 * made on first start (readable by this user only). A file made by another process starting at the same moment wins:
 * it is created exclusively, so both end with the same key. Back the file up with the database: without it the stored
 * passwords cannot be read and must be entered again (`npm run cli -- backup --passphrase-file …` includes it, encrypted).
 */
export function serverSecretKey(config: Pick<Config, 'secretKey' | 'dataDir'>): Buffer {
  if (config.secretKey) return secretKeyFrom(config.secretKey);
  const file = path.join(config.dataDir, 'secret.key');
  try {
    return secretKeyFrom(fs.readFileSync(file, 'utf8').trim());
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, `${randomToken(32)}\n`, { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return secretKeyFrom(fs.readFileSync(file, 'utf8').trim());
}

/** The key file's text as the server reads it (DATA_DIR/secret.key), or null when there is none yet. */
export function secretKeyFile(dataDir: string): string | null {
  try {
    return fs.readFileSync(path.join(dataDir, 'secret.key'), 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/** Which key sealed a backup's secrets, without revealing it: compared on restore. */
export function keyFingerprint(key: Buffer): string {
  return createHash('sha256').update('openvisit key fingerprint:').update(key).digest('hex').slice(0, 32);
}

/** A key file encrypted with the operator's passphrase (scrypt, then AES-256-GCM), as a backup holds it. */
export interface EncryptedKeyFile {
  kdf: 'scrypt';
  N: number;
  r: number;
  p: number;
  salt: string;
  iv: string;
  tag: string;
  data: string;
}

const SCRYPT = { N: 2 ** 15, r: 8, p: 1 };

function passphraseKey(passphrase: string, salt: Buffer, o: { N: number; r: number; p: number }): Buffer {
  return scryptSync(passphrase.normalize('NFC'), salt, 32, { ...o, maxmem: 256 * o.N * o.r });
}

export function encryptKeyFile(text: string, passphrase: string): EncryptedKeyFile {
  const salt = randomBytes(16);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', passphraseKey(passphrase, salt, SCRYPT), iv);
  const data = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  const b64 = (b: Buffer) => b.toString('base64');
  return { kdf: 'scrypt', ...SCRYPT, salt: b64(salt), iv: b64(iv), tag: b64(cipher.getAuthTag()), data: b64(data) };
}

/** The key file's text; throws when the passphrase is not the one it was encrypted with. */
export function decryptKeyFile(e: EncryptedKeyFile, passphrase: string): string {
  if (e.kdf !== 'scrypt' || ![e.N, e.r, e.p].every((n) => Number.isInteger(n) && n > 0) || e.N > 2 ** 20 || e.r > 32 || e.p > 16)
    throw new Error('unknown key encryption');
  const key = passphraseKey(passphrase, Buffer.from(e.salt, 'base64'), e);
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(e.iv, 'base64'));
  decipher.setAuthTag(Buffer.from(e.tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(e.data, 'base64')), decipher.final()]).toString('utf8');
}
