import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeMp4, topLevelBoxes } from '../../../test/videos.js';
import { mp4Duration } from './mp4.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openvisit-mp4test-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A 1×1 PNG: a picture renamed .mp4 is refused by content. */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' + '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

describe('mp4Duration', () => {
  it('reads the duration of an MP4 whose moov comes last (ffmpeg’s default)', async () => {
    const file = makeMp4({ seconds: 3, dir });
    expect(topLevelBoxes(file).indexOf('moov')).toBeGreaterThan(topLevelBoxes(file).indexOf('mdat'));
    const d = await durationOf(file);
    expect(d).toBeGreaterThanOrEqual(2900);
    expect(d).toBeLessThanOrEqual(3100);
  });

  it('reads the duration of a faststart MP4 (moov right after ftyp)', async () => {
    const file = makeMp4({ seconds: 2, faststart: true, dir });
    expect(topLevelBoxes(file).slice(0, 2)).toEqual(['ftyp', 'moov']);
    const d = await durationOf(file);
    expect(d).toBeGreaterThanOrEqual(1900);
    expect(d).toBeLessThanOrEqual(2100);
  });

  it('reads a 64-bit (version 1) mvhd', async () => {
    // ftyp, then moov holding an mvhd of version 1: timescale 1000, duration 12,345.
    const ftyp = Buffer.concat([u32(16), Buffer.from('ftypisom'), u32(0)]);
    const mvhdBody = Buffer.alloc(4 + 8 + 8 + 4 + 8);
    mvhdBody[0] = 1;
    mvhdBody.writeUInt32BE(1000, 20);
    mvhdBody.writeBigUInt64BE(12_345n, 24);
    const mvhd = Buffer.concat([u32(8 + mvhdBody.length), Buffer.from('mvhd'), mvhdBody]);
    const moov = Buffer.concat([u32(8 + mvhd.length), Buffer.from('moov'), mvhd]);
    const file = path.join(dir, 'v1.mp4');
    fs.writeFileSync(file, Buffer.concat([ftyp, moov]));
    expect(await mp4Duration(file)).toEqual({ durationMs: 12_345 });
  });

  it('answers the bytes that are no whole box after an MP4 (moov last or first), and a duration once they are a box', async () => {
    for (const faststart of [false, true]) {
      const original = makeMp4({ seconds: 1, faststart, dir });
      const whole = fs.readFileSync(original);
      const junk = path.join(dir, `junk-${faststart}.mp4`);
      fs.writeFileSync(junk, Buffer.concat([whole, Buffer.alloc(70_000, 0x41)]));
      expect(await mp4Duration(junk), `faststart ${faststart}`).toEqual({ trailingBytes: 70_000 });
      // The same bytes as a free box (what encoders pad with) end where the file ends: taken.
      const padded = path.join(dir, `padded-${faststart}.mp4`);
      fs.writeFileSync(padded, Buffer.concat([whole, u32(70_008), Buffer.from('free'), Buffer.alloc(70_000)]));
      const duration = await mp4Duration(original);
      expect(duration).toEqual({ durationMs: expect.any(Number) });
      expect(await mp4Duration(padded), `faststart ${faststart}`).toEqual(duration);
    }
  });

  it('refuses a PNG named .mp4, a truncated MP4 and an empty file', async () => {
    const png = path.join(dir, 'picture.mp4');
    fs.writeFileSync(png, PNG);
    expect(await mp4Duration(png)).toBeNull();
    // Cut before its moov (which comes last): an ftyp, but no duration to read.
    const whole = fs.readFileSync(makeMp4({ seconds: 1, dir }));
    const cut = path.join(dir, 'cut.mp4');
    fs.writeFileSync(cut, whole.subarray(0, Math.floor(whole.length / 2)));
    expect(await mp4Duration(cut)).toBeNull();
    const empty = path.join(dir, 'empty.mp4');
    fs.writeFileSync(empty, '');
    expect(await mp4Duration(empty)).toBeNull();
  });
});

/** The duration read, or undefined when the file was refused. */
async function durationOf(file: string): Promise<number | undefined> {
  const d = await mp4Duration(file);
  return d && 'durationMs' in d ? d.durationMs : undefined;
}

function u32(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
}
