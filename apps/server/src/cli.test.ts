import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { scaled } from '../test/timeouts.js';
import { openPglite } from './db/client.js';
import { acquireDataLock, DataDirBusyError } from './db/lock.js';
import { FolderFileStore } from './platform/files/files.js';
import { appendChained } from './platform/http/auditChain.js';
import { openSecret, sealSecret, secretBox, secretKeyFrom } from './platform/identity/crypto.js';
import { serverSecretKey } from './platform/identity/secretKey.js';

/**
 * The CLI as operators run it: bundled by the server's own build (into a folder of this file's, so the bundle tests the
 * source as it is now), then one `node cli.js` per command. Run through tsx instead, each command spent some 6 s of
 * CPU compiling the server's modules before doing anything.
 */
const serverDir = path.resolve(import.meta.dirname, '..');
fs.mkdirSync(path.join(serverDir, 'dist'), { recursive: true });
const bundleDir = fs.mkdtempSync(path.join(serverDir, 'dist', 'cli-test-'));
const built = spawnSync(process.execPath, [path.join(serverDir, 'build.mjs'), bundleDir], { encoding: 'utf8', timeout: scaled(120_000) });
if (built.status !== 0) throw new Error(`the CLI bundle did not build:\n${built.stderr}`);
const cliPath = path.join(bundleDir, 'cli.js');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'openvisit-cli-'));

function cli(...args: string[]) {
  return cliIn(dataDir, ...args);
}

function cliIn(dir: string, ...args: string[]) {
  const { DATABASE_URL: _ignored, SECRET_KEY: _key, ...env } = process.env;
  const r = spawnSync(process.execPath, [cliPath, ...args], {
    env: { ...env, DATA_DIR: dir },
    encoding: 'utf8',
    // A hang's bound: each command opens the database, which a loaded machine makes slow.
    timeout: scaled(240_000),
  });
  return { code: r.status, out: r.stdout.trim(), err: r.stderr.trim() };
}

