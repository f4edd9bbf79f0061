import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readTarGz, type TarEntry, writeTarGz } from './tar.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openvisit-tar-'));

async function readAll(file: string): Promise<TarEntry[]> {
  const out: TarEntry[] = [];
  for await (const e of readTarGz(file)) out.push(e);
  return out;
}

describe('tar.gz for backups', () => {
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const long = `files/${'d'.repeat(120)}/${'f'.repeat(90)}.jpg`;
  const entries: TarEntry[] = [
    { name: 'a.json', bytes: Buffer.from('{"x":1}') },
    { name: 'files/faces/1/empty.jpg', bytes: Buffer.alloc(0) },
    { name: 'files/faces/1/block.bin', bytes: Buffer.alloc(512, 7) },
    { name: long, bytes: Buffer.from('long name') },
    { name: 'files/访客/照片.jpg', bytes: Buffer.alloc(70_000, 1) },
  ];

  it('reads back what it wrote, names over 100 bytes and empty files included', async () => {
    const file = path.join(dir, 'a.tar.gz');
    await writeTarGz(file, entries);
    expect(await readAll(file)).toEqual(entries);
  });

  it('writes archives the system tar reads', async () => {
    const file = path.join(dir, 'b.tar.gz');
    await writeTarGz(file, entries);
    const listed = spawnSync('tar', ['-tzf', file], { encoding: 'utf8' });
    expect(listed.status).toBe(0);
    expect(listed.stdout.trim().split('\n')).toEqual(entries.map((e) => e.name));
  });

  it('refuses a cut archive, a bad header and a name too long to store', async () => {
    const file = path.join(dir, 'c.tar.gz');
    await writeTarGz(file, entries);
    const cut = path.join(dir, 'cut.tar.gz');
    fs.writeFileSync(cut, fs.readFileSync(file).subarray(0, 300));
    await expect(readAll(cut)).rejects.toThrow();
    const { gzipSync } = await import('node:zlib');
    const bad = path.join(dir, 'bad.tar.gz');
    fs.writeFileSync(bad, gzipSync(Buffer.alloc(1024, 65)));
    await expect(readAll(bad)).rejects.toThrow(/bad header checksum/);
    await expect(writeTarGz(path.join(dir, 'd.tar.gz'), [{ name: 'x'.repeat(300), bytes: Buffer.alloc(1) }])).rejects.toThrow(/too long/);
    // Nothing half-written is left (nor appears later, once the file stream has finished opening).
    await new Promise((r) => setTimeout(r, 50));
    expect(fs.existsSync(path.join(dir, 'd.tar.gz'))).toBe(false);
  });
});
