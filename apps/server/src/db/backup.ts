import fs from 'node:fs';
import path from 'node:path';
import { readTarGz, type TarEntry, writeTarGz } from '../platform/files/tar.js';
import type { EncryptedKeyFile } from '../platform/identity/secretKey.js';

/**
 * The operator backup (npm run cli -- backup): one .tar.gz holding a manifest, the embedded database's own dump and
 * every stored file (DATA_DIR/files) under files/. A backup made before files were included is the bare database
 * dump; it still restores (the stored files are then left as they are). The manifest names the fingerprint of the key
 * the database's secrets are sealed with; the key file itself is included only encrypted with a passphrase the
 * operator gives.
 */
const MANIFEST = 'openvisit-backup.json';
const DUMP = 'pgdata.tar.gz';
/** DATA_DIR/secret.key encrypted with the operator's passphrase (platform/identity/secretKey.ts encryptKeyFile). */
const KEY = 'secret.key.enc.json';
const FORMAT = 1;
const SEGMENT = /^[A-Za-z0-9_.-]+$/;

/** Stored files' keys under `root` ('/'-separated), without the temporary files of writes in progress. */
function storedFiles(root: string, prefix = ''): string[] {
  const keys: string[] = [];
  for (const d of fs.readdirSync(path.join(root, prefix), { withFileTypes: true })) {
    const key = prefix ? `${prefix}/${d.name}` : d.name;
    if (d.isDirectory()) keys.push(...storedFiles(root, key));
    else if (d.isFile() && !d.name.endsWith('.tmp')) keys.push(key);
  }
  return keys;
}

/** Writes the backup to `out` (through `out.partial`, so a failed run never leaves a file that looks complete). */
export async function writeBackup(
  out: string,
  dump: Buffer,
  filesRoot: string,
  key: { fingerprint: string | null; encrypted: EncryptedKeyFile | null } = { fingerprint: null, encrypted: null },
): Promise<{ files: number }> {
  const keys = fs.existsSync(filesRoot) ? storedFiles(filesRoot) : [];
  async function* entries(): AsyncGenerator<TarEntry> {
    const manifest = { format: FORMAT, createdAt: new Date().toISOString(), files: keys.length, keyFingerprint: key.fingerprint };
    yield { name: MANIFEST, bytes: Buffer.from(JSON.stringify(manifest)) };
    yield { name: DUMP, bytes: dump };
    if (key.encrypted) yield { name: KEY, bytes: Buffer.from(JSON.stringify(key.encrypted)) };
    // One file in memory at a time.
    for (const key of keys) yield { name: `files/${key}`, bytes: await fs.promises.readFile(path.join(filesRoot, ...key.split('/'))) };
  }
  const partial = `${out}.partial`;
  try {
    await writeTarGz(partial, entries());
    fs.renameSync(partial, out);
  } catch (err) {
    fs.rmSync(partial, { force: true });
    throw err;
  }
  return { files: keys.length };
}

/**
 * Reads a backup: answers the database dump and unpacks the stored files into `filesDir` (a new folder, for the
 * caller to swap in). `files` is null for a bare database dump (a backup from before files were included).
 */
export interface ReadBackup {
  dump: Buffer;
  files: number | null;
  /** The fingerprint of the key the secrets were sealed with; null in a backup from before it was recorded. */
  keyFingerprint: string | null;
  /** The key file, encrypted with the operator's passphrase, when the backup was made with one. */
  encryptedKey: EncryptedKeyFile | null;
}

export async function readBackup(file: string, filesDir: string): Promise<ReadBackup> {
  const entries = readTarGz(file);
  let first: TarEntry | undefined;
  try {
    first = (await entries.next()).value ?? undefined;
  } catch {
    first = undefined;
  }
  if (first?.name !== MANIFEST) {
    await entries.return(undefined);
    return { dump: fs.readFileSync(file), files: null, keyFingerprint: null, encryptedKey: null };
  }
  const manifest = JSON.parse(first.bytes.toString('utf8')) as { format?: number; files?: number; keyFingerprint?: string | null };
  let encryptedKey: EncryptedKeyFile | null = null;
  if (manifest.format !== FORMAT) throw new Error(`unknown backup format ${String(manifest.format)}`);
  let dump: Buffer | undefined;
  let files = 0;
  fs.mkdirSync(filesDir, { recursive: true });
  for await (const e of entries) {
    if (e.name === DUMP) {
      dump = e.bytes;
      continue;
    }
    if (e.name === KEY) {
      encryptedKey = JSON.parse(e.bytes.toString('utf8')) as EncryptedKeyFile;
      continue;
    }
    const segments = e.name.split('/');
    // Names come from a file the operator hands in: only plain relative paths under files/.
    if (segments[0] !== 'files' || segments.length < 2 || segments.slice(1).some((s) => !SEGMENT.test(s) || s === '.' || s === '..'))
      throw new Error(`unexpected entry ${e.name}`);
    const to = path.join(filesDir, ...segments.slice(1));
    fs.mkdirSync(path.dirname(to), { recursive: true });
    fs.writeFileSync(to, e.bytes);
    files++;
  }
  if (!dump) throw new Error('the backup holds no database');
  if (manifest.files !== files) throw new Error(`the backup should hold ${manifest.files} stored files, found ${files}`);
  return { dump, files, keyFingerprint: manifest.keyFingerprint ?? null, encryptedKey };
}
