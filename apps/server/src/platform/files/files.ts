import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Stored files (face photos, later logos and attachments) under DATA_DIR/files, addressed by keys such as
 * `faces/12/345-ab12cd.jpg`. Behind this interface so an S3-compatible store can replace the folder.
 */
export interface FileStore {
  put(key: string, bytes: Buffer): Promise<void>;
  read(key: string): Promise<Buffer | undefined>;
  stream(key: string): Promise<Readable | undefined>;
  remove(key: string): Promise<void>;
  /** Moves a temporary file (from `tempPath`) to the key, consuming it: a rename in a folder, a streamed copy elsewhere. */
  putFile(key: string, tempPath: string): Promise<void>;
  /** A fresh path for a temporary file (a streamed upload) on the store's disk, so `putFile` is a rename. */
  tempPath(): Promise<string>;
  /** The size of a stored file and a stream of its bytes from `start` to `end` (inclusive); undefined when missing. */
  size(key: string): Promise<number | undefined>;
  streamRange(key: string, start: number, end: number): Promise<Readable | undefined>;
  /**
   * Removes every file of a company (a closed account): every key is `<module folder>/<company id>/…`, so these are the
   * `<folder>/<companyId>` trees. Answers how many files went.
   */
  removeCompany(companyId: number): Promise<number>;
}

/** Where the folder store keeps uploads being received; never a key (keys start with a module's folder). */
export const TEMP_FOLDER = '.tmp';

const KEY = /^[a-z0-9]+(?:\/[A-Za-z0-9_.-]+)+$/;

export class FolderFileStore implements FileStore {
  constructor(private readonly root: string) {}

  /** Keys are made by the server, never taken from a request; this guards against a bug turning into a path trick. */
  private pathOf(key: string): string {
    if (!KEY.test(key) || key.split('/').some((p) => p === '.' || p === '..')) throw new Error(`bad file key: ${key}`);
    return path.join(this.root, key);
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const file = this.pathOf(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    // Write then rename, so a reader never sees half a file.
    const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
    await fs.writeFile(tmp, bytes);
    await fs.rename(tmp, file);
  }

  async read(key: string): Promise<Buffer | undefined> {
    return fs.readFile(this.pathOf(key)).catch(missing);
  }

  async stream(key: string): Promise<Readable | undefined> {
    const file = this.pathOf(key);
    if (!(await fs.stat(file).catch(missing))) return undefined;
    return createReadStream(file);
  }

  async remove(key: string): Promise<void> {
    await fs.rm(this.pathOf(key), { force: true });
  }

  async putFile(key: string, tempPath: string): Promise<void> {
    const file = this.pathOf(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.rename(tempPath, file);
  }

  async tempPath(): Promise<string> {
    const folder = path.join(this.root, TEMP_FOLDER);
    await fs.mkdir(folder, { recursive: true });
    return path.join(folder, `${randomUUID()}.part`);
  }

  async size(key: string): Promise<number | undefined> {
    const stat = await fs.stat(this.pathOf(key)).catch(missing);
    return stat?.isFile() ? stat.size : undefined;
  }

  async streamRange(key: string, start: number, end: number): Promise<Readable | undefined> {
    const file = this.pathOf(key);
    if (!(await fs.stat(file).catch(missing))) return undefined;
    return createReadStream(file, { start, end });
  }

  async removeCompany(companyId: number): Promise<number> {
    if (!Number.isSafeInteger(companyId) || companyId <= 0) throw new Error(`bad company id: ${companyId}`);
    const folders = await fs.readdir(this.root, { withFileTypes: true }).catch(() => []);
    let removed = 0;
    for (const folder of folders) {
      if (!folder.isDirectory() || folder.name === TEMP_FOLDER) continue;
      const tree = path.join(this.root, folder.name, String(companyId));
      const files = await fs.readdir(tree, { recursive: true, withFileTypes: true }).catch(() => []);
      removed += files.filter((f) => f.isFile()).length;
      await fs.rm(tree, { recursive: true, force: true });
    }
    return removed;
  }

  /**
   * Removes temporary files older than a day: what a process stopped mid-upload left behind. Only old ones, so the
   * uploads other processes sharing the folder are receiving now are untouched.
   */
  async sweepTemp(now = Date.now()): Promise<number> {
    const folder = path.join(this.root, TEMP_FOLDER);
    const names = await fs.readdir(folder).catch(() => [] as string[]);
    let removed = 0;
    for (const name of names) {
      const file = path.join(folder, name);
      const stat = await fs.stat(file).catch(() => undefined);
      if (stat && now - stat.mtimeMs > 24 * 3600_000) {
        await fs.rm(file, { force: true });
        removed++;
      }
    }
    return removed;
  }
}

function missing(err: NodeJS.ErrnoException): undefined {
  if (err.code === 'ENOENT') return undefined;
  throw err;
}
