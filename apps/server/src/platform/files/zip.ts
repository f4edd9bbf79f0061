import fs from 'node:fs/promises';
import path from 'node:path';
import { Status, sniffFileType } from '@openvisit/contract';
import yauzl from 'yauzl';
import { AppError, badParams } from '../http/errors.js';
import { type SlotRules, Slots, SlotsBusy } from '../jobs/slots.js';

export interface ZipLimits {
  maxEntries: number;
  /** Unpacked bytes of one entry and of all entries together. */
  maxEntryBytes: number;
  maxTotalBytes: number;
}

/** Why an archive was refused whole: not a zip (or a broken or lying one), too many files, too much unpacked, or busy. */
export class ZipRejected extends Error {
  constructor(readonly problem: 'notZip' | 'tooManyEntries' | 'tooLarge' | 'busy') {
    super(problem);
  }
}

/** One file of an archive, checked and not yet unpacked. */
export interface ZipEntry {
  /** The last part of its path. */
  name: string;
  /** Its unpacked bytes. */
  size: number;
  /** Its first bytes (up to 16), enough to tell a picture from anything else without unpacking the rest again. */
  head: Buffer;
}

export interface ZipReader {
  readonly entries: readonly ZipEntry[];
  /** One entry unpacked (at most the per-entry limit): read them one at a time, so one is in memory at once. */
  read(entry: ZipEntry): Promise<Buffer>;
}

/**
 * Archive jobs the process runs at once. An administrator uploading photos expects the upload to go through, so a
 * job beyond these waits in line (its archive is a file on disk meanwhile, so waiting costs no memory); only a flood
 * past the line, or a wait of a minute (well inside the console's upload timeout), is refused as busy.
 */
export const ARCHIVE_JOBS: SlotRules = { size: 2, maxWaiting: 8, maxWaitMs: 60_000 };
const archiveJobs = new Slots(ARCHIVE_JOBS);

const HEAD_BYTES = 16;

/**
 * Runs `use` over the files of the zip archive at `file` (an upload streamed to disk), within the process's bound on
 * archive jobs and these limits: entry count, unpacked size per entry and in total. The sizes the central directory
 * declares are checked before anything is unpacked (yauzl refuses an entry that inflates past its declared size, so
 * they bound what is really inflated, and a zip bomb is refused at once); then every entry is inflated once and thrown
 * away chunk by chunk, so a broken or lying archive is refused whole before `use` stores anything. `use` then reads
 * entries one at a time. Names are reduced to their last path part; folders, hidden files and macOS resource forks
 * are skipped, so no entry name can point outside wherever a caller puts it.
 */
export async function withZip<T>(file: string, limits: ZipLimits, use: (zip: ZipReader) => Promise<T>): Promise<T> {
  try {
    return await archiveJobs.run(() => openAndUse(file, limits, use));
  } catch (err) {
    throw err instanceof SlotsBusy ? new ZipRejected('busy') : err;
  }
}

/**
 * An archive refused whole, as the console shows it: 619 when it is not a zip (or a broken one), 400 on `file`
 * (`size`: unpacks to too much, `tooManyFiles`), 621 when the server is busy with other archives.
 */
export function zipRefusal(err: unknown): never {
  if (err instanceof ZipRejected) {
    if (err.problem === 'notZip') throw new AppError(Status.ONLY_ZIP);
    if (err.problem === 'busy') throw new AppError(Status.ARCHIVE_BUSY);
    throw badParams([{ field: 'file', rule: err.problem === 'tooManyEntries' ? 'tooManyFiles' : 'size' }]);
  }
  throw err;
}

async function openAndUse<T>(file: string, limits: ZipLimits, use: (zip: ZipReader) => Promise<T>): Promise<T> {
  if (!(await startsAsZip(file))) throw new ZipRejected('notZip');
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: true }, (err, z) =>
      err || !z ? reject(new ZipRejected('notZip')) : resolve(z),
    ),
  );
  try {
    if (zip.entryCount > limits.maxEntries) throw new ZipRejected('tooManyEntries');
    const listed = await listEntries(zip, limits);
    const raw = new Map<ZipEntry, yauzl.Entry>();
    for (const { name, entry } of listed) {
      const head: Buffer[] = [];
      let have = 0;
      await inflate(zip, entry, limits.maxEntryBytes, (chunk) => {
        if (have < HEAD_BYTES) head.push(chunk.subarray(0, HEAD_BYTES - have));
        have += chunk.length;
      });
      raw.set({ name, size: entry.uncompressedSize, head: Buffer.concat(head) }, entry);
    }
    return await use({
      entries: [...raw.keys()],
      async read(e) {
        const entry = raw.get(e);
        if (!entry) throw new Error('not an entry of this archive');
        // One buffer of the declared size (checked against the limit above; inflating past it is refused), filled as
        // the chunks come: no second copy, no chunks kept.
        const out = Buffer.allocUnsafe(e.size);
        let at = 0;
        await inflate(zip, entry, e.size, (chunk) => {
          at += chunk.copy(out, at);
        });
        return out.subarray(0, at);
      },
    });
  } finally {
    zip.close();
  }
}

async function startsAsZip(file: string): Promise<boolean> {
  const handle = await fs.open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(8), 0, 8, 0);
    return sniffFileType(new Uint8Array(buffer.subarray(0, bytesRead))) === 'zip';
  } finally {
    await handle.close();
  }
}

/** The entries a caller gets, with their declared sizes checked against the limits (nothing inflated yet). */
function listEntries(zip: yauzl.ZipFile, limits: ZipLimits): Promise<{ name: string; entry: yauzl.Entry }[]> {
  const out: { name: string; entry: yauzl.Entry }[] = [];
  let total = 0;
  return new Promise((resolve, reject) => {
    zip.on('error', () => reject(new ZipRejected('notZip')));
    zip.on('end', () => resolve(out));
    zip.on('entry', (entry: yauzl.Entry) => {
      const raw = entryName(entry).replace(/\\/g, '/');
      const name = path.posix.basename(raw);
      if (raw.endsWith('/') || !name || name.startsWith('.') || raw.split('/').includes('__MACOSX')) {
        zip.readEntry();
        return;
      }
      total += entry.uncompressedSize;
      if (entry.uncompressedSize > limits.maxEntryBytes || total > limits.maxTotalBytes) {
        reject(new ZipRejected('tooLarge'));
        return;
      }
      out.push({ name, entry });
      zip.readEntry();
    });
    zip.readEntry();
  });
}

/** Inflates one entry chunk by chunk into `take`, counting what really comes out; a broken entry refuses the archive. */
async function inflate(zip: yauzl.ZipFile, entry: yauzl.Entry, maxBytes: number, take: (chunk: Buffer) => void): Promise<void> {
  const stream = await new Promise<NodeJS.ReadableStream>((resolve, reject) =>
    zip.openReadStream(entry, (err, s) => (err || !s ? reject(new ZipRejected('notZip')) : resolve(s))),
  );
  let size = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > maxBytes) throw new ZipRejected('tooLarge');
      take(chunk);
    }
  } catch (err) {
    throw err instanceof ZipRejected ? err : new ZipRejected('notZip');
  }
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
