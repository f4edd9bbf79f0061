import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { checkAccountName, checkCompanyName, checkEmail, checkPassword, checkSuperAccount, normalizeEmail } from '@openvisit/contract';
import { type Config, ConfigError, loadConfig } from './config.js';
import { type ReadBackup, readBackup, writeBackup } from './db/backup.js';
import { type Database, openDatabase, PGLITE_EXTENSIONS } from './db/client.js';
import { acquireDataLock, DataDirBusyError } from './db/lock.js';
import { accountsSystemRepository } from './modules/accounts/accounts.system.repository.js';
import { forgetPasskeys } from './modules/passkeys/passkeys.public.js';
import { chainedCompanies, verifyChain } from './platform/http/auditChain.js';
import { hashPassword, secretBox, secretKeyFrom } from './platform/identity/crypto.js';
import { decryptKeyFile, encryptKeyFile, keyFingerprint, secretKeyFile } from './platform/identity/secretKey.js';
import { revokeAccountSessions } from './platform/identity/sessions.js';
import { clearAccountFailures } from './platform/identity/signinGuard.js';
import { systemScope } from './platform/identity/tenancy.js';

const USAGE = `OpenVisit operator commands (npm run cli -- <command> [options])

  create-company --company <name> --email <email> --password <password> [--name <admin name>] [--phone <phone>] [--lang zh|en]
      Creates an activated company and its administrator; prints the company id.
  create-super-account --account LFT_<name> --password <password> --companies <id,id,...> [--name <name>]
      Creates a headquarters account that oversees the listed companies.
  reset-password (--email <admin email> | --account <staff or LFT_ account> [--company <company id>]) --password <password>
      Sets a new password, clears any lockout and ends the account's sessions. A staff name several companies hold
      needs --company.
  reset-two-step (--email <admin email> | --account <staff or LFT_ account> [--company <company id>])
      For a person who lost every passkey and recovery code: removes the account's passkeys, turns its two-step
      sign-in off and ends its sessions; the password then signs in alone, and the person adds a passkey again.
  verify-log [--company <company id>]
      Checks each company's operation-log chain (or one company's) with the server's key and names the first entry
      changed, removed, added or reordered in the database; exits 1 when a chain is broken.
  migrate
      Applies pending database migrations (the server also does this at start-up).
  backup --out <file.tar.gz> [--passphrase-file <file>]
      Copies the embedded database and the stored files (DATA_DIR/files) to one file (embedded database only; the
      server must be stopped). With a passphrase (the first line of the file), DATA_DIR/secret.key goes in too,
      encrypted with it: without that key the provider passwords in the backup cannot be read.
  restore --in <file.tar.gz> [--passphrase-file <file>]
      Replaces the embedded database and the stored files with a backup, checked in staging folders first; the
      current ones are kept beside them as pgdata.before-restore-<time> and files.before-restore-<time>. With the
      backup's passphrase its secret.key is restored too; a restore whose sealed secrets this installation's key
      cannot open is refused.

The database is the one the server would use: DATA_DIR (default ./data) or DATABASE_URL.`;

class CliError extends Error {}

function need(values: Record<string, string | undefined>, ...names: string[]): void {
  const missing = names.filter((n) => !values[n]);
  if (missing.length) throw new CliError(`missing ${missing.map((m) => `--${m}`).join(', ')}`);
}

function check(label: string, failure: string | null): void {
  if (failure) throw new CliError(`${label}: ${failure}`);
}

async function withDatabase<T>(fn: (database: Database) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const release = config.database.kind === 'pglite' ? acquireDataLock(config.dataDir) : () => {};
  const database = await openDatabase(config.database);
  try {
    await database.migrate();
    return await fn(database);
  } finally {
    await database.close();
    release();
  }
}

