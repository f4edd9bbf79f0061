import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A real MP4 made by ffmpeg (Debian's package, installed by the CI script): a short test picture and tone. Without
 * `faststart` the `moov` box comes last, as ffmpeg writes it by default; with it, right after `ftyp`.
 */
export function makeMp4(opts: { seconds?: number; faststart?: boolean; dir?: string } = {}): string {
  const dir = opts.dir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'openvisit-mp4-'));
  const file = path.join(dir, `${opts.faststart ? 'faststart' : 'plain'}-${opts.seconds ?? 2}s.mp4`);
  const seconds = String(opts.seconds ?? 2);
  execFileSync(
    'ffmpeg',
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      `testsrc=size=160x120:rate=10:duration=${seconds}`,
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=440:duration=${seconds}`,
      '-c:v',
      'libx264',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-shortest',
      ...(opts.faststart ? ['-movflags', '+faststart'] : []),
      file,
    ],
    { stdio: 'pipe' },
  );
  return file;
}

/** The order of a file's top-level MP4 boxes (type names), to check what the encoder wrote. */
export function topLevelBoxes(file: string): string[] {
  const bytes = fs.readFileSync(file);
  const types: string[] = [];
  for (let at = 0; at + 8 <= bytes.length; ) {
    const size = bytes.readUInt32BE(at);
    types.push(bytes.toString('latin1', at + 4, at + 8));
    if (size < 8) break;
    at += size;
  }
  return types;
}
