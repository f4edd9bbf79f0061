import { PassThrough, type Readable } from 'node:stream';
import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';

/*
 * A zip written as a stream (the xlsx exports' container, and downloads of several stored files): entries deflated in
 * order as they are written, sizes and CRCs after each entry, the writer waiting whenever the deflater or the reader
 * falls behind, so memory stays flat whatever the archive's size. No zip64: an archive stops at 4 GB.
 */

/** Zip's MS-DOS time and date of a moment (local time, as zip tools read it). */
function dosTime(at: Date): { time: number; date: number } {
  return {
    time: (at.getHours() << 11) | (at.getMinutes() << 5) | Math.floor(at.getSeconds() / 2),
    date: (Math.max(at.getFullYear() - 1980, 0) << 9) | ((at.getMonth() + 1) << 5) | at.getDate(),
  };
}

interface ZipEntry {
  name: Buffer;
  offset: number;
  crc: number;
  compressed: number;
  size: number;
}

/** A zip of deflated entries written in order to `out`; sizes and CRCs follow each entry (general-purpose bit 3). */
export class ZipWriter {
  private offset = 0;
  private readonly entries: ZipEntry[] = [];
  private readonly stamp = dosTime(new Date());

  constructor(private readonly out: PassThrough) {}

  private async emit(bytes: Buffer): Promise<void> {
    this.offset += bytes.length;
    if (!this.out.write(bytes)) await waitFor(this.out, 'drain');
  }

  private header(name: Buffer): Buffer {
    const h = Buffer.alloc(30);
    h.writeUInt32LE(0x04034b50, 0);
    h.writeUInt16LE(20, 4);
    h.writeUInt16LE(0x0808, 6); // sizes after the data; names in UTF-8
    h.writeUInt16LE(8, 8); // deflate
    h.writeUInt16LE(this.stamp.time, 10);
    h.writeUInt16LE(this.stamp.date, 12);
    h.writeUInt16LE(name.length, 26);
    return Buffer.concat([h, name]);
  }

  private async descriptor(entry: ZipEntry): Promise<void> {
    if (entry.size > 0xffffffff || this.offset > 0xffffffff) throw new Error('export too large for a zip without zip64');
    const d = Buffer.alloc(16);
    d.writeUInt32LE(0x08074b50, 0);
    d.writeUInt32LE(entry.crc, 4);
    d.writeUInt32LE(entry.compressed, 8);
    d.writeUInt32LE(entry.size, 12);
    await this.emit(d);
    this.entries.push(entry);
  }

  async file(path: string, text: string): Promise<void> {
    const name = Buffer.from(path);
    const offset = this.offset;
    const data = Buffer.from(text);
    const packed = deflateRawSync(data);
    await this.emit(this.header(name));
    await this.emit(packed);
    await this.descriptor({ name, offset, crc: crc32(data), compressed: packed.length, size: data.length });
  }

  /** An entry written in parts: `write` deflates each and resolves once the deflater has taken it. */
  async streamed(path: string, fill: (write: (part: string | Buffer) => Promise<void>) => Promise<void>): Promise<void> {
    const name = Buffer.from(path);
    const entry: ZipEntry = { name, offset: this.offset, crc: 0, compressed: 0, size: 0 };
    await this.emit(this.header(name));
    const deflate = createDeflateRaw();
    const pumped = (async () => {
      for await (const chunk of deflate as AsyncIterable<Buffer>) {
        entry.compressed += chunk.length;
        await this.emit(chunk);
      }
    })();
    pumped.catch(() => undefined); // awaited below
    await fill(async (part) => {
      const data = typeof part === 'string' ? Buffer.from(part) : part;
      entry.crc = crc32(data, entry.crc);
      entry.size += data.length;
      if (!deflate.write(data)) await Promise.race([waitFor(deflate, 'drain'), pumped]);
    });
    deflate.end();
    await pumped;
    await this.descriptor(entry);
  }

  /** An entry whose bytes are read from `source` as they are deflated: a stored file never sits in memory whole. */
  async fromStream(path: string, source: Readable): Promise<void> {
    await this.streamed(path, async (write) => {
      for await (const chunk of source as AsyncIterable<Buffer>) await write(chunk);
    });
  }

  async close(): Promise<void> {
    const start = this.offset;
    for (const e of this.entries) {
      const c = Buffer.alloc(46);
      c.writeUInt32LE(0x02014b50, 0);
      c.writeUInt16LE(20, 4);
      c.writeUInt16LE(20, 6);
      c.writeUInt16LE(0x0808, 8);
      c.writeUInt16LE(8, 10);
      c.writeUInt16LE(this.stamp.time, 12);
      c.writeUInt16LE(this.stamp.date, 14);
      c.writeUInt32LE(e.crc, 16);
      c.writeUInt32LE(e.compressed, 20);
      c.writeUInt32LE(e.size, 24);
      c.writeUInt16LE(e.name.length, 28);
      c.writeUInt32LE(e.offset, 42);
      await this.emit(Buffer.concat([c, e.name]));
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(this.offset - start, 12);
    end.writeUInt32LE(start, 16);
    await this.emit(end);
    this.out.end();
  }
}

/** Resolves on `event`, rejects if the stream fails or closes first (a reader that went away). */
function waitFor(stream: NodeJS.EventEmitter, event: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (err?: Error) => {
      stream.off(event, ok);
      stream.off('error', done);
      stream.off('close', gone);
      if (err) reject(err);
      else resolve();
    };
    const ok = () => done();
    const gone = () => done(new Error('stream closed'));
    stream.on(event, ok);
    stream.on('error', done);
    stream.on('close', gone);
  });
}

/**
 * A zip as a stream: `fill` adds the entries; the central directory is written after it. A failure of `fill` or of the
 * reader destroys the stream, so a download ends short rather than silently.
 */
export function zipStream(fill: (zip: ZipWriter) => Promise<void>, onError?: (err: unknown) => void): Readable {
  const out = new PassThrough();
  const zip = new ZipWriter(out);
  const write = async () => {
    await fill(zip);
    await zip.close();
  };
  write().catch((err: unknown) => {
    onError?.(err);
    out.destroy(err as Error);
  });
  return out;
}
