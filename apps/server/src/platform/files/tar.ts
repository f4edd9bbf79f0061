import fs from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';

/**
 * Minimal POSIX tar (ustar), gzipped and streamed both ways: the operator backup is one such file holding the
 * database dump and every stored file. Regular files only; names up to 255 bytes (the ustar name + prefix fields).
 */
export interface TarEntry {
  name: string;
  bytes: Buffer;
}

const BLOCK = 512;

function octal(n: number, width: number): string {
  return `${n.toString(8).padStart(width - 1, '0')}\0`;
}

function checksum(h: Buffer): number {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : (h[i] ?? 0);
  return sum;
}

function header(name: string, size: number): Buffer {
  let base = name;
  let prefix = '';
  if (Buffer.byteLength(name) > 100) {
    // Split at a '/' so the prefix fits 155 bytes and the rest 100.
    const at = name.lastIndexOf('/', 155);
    prefix = at > 0 ? name.slice(0, at) : '';
    base = at > 0 ? name.slice(at + 1) : name;
    if (!prefix || Buffer.byteLength(prefix) > 155 || Buffer.byteLength(base) > 100) throw new Error(`name too long for the archive: ${name}`);
  }
  const h = Buffer.alloc(BLOCK);
  h.write(base, 0, 100, 'utf8');
  h.write(octal(0o644, 8), 100);
  h.write(octal(0, 8), 108);
  h.write(octal(0, 8), 116);
  h.write(octal(size, 12), 124);
  h.write(octal(Math.floor(Date.now() / 1000), 12), 136);
  h.write('0', 156);
  h.write('ustar\u000000', 257);
  h.write(prefix, 345, 155, 'utf8');
  h.write(`${checksum(h).toString(8).padStart(6, '0')}\0 `, 148);
  return h;
}

/** Writes the entries, in order, to a .tar.gz file. */
export async function writeTarGz(file: string, entries: AsyncIterable<TarEntry> | Iterable<TarEntry>): Promise<void> {
  async function* blocks() {
    for await (const e of entries) {
      yield header(e.name, e.bytes.length);
      yield e.bytes;
      const pad = (BLOCK - (e.bytes.length % BLOCK)) % BLOCK;
      if (pad) yield Buffer.alloc(pad);
    }
    yield Buffer.alloc(2 * BLOCK);
  }
  const out = fs.createWriteStream(file);
  try {
    await pipeline(Readable.from(blocks()), zlib.createGzip(), out);
  } catch (err) {
    // No half-written archive is left behind; the file stream may still be opening when the pipeline gives up, so
    // the file is removed only once it has closed (else it would appear after the removal).
    if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
    await fs.promises.rm(file, { force: true });
    throw err;
  }
}

/** Received chunks, taken from the front without copying the rest each time. */
class Bytes {
  private chunks: Buffer[] = [];
  length = 0;
  push(b: Buffer): void {
    this.chunks.push(b);
    this.length += b.length;
  }
  take(n: number): Buffer {
    const parts: Buffer[] = [];
    let left = n;
    while (left > 0) {
      const c = this.chunks[0] as Buffer;
      if (c.length <= left) {
        parts.push(c);
        this.chunks.shift();
        left -= c.length;
      } else {
        parts.push(c.subarray(0, left));
        this.chunks[0] = c.subarray(left);
        left = 0;
      }
    }
    this.length -= n;
    return parts.length === 1 ? (parts[0] as Buffer) : Buffer.concat(parts, n);
  }
}

function text(h: Buffer, from: number, len: number): string {
  const field = h.subarray(from, from + len);
  const end = field.indexOf(0);
  return field.subarray(0, end < 0 ? len : end).toString('utf8');
}

/** The regular files of a .tar.gz, in order; throws on anything that is not a well-formed archive. */
export async function* readTarGz(file: string): AsyncGenerator<TarEntry> {
  const input = fs.createReadStream(file).pipe(zlib.createGunzip());
  const bytes = new Bytes();
  let entry: { name: string; size: number; regular: boolean } | undefined;
  try {
    for await (const chunk of input) {
      bytes.push(chunk as Buffer);
      for (;;) {
        if (!entry) {
          if (bytes.length < BLOCK) break;
          const h = bytes.take(BLOCK);
          if (h.every((b) => b === 0)) return;
          if (Number.parseInt(text(h, 148, 8).trim(), 8) !== checksum(h)) throw new Error('not a tar archive (bad header checksum)');
          const prefix = text(h, 345, 155);
          const name = text(h, 0, 100);
          const type = String.fromCharCode(h[156] ?? 0);
          entry = {
            name: prefix ? `${prefix}/${name}` : name,
            size: Number.parseInt(text(h, 124, 12).trim() || '0', 8),
            regular: type === '0' || type === '\0',
          };
        }
        const padded = Math.ceil(entry.size / BLOCK) * BLOCK;
        if (bytes.length < padded) break;
        const body = bytes.take(padded).subarray(0, entry.size);
        const done = entry;
        entry = undefined;
        if (done.regular) yield { name: done.name, bytes: body };
      }
    }
    throw new Error('the archive ends early');
  } finally {
    input.destroy();
  }
}
