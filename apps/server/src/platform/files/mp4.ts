import fs from 'node:fs/promises';

/**
 * Reads an MP4 file's top-level boxes from disk, a few bytes at a time (never the whole file): the first box must be
 * `ftyp`; `moov` may come anywhere (after `ftyp` when "faststart", at the end as most encoders write it); its `mvhd`
 * gives the duration. The boxes must fill the file exactly: bytes after the last box, or a last box cut short, answer
 * `trailingBytes` (how many bytes are not a whole box) rather than a duration, so a video cannot carry anything else
 * (150 MB of junk after a valid MP4 were taken). Null when the file is not an MP4 or has no readable duration.
 */
export async function mp4Duration(file: string): Promise<{ durationMs: number } | { trailingBytes: number } | null> {
  const handle = await fs.open(file, 'r');
  try {
    const { size } = await handle.stat();
    const first = await boxAt(handle, 0, size);
    if (first?.type !== 'ftyp') return null;
    let offset = 0;
    let duration: { durationMs: number } | null | undefined;
    // A real file has a handful of top-level boxes; the cap keeps a crafted one from looping for long.
    for (let i = 0; i < 10_000 && offset < size; i++) {
      const box = await boxAt(handle, offset, size);
      if (!box) break;
      if (box.type === 'moov' && duration === undefined) duration = await moovDuration(handle, box.start + box.header, box.start + box.size);
      offset = box.start + box.size;
    }
    if (!duration) return null;
    return offset === size ? duration : { trailingBytes: size - offset };
  } finally {
    await handle.close();
  }
}

interface Box {
  type: string;
  start: number;
  size: number;
  header: number;
}

/** The box header at `offset` (32-bit size, 64-bit `largesize`, or 0: to the end of its parent), inside `[offset, end)`. */
async function boxAt(handle: fs.FileHandle, offset: number, end: number): Promise<Box | null> {
  if (offset + 8 > end) return null;
  const head = Buffer.alloc(16);
  const { bytesRead } = await handle.read(head, 0, 16, offset);
  if (bytesRead < 8) return null;
  const type = head.toString('latin1', 4, 8);
  if (!/^[\x20-\x7e]{4}$/.test(type)) return null;
  let size = head.readUInt32BE(0);
  let header = 8;
  if (size === 1) {
    if (bytesRead < 16) return null;
    size = Number(head.readBigUInt64BE(8));
    header = 16;
  } else if (size === 0) size = end - offset;
  if (size < header || offset + size > end) return null;
  return { type, start: offset, size, header };
}

/** The `mvhd` inside `moov` (`[from, to)`): version 0 has 32-bit times and duration, version 1 64-bit ones. */
async function moovDuration(handle: fs.FileHandle, from: number, to: number): Promise<{ durationMs: number } | null> {
  let offset = from;
  while (offset < to) {
    const box = await boxAt(handle, offset, to);
    if (!box) return null;
    if (box.type === 'mvhd') {
      const body = Buffer.alloc(Math.min(box.size - box.header, 32));
      const { bytesRead } = await handle.read(body, 0, body.length, box.start + box.header);
      const version = body[0];
      if (version === 0 && bytesRead >= 20) return durationOf(body.readUInt32BE(12), body.readUInt32BE(16));
      if (version === 1 && bytesRead >= 32) return durationOf(body.readUInt32BE(20), Number(body.readBigUInt64BE(24)));
      return null;
    }
    offset = box.start + box.size;
  }
  return null;
}

function durationOf(timescale: number, duration: number): { durationMs: number } | null {
  // An unknown duration is all ones; a zero timescale or duration is no duration either.
  if (!timescale || !duration || duration === 0xffffffff || !Number.isSafeInteger(duration)) return null;
  const durationMs = Math.round((duration / timescale) * 1000);
  return durationMs > 0 && durationMs <= 2_147_483_647 ? { durationMs } : null;
}