async function createCompany(v: Record<string, string | undefined>): Promise<void> {
  need(v, 'company', 'email', 'password');
  const email = normalizeEmail(v.email ?? '');
  check('--company', checkCompanyName(v.company ?? ''));
  check('--email', checkEmail(email));
  check('--password', checkPassword(v.password ?? ''));
  const id = await withDatabase(async ({ db }) => {
    const repo = accountsSystemRepository(systemScope(db));
    if (await repo.companyExists(email, v.company ?? '')) throw new CliError('a company with this email or name already exists');
    return repo.insertCompany({
      name: v.company ?? '',
      email,
      username: v.name ?? 'Administrator',
      phone: v.phone ?? '',
      passwordHash: await hashPassword(v.password ?? ''),
      status: 1,
      lang: v.lang === 'zh' ? 'zh' : 'en',
    });
  });
  console.log(id);
}

async function createSuperAccount(v: Record<string, string | undefined>): Promise<void> {
  need(v, 'account', 'password', 'companies');
  check('--account', checkSuperAccount(v.account ?? ''));
  check('--password', checkPassword(v.password ?? ''));
  const ids = (v.companies ?? '').split(',').map((s) => Number(s.trim()));
  if (ids.some((n) => !Number.isInteger(n) || n <= 0)) throw new CliError('--companies: a comma-separated list of company ids');
  await withDatabase(async ({ db }) => {
    const repo = accountsSystemRepository(systemScope(db));
    const known = new Set(await repo.companyIds());
    const unknown = ids.filter((id) => !known.has(id));
    if (unknown.length) throw new CliError(`no such company: ${unknown.join(', ')}`);
    await repo.insertSuperAccount({
      account: v.account ?? '',
      name: v.name ?? '',
      passwordHash: await hashPassword(v.password ?? ''),
      companyIds: ids,
    });
  });
  console.log(`super account ${v.account} created for companies ${ids.join(', ')}`);
}

async function resetPassword(v: Record<string, string | undefined>): Promise<void> {
  need(v, 'password');
  if (!v.email === !v.account) throw new CliError('give exactly one of --email or --account');
  check('--password', checkPassword(v.password ?? ''));
  await withDatabase(async ({ db }) => {
    const passwordHash = await hashPassword(v.password ?? '');
    const repo = accountsSystemRepository(systemScope(db));
    if (v.email) {
      const id = await repo.resetAdminPassword(normalizeEmail(v.email), passwordHash);
      if (!id) throw new CliError(`no company administrator with email ${v.email}`);
      await clearAccountFailures(db, 'admin', id);
      await revokeAccountSessions(db, 'admin', id);
      return;
    }
    const account = v.account ?? '';
    if (account.startsWith('LFT_')) {
      const id = await repo.resetSuperPassword(account, passwordHash);
      if (!id) throw new CliError(`no super account ${account}`);
      await clearAccountFailures(db, 'super', id);
      await revokeAccountSessions(db, 'super', id);
      return;
    }
    check('--account', checkAccountName(account));
    const companyId = v.company === undefined ? undefined : Number(v.company);
    if (companyId !== undefined && !(Number.isInteger(companyId) && companyId > 0)) throw new CliError('--company: the company id');
    const id = await repo.resetStaffPassword(account, passwordHash, companyId);
    if (id === 'ambiguous') throw new CliError(`several companies have a staff account ${account}: give --company <company id>`);
    if (!id) throw new CliError(`no staff account ${account}`);
    await clearAccountFailures(db, 'staff', id);
    await revokeAccountSessions(db, 'staff', id);
  });
  console.log('password reset; the account is unlocked and its sessions ended');
}

