import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { checkAccountName, checkCompanyName, checkEmail, checkPassword, checkSuperAccount, normalizeEmail } from '@openvisit/contract';
import { ConfigError, loadConfig } from './config.js';
import { readBackup, writeBackup } from './db/backup.js';
import { type Database, openDatabase, PGLITE_EXTENSIONS } from './db/client.js';
import { acquireDataLock, DataDirBusyError } from './db/lock.js';
import { accountsSystemRepository } from './modules/accounts/accounts.system.repository.js';
import { hashPassword } from './platform/crypto.js';
import { revokeAccountSessions } from './platform/sessions.js';
import { clearAccountFailures } from './platform/signinGuard.js';
import { systemScope } from './platform/tenancy.js';

const USAGE = `OpenVisit operator commands (npm run cli -- <command> [options])

  create-company --company <name> --email <email> --password <password> [--name <admin name>] [--phone <phone>] [--lang zh|en]
      Creates an activated company and its administrator; prints the company id.
  create-super-account --account LFT_<name> --password <password> --companies <id,id,...> [--name <name>]
      Creates a headquarters account that oversees the listed companies.
  reset-password (--email <admin email> | --account <staff or LFT_ account> [--company <company id>]) --password <password>
      Sets a new password, clears any lockout and ends the account's sessions. A staff name several companies hold
      needs --company.
  migrate
      Applies pending database migrations (the server also does this at start-up).
  backup --out <file.tar.gz>
      Copies the embedded database and the stored files (DATA_DIR/files) to one file (embedded database only; the
      server must be stopped).
  restore --in <file.tar.gz>
      Replaces the embedded database and the stored files with a backup, checked in staging folders first; the
      current ones are kept beside them as pgdata.before-restore-<time> and files.before-restore-<time>.

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

async function backup(v: Record<string, string | undefined>): Promise<void> {
  need(v, 'out');
  const dir = embeddedDir();
  if (!fs.existsSync(dir)) throw new CliError(`no embedded database at ${dir}`);
  const out = path.resolve(v.out ?? '');
  // Under the data lock (withDatabase): no server is writing the database or the files meanwhile.
  const { files } = await withDatabase(async (database) => {
    const dump = await (database.pglite as PGlite).dumpDataDir('gzip');
    return writeBackup(out, Buffer.from(await dump.arrayBuffer()), filesRoot());
  });
  console.log(`backup written to ${out} (the database and ${files} stored files)`);
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
    let restored: { companies: number; files: number | null };
    try {
      const backup = await readBackup(file, filesStaging);
      const check = await PGlite.create(staging, { loadDataDir: new Blob([new Uint8Array(backup.dump)]), extensions: PGLITE_EXTENSIONS });
      const count = await check.query<{ n: number }>('select count(*)::int as n from companies');
      await check.close();
      restored = { companies: count.rows[0]?.n ?? 0, files: backup.files };
    } catch (err) {
      discard();
      throw new CliError(`not a valid backup: ${(err as Error).message}`);
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
    try {
      if (fs.existsSync(dir)) move(dir, kept);
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
    console.log(
      restored.files === null
        ? `restored ${restored.companies} companies from ${file} (a database-only backup: stored files left as they are); the previous database is kept at ${kept}`
        : `restored ${restored.companies} companies and ${restored.files} stored files from ${file}; the previous database is kept at ${kept}${moved.some(([f]) => f === files) ? ` and the previous files at ${keptFiles}` : ''}`,
    );
  } finally {
    release();
  }
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const { values } = parseArgs({
    args: rest,
    options: Object.fromEntries(
      ['company', 'email', 'password', 'name', 'phone', 'lang', 'account', 'companies', 'out', 'in'].map((n) => [n, { type: 'string' as const }]),
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
    case 'reset-password':
      await resetPassword(v);
      return 0;
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
