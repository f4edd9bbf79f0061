import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.js';
import { randomToken, secretKeyFrom } from './crypto.js';

/**
 * The key that seals provider secrets at rest (crypto.ts sealSecret): from SECRET_KEY, else from DATA_DIR/secret.key,
 * made on first start (readable by this user only). A file made by another process starting at the same moment wins:
 * it is created exclusively, so both end with the same key. Back the file up with the database: without it the stored
 * passwords cannot be read and must be entered again.
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