async function resetTwoStep(v: Record<string, string | undefined>): Promise<void> {
  if (!v.email === !v.account) throw new CliError('give exactly one of --email or --account');
  const companyId = v.company === undefined ? undefined : Number(v.company);
  if (companyId !== undefined && !(Number.isInteger(companyId) && companyId > 0)) throw new CliError('--company: the company id');
  const removed = await withDatabase(async ({ db }) => {
    const found = await accountsSystemRepository(systemScope(db)).findAccount({
      email: v.email && normalizeEmail(v.email),
      account: v.account,
      companyId,
    });
    if (found === 'ambiguous') throw new CliError(`several companies have a staff account ${v.account}: give --company <company id>`);
    if (!found) throw new CliError(`no account ${v.email ?? v.account}`);
    const count = await forgetPasskeys(systemScope(db), found);
    await revokeAccountSessions(db, found.kind, found.id);
    return count;
  });
  console.log(`two-step sign-in off, ${removed} passkey(s) removed; the account's sessions ended`);
}

function embeddedDir(): string {
  const config = loadConfig();
  if (config.database.kind !== 'pglite')
    throw new CliError('backup and restore are for the embedded database; use pg_dump and pg_restore for PostgreSQL');
  return config.database.dir;
}

/** Stored files (face photos…), beside the database in DATA_DIR, as app.ts opens them. */
function filesRoot(): string {
  return path.join(loadConfig().dataDir, 'files');
}

/** The passphrase of a backup's key: the first line of the file the operator names (never a command-line argument, which `ps` shows). */
function passphrase(v: Record<string, string | undefined>): string | null {
  const file = v['passphrase-file'];
  if (!file) return null;
  let text: string;
  try {
    text = fs.readFileSync(path.resolve(file), 'utf8');
  } catch (err) {
    throw new CliError(`--passphrase-file: ${(err as Error).message}`);
  }
  const phrase = text.split(/\r?\n/)[0] ?? '';
  if (phrase.length < 8) throw new CliError('--passphrase-file: the passphrase (its first line) must have at least 8 characters');
  return phrase;
}

/** The key the server seals secrets with, as it would find it now (SECRET_KEY, else DATA_DIR/secret.key), or null. */
function installationKey(config: Config): { key: Buffer | null; fileText: string | null } {
  if (config.secretKey) return { key: secretKeyFrom(config.secretKey), fileText: null };
  const fileText = secretKeyFile(config.dataDir);
  return { key: fileText ? secretKeyFrom(fileText.trim()) : null, fileText };
}

async function backup(v: Record<string, string | undefined>): Promise<void> {
  need(v, 'out');
  const dir = embeddedDir();
  if (!fs.existsSync(dir)) throw new CliError(`no embedded database at ${dir}`);
  const out = path.resolve(v.out ?? '');
  const phrase = passphrase(v);
  const { key, fileText } = installationKey(loadConfig());
  const keyPart = { fingerprint: key ? keyFingerprint(key) : null, encrypted: fileText && phrase ? encryptKeyFile(fileText, phrase) : null };
  // Under the data lock (withDatabase): no server is writing the database or the files meanwhile.
  const { files } = await withDatabase(async (database) => {
    const dump = await (database.pglite as PGlite).dumpDataDir('gzip');
    return writeBackup(out, Buffer.from(await dump.arrayBuffer()), filesRoot(), keyPart);
  });
  console.log(
    `backup written to ${out} (the database and ${files} stored files${keyPart.encrypted ? ', and secret.key encrypted with your passphrase' : ''})`,
  );
  if (fileText && !phrase)
    console.error(
      'warning: DATA_DIR/secret.key is not in this backup (give --passphrase-file to include it encrypted); keep a copy of it, or the provider passwords in this backup cannot be read after a restore elsewhere',
    );
}

/** Whether a database holds anything sealed with the server's key (provider secrets, links in queued messages). */
async function holdsSealedSecrets(db: PGlite): Promise<boolean> {
  const columns = await db.query<{ t: string; c: string }>(
    `select table_name as t, column_name as c from information_schema.columns where table_schema = 'public' and data_type = 'text'`,
  );
  for (const { t, c } of columns.rows) {
    const q = `select exists(select 1 from "${t.replace(/"/g, '""')}" where "${c.replace(/"/g, '""')}" like 'v1:%' or "${c.replace(/"/g, '""')}" like '%{{sealed:v1:%') as found`;
    if ((await db.query<{ found: boolean }>(q)).rows[0]?.found) return true;
  }
  return false;
}

