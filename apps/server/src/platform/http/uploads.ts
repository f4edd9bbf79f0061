import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import { type CallDef, isStorableText, Status } from '@openvisit/contract';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import type { FileStore } from '../files/files.js';
import { AppError, badParams } from './errors.js';

/** A buffered upload: small files (imports, photos) the handler reads whole. */
export interface UploadedFile {
  name: string;
  bytes: Buffer;
}

/** A streamed upload (`upload.toFile`): a temporary file in the file store's folder, removed by the platform after the call. */
export interface UploadedTempFile {
  name: string;
  path: string;
  size: number;
}

type Rules = NonNullable<CallDef['upload']>;

/** The most a streamed upload of these rules may hold: the contract's, or lower where the configuration says (videos). */
export function uploadLimit(rules: Rules, config: Config): number {
  return rules.wrongType === 'mp4' ? Math.min(rules.maxBytes, config.videoMaxBytes) : rules.maxBytes;
}

/**
 * One file in the multipart field `file`; the other fields become the input. A file type the call does not take
 * answers 620 (619 for zip-only calls, 690 for video calls). Buffered calls answer 413 past their size; streamed ones
 * their own status (691 for videos), having written nothing that stays.
 */
export async function readUpload(
  req: FastifyRequest,
  rules: Rules,
  deps: { config: Config; files: FileStore },
): Promise<{ file?: UploadedFile; temp?: UploadedTempFile; fields: Record<string, string> }> {
  if (!req.isMultipart()) throw badParams([{ field: 'file', rule: 'required' }]);
  try {
    const max = rules.toFile ? uploadLimit(rules, deps.config) : rules.maxBytes;
    // Streamed: busboy stops the file at the limit (marking it truncated) and drains the rest, so the answer arrives.
    const part = await req.file({ limits: { fileSize: max, files: 1, fields: 20 }, ...(rules.toFile && { throwFileSizeLimit: false }) });
    // The original's clients name the file part `filename`.
    if (part?.fieldname !== 'file' && part?.fieldname !== 'filename') throw badParams([{ field: 'file', rule: 'required' }]);
    if (!isStorableText(part.filename)) throw badParams([{ field: 'file', rule: 'illegalChars' }]);
    const extension = part.filename.toLowerCase().split('.').pop() ?? '';
    if (!rules.extensions.includes(extension)) {
      part.file.resume();
      if (rules.wrongType === 'zip') throw new AppError(Status.ONLY_ZIP);
      if (rules.wrongType === 'mp4') throw new AppError(Status.VIDEO_NOT_MP4);
      throw new AppError(Status.FILE_TYPE_ERROR, `Only ${rules.extensions.join(', ')} files are accepted`, { extensions: rules.extensions });
    }
    if (rules.toFile) {
      const temp = await streamToTemp(part, max, rules, deps.files);
      return { temp, fields: fieldsOf(part) };
    }
    const bytes = await part.toBuffer();
    return { file: { name: part.filename, bytes }, fields: fieldsOf(part) };
  } catch (err) {
    // A body the multipart parser cannot read (no boundary, cut short, a part without its headers) is bad input; the
    // size limit (413) and our own refusals pass through.
    if (err instanceof AppError || (err as { statusCode?: number }).statusCode === 413) throw err;
    throw badParams([{ field: 'file', rule: 'format' }]);
  }
}

function fieldsOf(part: MultipartFile): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(part.fields)) {
    const v = Array.isArray(value) ? value[0] : value;
    if (v && v.type === 'field' && typeof v.value === 'string') fields[name] = v.value;
  }
  return fields;
}

/**
 * Pipes the file part to a temporary file, counting its bytes; past `max` (busboy truncates there, and the count
 * guards too) the file is deleted and the call refused. Any failure (a client that goes away, a full disk) deletes it.
 */
async function streamToTemp(part: MultipartFile, max: number, rules: Rules, files: FileStore): Promise<UploadedTempFile> {
  // A body cut short mid-file: the parser destroys the file stream (without an error) or emits 'error' on it, possibly
  // before this runs or while the temporary path is made. The pipe below would miss either and wait for ever.
  let cut: Error | null = null;
  const early = (err: Error) => {
    cut = err;
  };
  part.file.on('error', early);
  const path = await files.tempPath();
  part.file.off('error', early);
  if (cut || part.file.destroyed) throw cut ?? new Error('file part cut short');
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (size > max) done(tooLarge(rules));
      else done(null, chunk);
    },
  });
  try {
    await pipeline(part.file, counter, createWriteStream(path, { flags: 'wx' }));
    if (part.file.truncated) throw tooLarge(rules);
  } catch (err) {
    part.file.resume();
    await fs.rm(path, { force: true });
    throw err;
  }
  return { name: part.filename, path, size };
}

/** Videos answer their catalogued status; another streamed upload the transport's 413, as buffered ones. */
function tooLarge(rules: Rules): Error {
  if (rules.wrongType === 'mp4') return new AppError(Status.VIDEO_TOO_LARGE);
  return Object.assign(new Error('Request body too large'), { statusCode: 413 });
}
