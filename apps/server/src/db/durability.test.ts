import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { openPglite } from './client.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openvisit-durable-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('the embedded database in a data folder', () => {
  it('runs with fsync on and waits for the disk at each commit', async () => {
    const database = await openPglite(path.join(dir, 'pgdata'));
    const pglite = database.pglite;
    if (!pglite) throw new Error('not PGlite');
    try {
      expect((await pglite.query<{ fsync: string }>('SHOW fsync')).rows[0]?.fsync).toBe('on');
      await pglite.exec('CREATE TABLE acknowledged (n int)');
      const fsync = vi.spyOn(fs, 'fsyncSync');
      await pglite.query('INSERT INTO acknowledged VALUES (1)');
      // The commit's WAL record reached the disk before the insert returned.
      expect(fsync).toHaveBeenCalled();
      fsync.mockRestore();
    } finally {
      await database.close();
    }
  });
});
