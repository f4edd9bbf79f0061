import path from 'node:path';
import yauzl from 'yauzl';

export interface ZipLimits {
  maxEntries: number;
  /** Unpacked bytes of one entry and of all entries together. */
  maxEntryBytes: number;
  maxTotalBytes: number;
}

export class ZipRejected extends Error {
  constructor(readonly problem: 'notZip' | 'tooManyEntries' | 'tooLarge') {
    super(problem);
  }
}

/**
 * The files of a zip archive, read from memory with limits: entry count, unpacked size per entry and in
 * total (counted on the bytes really inflated, not the sizes the archive claims), so a zip bomb stops early.
 * Names are reduced to their last path part; folders, hidden files and macOS resource forks are skipped,
 * so no entry name can point outside wherever a caller puts it.
 */
export async function readZip(bytes: Buffer, limits: ZipLimits): Promise<{ name: string; bytes: Buffer }[]> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(bytes, { lazyEntries: true, decodeStrings: false, validateEntrySizes: true }, (err, z) =>
      err || !z ? reject(new ZipRejected('notZip')) : resolve(z),
    ),
  );
  if (zip.entryCount > limits.maxEntries) {
    zip.close();
    throw new ZipRejected('tooManyEntries');
  }
  const out: { name: string; bytes: Buffer }[] = [];
  let total = 0;
  return new Promise((resolve, reject) => {
    const fail = (err: Error) => {
      zip.close();
      reject(err instanceof ZipRejected ? err : new ZipRejected('notZip'));
    };
    zip.on('error', fail);
    zip.on('end', () => resolve(out));
    zip.on('entry', (entry: yauzl.Entry) => {
      const raw = entryName(entry).replace(/\\/g, '/');
      const name = path.posix.basename(raw);
      if (raw.endsWith('/') || !name || name.startsWith('.') || raw.split('/').includes('__MACOSX')) {
        zip.readEntry();
        return;
      }
      if (entry.uncompressedSize > limits.maxEntryBytes || total + entry.uncompressedSize > limits.maxTotalBytes) {
        fail(new ZipRejected('tooLarge'));
        return;
      }
      zip.openReadStream(entry, (err, stream) => {
        if (err || !stream) return fail(err ?? new ZipRejected('notZip'));
        const chunks: Buffer[] = [];
        let size = 0;
        stream.on('data', (c: Buffer) => {
          size += c.length;
          total += c.length;
          if (size > limits.maxEntryBytes || total > limits.maxTotalBytes) {
            stream.destroy();
            fail(new ZipRejected('tooLarge'));
            return;
          }
          chunks.push(c);
        });
        stream.on('error', fail);
        stream.on('end', () => {
          out.push({ name, bytes: Buffer.concat(chunks) });
          zip.readEntry();
        });
      });
    });
    zip.readEntry();
  });
}

/**
 * Names as written: UTF-8 when the archive says so (flag bit 11), otherwise the local code page, which for
 * archives made on Chinese Windows is GBK (a superset of ASCII, so plain names read the same). Decoded here
 * rather than by yauzl, which would reject a whole archive over one "../" name instead of letting us skip it.
 */
function entryName(entry: yauzl.Entry): string {
  const raw = entry.fileName as unknown as Buffer;
  return new TextDecoder((entry.generalPurposeBitFlag & 0x800) !== 0 ? 'utf-8' : 'gb18030').decode(raw);
}
