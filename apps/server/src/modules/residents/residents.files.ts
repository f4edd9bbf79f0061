import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { type In, logDesc, type ResidentFile, type ResidentFileKind, Status, sniffFileType } from '@openvisit/contract';
import { zipStream } from '../../platform/files/zipWriter.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { AppError, badParams, notFound } from '../../platform/http/errors.js';
import { type ResidentFileRow, residentFilesRepository } from './residents.files.repository.js';
import { residentsRepository } from './residents.repository.js';

/*
 * Workers' files: labour contracts and photos of labour (UploadLaborFile), certificates with their expiry and other
 * documents (UploadResidentFile). Each file is checked by its content (pdf, jpeg or png, and what its extension says),
 * stored, then recorded; a record that cannot be written removes the stored bytes, so nothing is half-stored.
 */

type FileType = 'pdf' | 'jpg' | 'png';
const BY_EXTENSION: Record<string, FileType> = { pdf: 'pdf', jpg: 'jpg', jpeg: 'jpg', png: 'png' };
const BY_CONTENT: Partial<Record<string, FileType>> = { pdf: 'pdf', jpeg: 'jpg', png: 'png' };

function toFile(f: ResidentFileRow): ResidentFile {
  return {
    fid: f.id,
    rid: f.residentId,
    kind: f.kind as ResidentFileKind,
    name: f.name,
    type: f.type as FileType,
    size: f.size,
    expiresOn: f.expiresOn,
    uploadedBy: f.uploadedBy,
    createTime: f.createdAt.getTime(),
  };
}

/** The worker, within the caller's scope (a server company: its own workers only), else 602. */
export async function workerById(ctx: AuthedContext, rid: number) {
  const r = await residentsRepository(ctx.tenant).byId(rid);
  if (!r) throw notFound('resident visitor');
  return r;
}

/** 620 unless the content is a pdf, jpeg or png and the extension names the same kind. */
function typeOf(file: { name: string; bytes: Buffer }): FileType {
  const byName = BY_EXTENSION[file.name.toLowerCase().split('.').pop() ?? ''];
  const byContent = BY_CONTENT[sniffFileType(new Uint8Array(file.bytes.subarray(0, 16))) ?? ''];
  if (!byName || !byContent || byName !== byContent)
    throw new AppError(Status.FILE_TYPE_ERROR, 'The file is not what its extension says (pdf, jpg or png)', { extensions: ['pdf', 'jpg', 'png'] });
  return byContent;
}

export async function storeFile(ctx: AuthedContext, rid: number, kind: ResidentFileKind, expiresOn: string | null): Promise<ResidentFile> {
  const file = ctx.file;
  if (!file) throw badParams([{ field: 'file', rule: 'required' }]);
  const worker = await workerById(ctx, rid);
  const type = typeOf(file);
  const key = `residents/${ctx.tenant.companyId}/${worker.id}/${randomUUID()}.${type}`;
  await ctx.services.files.put(key, file.bytes);
  const row = await residentFilesRepository(ctx.tenant)
    .insert({
      residentId: worker.id,
      kind,
      name: file.name.slice(0, 200),
      type,
      size: file.bytes.length,
      fileKey: key,
      expiresOn,
      uploadedBy: ctx.session.name,
    })
    .catch(async (err: unknown) => {
      await ctx.services.files.remove(key);
      throw err;
    });
  ctx.audit.objId = row.id;
  ctx.audit.objName = row.name;
  const params = { name: row.name, size: row.size, worker: worker.name };
  ctx.audit.desc =
    kind === 'certificate'
      ? logDesc('residentCertificateStored', { name: row.name, expiresOn: expiresOn ?? '', worker: worker.name })
      : logDesc(kind === 'labour' ? 'residentLabourFileStored' : 'residentFileStored', params);
  return toFile(row);
}

export async function filesOf(ctx: AuthedContext, input: In<'showResidentAllFileByRid'>): Promise<ResidentFile[]> {
  const worker = await workerById(ctx, input.rid);
  return (await residentFilesRepository(ctx.tenant).ofResident(worker.id)).map((r) => toFile(r.file));
}

/** The record goes first; its bytes after (a file left behind by a crash between the two is only unreachable). */
export async function deleteFile(ctx: AuthedContext, input: In<'delResidentFile'>) {
  const repo = residentFilesRepository(ctx.tenant);
  const found = await repo.byId(input.fid);
  if (!found) throw notFound('file');
  const deleted = await repo.remove(found.file.id);
  for (const d of deleted) await ctx.services.files.remove(d.fileKey);
  ctx.audit.objId = found.file.id;
  ctx.audit.objName = found.file.name;
  ctx.audit.desc = logDesc('residentFileDeleted', { name: found.file.name, worker: found.worker });
  return { deleted: deleted.length };
}

export async function downloadFile(ctx: AuthedContext, input: { fid: number }): Promise<{ stream: Readable; fileName: string }> {
  const found = await residentFilesRepository(ctx.tenant).byId(input.fid);
  if (!found) throw notFound('file');
  const stream = await ctx.services.files.stream(found.file.fileKey);
  if (!stream) throw notFound('file');
  // The name goes into a header: quotes, backslashes and line breaks are replaced.
  return { stream, fileName: found.file.name.replace(/["\\\r\n]/g, '_') };
}

/** A file name safe in a zip and a header: no path separators, quotes or control characters. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is replaced
const safeName = (name: string) => name.replace(/[\\/:*?"<>|\u0000-\u001f\u007f]/g, '_').trim() || 'file';

/** Each name once: a repeated one gets " (2)", " (3)"… before its extension. */
function uniqueNames(names: string[]): string[] {
  const taken = new Set<string>();
  return names.map((raw) => {
    const name = safeName(raw);
    const dot = name.lastIndexOf('.');
    const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    let candidate = name;
    for (let i = 2; taken.has(candidate.toLowerCase()); i++) candidate = `${stem} (${i})${ext}`;
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}

/**
 * Every file of one worker (in the caller's scope, else 602) as a zip streamed from the store a file at a time, oldest
 * first. A file whose bytes are missing from the store is left out (logged): the rest still arrive.
 */
export async function downloadAllFiles(ctx: AuthedContext, input: { rid: number }): Promise<{ stream: Readable; fileName: string }> {
  const worker = await workerById(ctx, input.rid);
  const files = (await residentFilesRepository(ctx.tenant).ofResident(worker.id)).map((r) => r.file).reverse();
  const names = uniqueNames(files.map((f) => f.name));
  const stream = zipStream(
    async (zip) => {
      for (const [i, f] of files.entries()) {
        const bytes = await ctx.services.files.stream(f.fileKey);
        if (!bytes) {
          ctx.log.warn({ fid: f.id }, 'worker file missing from the store; left out of the zip');
          continue;
        }
        await zip.fromStream(names[i] ?? `file-${f.id}`, bytes);
      }
    },
    (err) => ctx.log.error({ err }, 'worker files zip failed'),
  );
  return { stream, fileName: `${safeName(worker.name).replace(/\s+/g, '_')}-files.zip` };
}

/** The stored files of workers about to be deleted (their rows go with them by the foreign key). */
export function fileKeysOf(ctx: AuthedContext, rids: number[]): Promise<string[]> {
  return residentFilesRepository(ctx.tenant).keysOf(rids);
}