async function restore(v: Record<string, string | undefined>): Promise<void> {
  need(v, 'in');
  const file = path.resolve(v.in ?? '');
  if (!fs.existsSync(file)) throw new CliError(`no such file: ${file}`);
  const dir = embeddedDir();
  const config = loadConfig();
  const files = filesRoot();
  const release = acquireDataLock(config.dataDir);
  const staging = `${dir}.restoring`;
  const filesStaging = `${files}.restoring`;
  const discard = () => {
    fs.rmSync(staging, { recursive: true, force: true });
    fs.rmSync(filesStaging, { recursive: true, force: true });
  };
  try {
    discard();
    // Unpack and open everything in staging folders first: a bad archive must not touch the live data.
    let restored: { companies: number; files: number | null; sealed: boolean };
    let backup: ReadBackup;
    try {
      backup = await readBackup(file, filesStaging);
      const check = await PGlite.create(staging, { loadDataDir: new Blob([new Uint8Array(backup.dump)]), extensions: PGLITE_EXTENSIONS });
      const count = await check.query<{ n: number }>('select count(*)::int as n from companies');
      const sealed = await holdsSealedSecrets(check);
      await check.close();
      restored = { companies: count.rows[0]?.n ?? 0, files: backup.files, sealed };
    } catch (err) {
      discard();
      throw new CliError(`not a valid backup: ${(err as Error).message}`);
    }
    let keyText: string | null;
    try {
      keyText = restoredKey(config, backup, passphrase(v), restored.sealed);
    } catch (err) {
      discard();
      throw err;
    }
    // Swap in: the current database and files are renamed aside (kept), and put back if any rename fails.
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const kept = `${dir}.before-restore-${stamp}`;
    const keptFiles = `${files}.before-restore-${stamp}`;
    const moved: [string, string][] = [];
    const move = (from: string, to: string) => {
      fs.renameSync(from, to);
      moved.push([from, to]);
    };
    const hadDatabase = fs.existsSync(dir);
    try {
      if (hadDatabase) move(dir, kept);
      move(staging, dir);
      if (restored.files !== null) {
        if (fs.existsSync(files)) move(files, keptFiles);
        move(filesStaging, files);
      }
    } catch (err) {
      for (const [from, to] of moved.reverse()) fs.renameSync(to, from);
      discard();
      throw new CliError(`restore failed, the current data is unchanged: ${(err as Error).message}`);
    }
    const keyFile = path.join(config.dataDir, 'secret.key');
    const keptKey = `${keyFile}.before-restore-${stamp}`;
    const current = secretKeyFile(config.dataDir);
    const replaceKey = keyText !== null && keyText !== current;
    if (replaceKey) {
      if (current !== null) fs.renameSync(keyFile, keptKey);
      fs.writeFileSync(keyFile, keyText ?? '', { mode: 0o600 });
    }
    // Say what was kept only when there was something to keep (an empty data folder had no previous database).
    const keptParts = [
      hadDatabase && `the previous database is kept at ${kept}`,
      moved.some(([f]) => f === files) && `the previous files at ${keptFiles}`,
      replaceKey && current !== null && `the previous secret.key at ${keptKey}`,
    ].filter(Boolean);
    const what =
      restored.files === null
        ? `restored ${restored.companies} companies from ${file} (a database-only backup: stored files left as they are)`
        : `restored ${restored.companies} companies and ${restored.files} stored files from ${file}`;
    console.log(`${what}${replaceKey ? ', and its secret.key' : ''}${keptParts.length ? `; ${keptParts.join(', ')}` : ''}`);
  } finally {
    release();
  }
}

/**
 * The key file a restore writes (the backup's, decrypted with the passphrase), or null to keep the installation's.
 * Refuses, before anything is changed, a restore whose sealed secrets the key in use afterwards could not open.
 */
