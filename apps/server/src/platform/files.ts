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
}

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
}

function missing(err: NodeJS.ErrnoException): undefined {
  if (err.code === 'ENOENT') return undefined;
  throw err;
}