describe('operator CLI on the embedded database', () => {
  afterAll(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(bundleDir, { recursive: true, force: true });
  });

  it(
    'creates an activated company and prints its id; refuses duplicates and bad input clearly',
    () => {
      const ok = cli('create-company', '--company', 'CLI Co', '--email', 'Boss@Example.com', '--password', 'Boss#2026');
      expect(ok.code).toBe(0);
      expect(ok.out).toMatch(/^\d+$/);
      const dup = cli('create-company', '--company', 'cli co', '--email', 'other@example.com', '--password', 'Boss#2026');
      expect(dup.code).toBe(1);
      expect(dup.err).toMatch(/already exists/);
      const bad = cli('create-company', '--company', 'X', '--email', 'nope', '--password', '123');
      expect(bad.code).toBe(1);
      expect(bad.err).toMatch(/--email: format/);
      expect(cli('create-company').err).toMatch(/missing --company, --email, --password/);
    },
    scaled(600_000),
  );

  it(
    'resets a password, backs up and restores',
    async () => {
      expect(cli('reset-password', '--email', 'boss@example.com', '--password', 'Fresh#2026').code).toBe(0);
      expect(cli('reset-password', '--email', 'ghost@example.com', '--password', 'Fresh#2026').err).toMatch(/no company administrator/);
      // A person who lost every passkey and recovery code: the operator turns the two steps off.
      const keys = await openPglite(path.join(dataDir, 'pgdata'));
      const [boss] = (await keys.pglite?.query<{ id: number }>(`select id from companies where email = 'boss@example.com'`))?.rows ?? [];
      await keys.pglite?.query(
        `insert into passkeys (company_id, account_kind, account_id, credential_id, public_key, name) values ($1, 'admin', $1, 'cred', 'key', 'Phone')`,
        [boss?.id],
      );
      await keys.pglite?.query(`insert into sign_in_factors (account_kind, account_id, company_id) values ('admin', $1, $1)`, [boss?.id]);
      await keys.close();
      expect(cli('reset-two-step', '--email', 'Boss@example.com').out).toMatch(/two-step sign-in off, 1 passkey\(s\) removed/);
      expect(cli('reset-two-step', '--account', 'nobody').err).toMatch(/no account nobody/);
      const after = await openPglite(path.join(dataDir, 'pgdata'));
      const left = await after.pglite?.query<{ n: number }>(`select (select count(*) from passkeys) + (select count(*) from sign_in_factors) as n`);
      await after.close();
      expect(Number(left?.rows[0]?.n)).toBe(0);
      const backup = path.join(dataDir, 'b.tar.gz');
      expect(cli('backup', '--out', backup).code).toBe(0);
      expect(cli('create-company', '--company', 'After Backup', '--email', 'after@example.com', '--password', 'Boss#2026').code).toBe(0);
      const restored = cli('restore', '--in', backup);
      expect(restored.code).toBe(0);
      expect(restored.out).toMatch(/restored 1 companies/);
      const db = await openPglite(path.join(dataDir, 'pgdata'));
      const rows = await db.pglite?.query<{ email: string }>('select email from companies');
      await db.close();
      expect(rows?.rows.map((r) => r.email)).toEqual(['boss@example.com']);
      expect(cli('restore', '--in', path.join(dataDir, 'missing.tar.gz')).err).toMatch(/no such file/);
    },
    scaled(600_000),
  );

  it(
    "backs up secret.key encrypted with the operator's passphrase; a restore on a new machine needs it or refuses",
    async () => {
      // A provider password sealed with this installation's key (as the notifications module stores it).
      const key = serverSecretKey({ dataDir }); // made on the server's first start
      const db = await openPglite(path.join(dataDir, 'pgdata'));
      const [company] = (await db.pglite?.query<{ id: number }>('select id from companies limit 1'))?.rows ?? [];
      await db.pglite?.query(`insert into notify_configs (company_id, channel, secret) values ($1, 'email', $2)`, [
        company?.id,
        sealSecret(key, 'smtp-password'),
      ]);
      await db.close();
      const phrase = path.join(dataDir, 'phrase.txt');
      fs.writeFileSync(phrase, 'correct horse battery staple\n');
      const backup = path.join(dataDir, 'with-key.tar.gz');
      const made = cli('backup', '--out', backup, '--passphrase-file', phrase);
      expect(made.code, made.err).toBe(0);
      expect(made.out).toMatch(/secret\.key/);
      expect(fs.readFileSync(backup).includes(fs.readFileSync(path.join(dataDir, 'secret.key')))).toBe(false);

      // A new machine: an empty data folder.
      const fresh = fs.mkdtempSync(path.join(os.tmpdir(), 'openvisit-cli-new-'));
      try {
        const refused = cliIn(fresh, 'restore', '--in', backup);
        expect(refused.code).toBe(1);
        expect(refused.err).toMatch(/secret\.key|--passphrase-file/);
        expect(fs.existsSync(path.join(fresh, 'pgdata'))).toBe(false);
        const wrong = path.join(fresh, 'wrong.txt');
        fs.writeFileSync(wrong, 'not the phrase');
        const bad = cliIn(fresh, 'restore', '--in', backup, '--passphrase-file', wrong);
        expect(bad.code).toBe(1);
        expect(bad.err).toMatch(/passphrase/);
        expect(fs.existsSync(path.join(fresh, 'pgdata'))).toBe(false);

        const restored = cliIn(fresh, 'restore', '--in', backup, '--passphrase-file', phrase);
        expect(restored.code, restored.err).toBe(0);
        // Nothing was there before: no claim of a kept previous database.
        expect(restored.out).not.toMatch(/previous database is kept/);
        expect(fs.readFileSync(path.join(fresh, 'secret.key'), 'utf8')).toBe(fs.readFileSync(path.join(dataDir, 'secret.key'), 'utf8'));
        const copy = await openPglite(path.join(fresh, 'pgdata'));
        const rows = (await copy.pglite?.query<{ secret: string }>('select secret from notify_configs'))?.rows ?? [];
        await copy.close();
        const restoredKey = secretKeyFrom(fs.readFileSync(path.join(fresh, 'secret.key'), 'utf8').trim());
        expect(openSecret(restoredKey, rows[0]?.secret ?? '')).toBe('smtp-password');
      } finally {
        fs.rmSync(fresh, { recursive: true, force: true });
      }
    },
    scaled(900_000),
  );

  it(
    'backs up the stored files with the database and restores them; a bad archive changes nothing',
    async () => {
      const files = new FolderFileStore(path.join(dataDir, 'files'));
      const photo = Buffer.from('a face photo \u0000\u00ff'.repeat(300));
      await files.put('faces/1/1-abc123.jpg', photo);
      await files.put('visits/1/2-pdf.pdf', Buffer.alloc(0));
      const backup = path.join(dataDir, 'with-files.tar.gz');
      const made = cli('backup', '--out', backup);
      expect(made.code).toBe(0);
      expect(made.out).toMatch(/the database and 2 stored files/);
      await files.remove('faces/1/1-abc123.jpg');
      await files.put('faces/1/9-later.jpg', Buffer.from('after the backup'));
      expect(await files.read('faces/1/1-abc123.jpg')).toBeUndefined();

      const restored = cli('restore', '--in', backup);
      expect(restored.code).toBe(0);
      expect(restored.out).toMatch(/restored 1 companies and 2 stored files/);
      expect(await files.read('faces/1/1-abc123.jpg')).toEqual(photo);
      expect(await files.read('visits/1/2-pdf.pdf')).toEqual(Buffer.alloc(0));
      // The files as they were before the restore are kept aside, not deleted.
      expect(await files.read('faces/1/9-later.jpg')).toBeUndefined();
      const kept = fs.readdirSync(dataDir).find((n) => n.startsWith('files.before-restore-'));
      expect(kept && fs.readFileSync(path.join(dataDir, kept, 'faces', '1', '9-later.jpg'), 'utf8')).toBe('after the backup');

      // A damaged archive (cut short) and a file that is no archive at all: refused, the live data untouched.
      const cut = path.join(dataDir, 'cut.tar.gz');
      fs.writeFileSync(cut, fs.readFileSync(backup).subarray(0, 2000));
      const garbage = path.join(dataDir, 'garbage.tar.gz');
      fs.writeFileSync(garbage, 'not a backup');
      for (const bad of [cut, garbage]) {
        const r = cli('restore', '--in', bad);
        expect(r.code).toBe(1);
        expect(r.err).toMatch(/not a valid backup/);
      }
      expect(await files.read('faces/1/1-abc123.jpg')).toEqual(photo);
      expect(fs.existsSync(path.join(dataDir, 'files.restoring'))).toBe(false);
      expect(fs.existsSync(path.join(dataDir, 'pgdata.restoring'))).toBe(false);

      // A backup from before files were included (the bare database dump) restores the database and leaves files be.
      const db = await openPglite(path.join(dataDir, 'pgdata'));
      const legacy = path.join(dataDir, 'legacy.tar.gz');
      const dump = await (db.pglite as PGlite).dumpDataDir('gzip');
      fs.writeFileSync(legacy, Buffer.from(await dump.arrayBuffer()));
      await db.close();
      const old = cli('restore', '--in', legacy);
      expect(old.code).toBe(0);
      expect(old.out).toMatch(/restored 1 companies .*database-only backup/);
      expect(await files.read('faces/1/1-abc123.jpg')).toEqual(photo);
    },
    scaled(900_000),
  );

  it(
    "verifies each company's operation-log chain and names the entry changed in the database",
    async () => {
      const db = await openPglite(path.join(dataDir, 'pgdata'));
      const secrets = secretBox(serverSecretKey({ dataDir }));
      const company = (await db.pglite?.query<{ id: number }>('select id from companies order by id limit 1'))?.rows[0]?.id ?? 0;
      for (const objName of ['first', 'second', 'third'])
        await appendChained(db.db, secrets, {
          companyId: company,
          optId: 'admin',
          optName: 'Admin',
          optRole: 0,
          ipAddr: '',
          objId: '',
          optEvent: 'add',
          optClient: 0,
          optModule: 1,
          objName,
          optDesc: '',
          descKey: null,
          descParams: null,
          details: null,
          oTime: new Date(),
        });
      await db.close();
      const intact = cli('verify-log');
      expect(intact).toEqual({ code: 0, out: expect.stringMatching(new RegExp(`company ${company}: intact, 3 entries`)), err: '' });
      const again = await openPglite(path.join(dataDir, 'pgdata'));
      await again.pglite?.query(`update operation_logs set obj_name = 'other' where company_id = ${company} and seq = 2`);
      await again.close();
      const broken = cli('verify-log', '--company', String(company));
      expect(broken.code).toBe(1);
      expect(broken.out).toMatch(new RegExp(`company ${company}: BROKEN at entry 2 \\(id \\d+, .+\\): changed; 1 entries intact before it`));
      expect(cli('verify-log', '--company', 'x').err).toMatch(/--company: a company id/);
    },
    scaled(600_000),
  );

  it(
    'refuses to touch the embedded database while another process holds it',
    async () => {
      const holder: ChildProcess = spawn(
        process.execPath,
        [
          '--import',
          'tsx',
          '-e',
          `import('${path.resolve(import.meta.dirname, 'db/lock.ts')}').then(m => { m.acquireDataLock('${dataDir}'); console.log('held'); setInterval(() => {}, 1000); })`,
        ],
        { stdio: ['ignore', 'pipe', 'inherit'] },
      );
      await new Promise<void>((resolve) => holder.stdout?.once('data', () => resolve()));
      try {
        expect(() => acquireDataLock(dataDir)).toThrow(DataDirBusyError);
        const r = cli('create-company', '--company', 'Busy Co', '--email', 'busy@example.com', '--password', 'Boss#2026');
        expect(r.code).toBe(1);
        expect(r.err).toMatch(/in use by a running OpenVisit server/);
      } finally {
        holder.kill('SIGKILL');
        await new Promise((r) => holder.once('exit', r));
      }
      // A lock left by a dead process is taken over.
      const release = acquireDataLock(dataDir);
      release();
    },
    scaled(600_000),
  );
});