function restoredKey(config: Config, backup: ReadBackup, phrase: string | null, sealed: boolean): string | null {
  let keyText: string | null = null;
  if (backup.encryptedKey && phrase) {
    try {
      keyText = decryptKeyFile(backup.encryptedKey, phrase);
    } catch {
      throw new CliError("the passphrase does not open the backup's secret.key; nothing was changed");
    }
  }
  if (!sealed || !backup.keyFingerprint) return config.secretKey ? null : keyText;
  const after = config.secretKey ? secretKeyFrom(config.secretKey) : keyText ? secretKeyFrom(keyText.trim()) : installationKey(config).key;
  if (after && keyFingerprint(after) === backup.keyFingerprint) return config.secretKey ? null : keyText;
  const how = config.secretKey
    ? 'set SECRET_KEY to the one the backup was made with'
    : backup.encryptedKey
      ? "give --passphrase-file with the backup's passphrase to restore its secret.key"
      : 'put the secret.key of the machine the backup was made on in DATA_DIR';
  throw new CliError(
    `the backup's provider secrets are sealed with another key than this installation's, so they could not be read: ${how}, and run restore again; nothing was changed`,
  );
}

/** Each company's chain checked as the console's check does it (platform/http/auditChain.ts); 1 when one is broken. */
async function verifyLog(v: Record<string, string | undefined>): Promise<number> {
  const config = loadConfig();
  const { key } = installationKey(config);
  if (!key) throw new CliError('no server key (SECRET_KEY or DATA_DIR/secret.key): the log was chained with it');
  const only = v.company === undefined ? null : Number(v.company);
  if (only !== null && !(Number.isInteger(only) && only > 0)) throw new CliError('--company: a company id');
  return withDatabase(async ({ db }) => {
    const secrets = secretBox(key);
    const ids = only !== null ? [only] : await chainedCompanies(db);
    let broken = 0;
    for (const id of ids) {
      const r = await verifyChain(db, secrets, id);
      const pending = r.pending ? `, ${r.pending} older entries not sealed in yet` : '';
      const b = r.firstBroken;
      if (!b) console.log(`company ${id}: intact, ${r.checked} entries${pending}`);
      else {
        broken += 1;
        const at = b.seq === null ? 'an entry outside the chain' : `entry ${b.seq}`;
        const row = b.id === null ? 'removed' : `id ${b.id}, ${b.oTime?.toISOString()}`;
        console.log(`company ${id}: BROKEN at ${at} (${row}): ${b.reason}; ${r.checked} entries intact before it${pending}`);
      }
    }
    return broken ? 1 : 0;
  });
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const { values } = parseArgs({
    args: rest,
    options: Object.fromEntries(
      ['company', 'email', 'password', 'name', 'phone', 'lang', 'account', 'companies', 'out', 'in', 'passphrase-file'].map((n) => [
        n,
        { type: 'string' as const },
      ]),
    ),
    strict: true,
  });
  const v = values as Record<string, string | undefined>;
  switch (command) {
    case 'create-company':
      await createCompany(v);
      return 0;
    case 'create-super-account':
      await createSuperAccount(v);
      return 0;
    case 'reset-two-step':
      await resetTwoStep(v);
      return 0;
    case 'reset-password':
      await resetPassword(v);
      return 0;
    case 'verify-log':
      return verifyLog(v);
    case 'migrate':
      await withDatabase(async () => {});
      console.log('migrations applied');
      return 0;
    case 'backup':
      await backup(v);
      return 0;
    case 'restore':
      await restore(v);
      return 0;
    default:
      console.log(USAGE);
      return command && command !== 'help' && command !== '--help' ? 2 : 0;
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    if (err instanceof CliError || err instanceof DataDirBusyError || err instanceof ConfigError) console.error(`error: ${err.message}`);
    else if ((err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) console.error(`error: ${(err as Error).message}\n\n${USAGE}`);
    else console.error(err);
    process.exit(1);
  },
);
