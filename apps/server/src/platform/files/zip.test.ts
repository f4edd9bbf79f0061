import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { zipSync } from 'fflate';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { eventually } from '../../../test/timeouts.js';
import { Slots, SlotsBusy } from '../jobs/slots.js';
import { ARCHIVE_JOBS, withZip, ZipRejected } from './zip.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openvisit-zip-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

let n = 0;
function archive(bytes: Uint8Array | Buffer): string {
  const file = path.join(dir, `a${n++}.zip`);
  fs.writeFileSync(file, bytes);
  return file;
}

const LIMITS = { maxEntries: 10, maxEntryBytes: 1024 * 1024, maxTotalBytes: 3 * 1024 * 1024 };
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => 'accepted',
    (e: unknown) => (e instanceof ZipRejected ? e.problem : String(e)),
  );

describe('withZip: an archive on disk, checked whole, then read one entry at a time', () => {
  it('lists the files (last path part, junk skipped) with their first bytes, and reads each', async () => {
    const file = archive(
      zipSync({
        'a/b/one.jpg': Buffer.from('\xff\xd8\xff-one', 'latin1'),
        '../two.txt': Buffer.from('two'),
        '__MACOSX/._x': Buffer.from('x'),
        '.hidden': Buffer.from('h'),
      }),
    );
    const seen = await withZip(file, LIMITS, async (zip) => {
      const out: [string, number, string, string][] = [];
      for (const e of zip.entries) out.push([e.name, e.size, e.head.toString('latin1'), (await zip.read(e)).toString('latin1')]);
      return out;
    });
    expect(seen).toEqual([
      ['one.jpg', 7, '\xff\xd8\xff-one', '\xff\xd8\xff-one'],
      ['two.txt', 3, 'two', 'two'],
    ]);
  });

  it('refuses a bomb by its declared sizes, one entry or many, before the caller sees it', async () => {
    const use = vi.fn(async () => 'used');
    const big = archive(zipSync({ 'x.jpg': new Uint8Array(2 * 1024 * 1024) }, { level: 9 }));
    const many = archive(zipSync(Object.fromEntries(Array.from({ length: 4 }, (_, i) => [`${i}.jpg`, new Uint8Array(1024 * 1024)])), { level: 9 }));
    const count = archive(zipSync(Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`${i}.jpg`, new Uint8Array(1)]))));
    expect(await refusal(withZip(big, LIMITS, use))).toBe('tooLarge');
    expect(await refusal(withZip(many, LIMITS, use))).toBe('tooLarge');
    expect(await refusal(withZip(count, LIMITS, use))).toBe('tooManyEntries');
    expect(use).not.toHaveBeenCalled();
  });

  it('refuses a lying archive (sizes understated) and anything not a zip, before the caller sees it', async () => {
    const use = vi.fn(async () => 'used');
    const lying = Buffer.from(zipSync({ 'ok.jpg': new Uint8Array(10), 'x.jpg': new Uint8Array(2 * 1024 * 1024) }, { level: 9 }));
    // The second entry's local header and its central directory record both claim 100 bytes.
    const second = lying.indexOf(Buffer.from('PK\x03\x04', 'latin1'), 4);
    lying.writeUInt32LE(100, second + 22);
    const cd = lying.lastIndexOf(Buffer.from('PK\x01\x02', 'latin1'));
    lying.writeUInt32LE(100, cd + 24);
    expect(await refusal(withZip(archive(lying), LIMITS, use))).toBe('notZip');
    expect(await refusal(withZip(archive(Buffer.from('%PDF-1.4 not a zip')), LIMITS, use))).toBe('notZip');
    expect(await refusal(withZip(archive(lying.subarray(0, 40)), LIMITS, use))).toBe('notZip');
    expect(use).not.toHaveBeenCalled();
  });

  it('runs a bounded number of archive jobs at once; the line waits, past it a newcomer is told busy', async () => {
    const file = archive(zipSync({ 'a.jpg': new Uint8Array(10) }));
    let open!: () => void;
    const gate = new Promise<void>((r) => {
      open = r;
    });
    let running = 0;
    let most = 0;
    const job = () =>
      withZip(file, LIMITS, async () => {
        running++;
        most = Math.max(most, running);
        await gate;
        running--;
        return 'done';
      });
    const held = Array.from({ length: ARCHIVE_JOBS.size + ARCHIVE_JOBS.maxWaiting }, job);
    expect(await refusal(job())).toBe('busy');
    // Those holding a slot reach the caller's work; the others stay in line.
    expect(await eventually(() => running === ARCHIVE_JOBS.size)).toBe(true);
    open();
    expect(await Promise.all(held)).toEqual(held.map(() => 'done'));
    expect(most).toBe(ARCHIVE_JOBS.size);
    // Freed again: the next one runs.
    expect(await job()).toBe('done');
  });
});

describe('Slots', () => {
  afterEach(() => vi.useRealTimers());

  it('hands a freed slot to the first in line; one that waited its longest is refused and leaves the line', async () => {
    vi.useFakeTimers();
    const slots = new Slots({ size: 1, maxWaiting: 2, maxWaitMs: 1000 });
    const order: string[] = [];
    let release!: () => void;
    const first = slots.run(() => new Promise<void>((r) => (release = r)).then(() => order.push('first')));
    const busy = (e: unknown) => (e instanceof SlotsBusy ? 'busy' : e);
    const second = slots.run(async () => order.push('second')).catch(busy);
    const late = slots.run(async () => order.push('late')).catch(busy);
    expect(slots.load).toEqual({ running: 1, waiting: 2 });
    await vi.advanceTimersByTimeAsync(1000);
    expect([await second, await late]).toEqual(['busy', 'busy']);
    expect(slots.load).toEqual({ running: 1, waiting: 0 });
    const third = slots.run(async () => order.push('third'));
    release();
    await Promise.all([first, third]);
    expect(order).toEqual(['first', 'third']);
    expect(slots.load).toEqual({ running: 0, waiting: 0 });
  });
});
