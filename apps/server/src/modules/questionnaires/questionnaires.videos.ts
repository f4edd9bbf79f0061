import { randomBytes } from 'node:crypto';
import { type In, type Out, Status, type TrainingVideo } from '@openvisit/contract';
import { mediaUrl } from '../../platform/files/media.js';
import { mp4Duration } from '../../platform/files/mp4.js';
import { type AuthedContext, inTx } from '../../platform/http/calls.js';
import { AppError } from '../../platform/http/errors.js';
import type { SecretBox } from '../../platform/identity/crypto.js';
import { inTransaction, type TenantScope } from '../../platform/identity/tenancy.js';
import { type VideoRow, videosRepository } from './questionnaires.videos.repository.js';

/**
 * Training videos (spec section 2 `question/detail`, 5): MP4 by content, streamed to the file store by the platform
 * (`upload.toFile`), played through signed media links with range requests. The row and its file go together: a
 * refused or failed upload leaves no file, a deleted video takes its file.
 */

const repoOf = (ctx: AuthedContext) => videosRepository(ctx.tenant);

/** The most of an uploaded file's own name kept for the list. */
const FILE_NAME_MAX = 200;

function toVideo(ctx: AuthedContext, row: VideoRow, usedBy: { qid: number; title: string }[]): TrainingVideo {
  return {
    id: row.id,
    title: row.title,
    fileName: row.fileName,
    bytes: row.bytes,
    durationMs: row.durationMs,
    url: mediaUrl(ctx.services.secrets, row.fileKey),
    usedBy,
    createTime: row.createdAt.getTime(),
  };
}

export async function listVideos(ctx: AuthedContext, input: In<'getTrainingVideo'>): Promise<Out<'getTrainingVideo'>> {
  const repo = repoOf(ctx);
  const [rows, count] = await Promise.all([repo.page(input.title, input.startIndex, input.requestedCount), repo.count(input.title)]);
  const uses = await repo.usedBy(rows.map((r) => r.id));
  const list = rows.map((row) =>
    toVideo(
      ctx,
      row,
      uses.filter((u) => u.videoId === row.id).map(({ qid, title }) => ({ qid, title })),
    ),
  );
  return { pageNo: Math.floor(input.startIndex / input.requestedCount) + 1, pageSize: input.requestedCount, count, list };
}

/**
 * The platform has streamed the file to a temporary file (691 past the size; removed after the call whatever
 * happens): here it is checked by content (690), moved into the store, then recorded; a failed insert removes it.
 */
export async function addVideo(ctx: AuthedContext, input: In<'addTrainingVideo'>): Promise<Out<'addTrainingVideo'>> {
  const upload = ctx.upload;
  if (!upload) throw new AppError(Status.VIDEO_NOT_MP4);
  const probe = await mp4Duration(upload.path);
  if (!probe) throw new AppError(Status.VIDEO_NOT_MP4);
  if ('trailingBytes' in probe)
    throw new AppError(
      Status.VIDEO_NOT_MP4,
      `The file does not end where its MP4 boxes end (${probe.trailingBytes} bytes after them or cut short): upload the video as its encoder wrote it`,
    );
  const key = `videos/${ctx.tenant.companyId}/${Date.now().toString(36)}-${randomBytes(6).toString('hex')}.mp4`;
  await ctx.services.files.putFile(key, upload.path);
  let row: VideoRow;
  try {
    row = await repoOf(ctx).insert({
      title: input.title,
      fileName: upload.name.slice(0, FILE_NAME_MAX),
      fileKey: key,
      bytes: upload.size,
      durationMs: probe.durationMs,
    });
  } catch (err) {
    await ctx.services.files.remove(key);
    throw err;
  }
  ctx.audit.objId = row.id;
  ctx.audit.objName = row.title;
  return toVideo(ctx, row, []);
}

/** 602 for a video not this company's; 692 while a questionnaire shows it; otherwise the row, then its file. */
export async function removeVideo(ctx: AuthedContext, input: In<'delTrainingVideo'>): Promise<Out<'delTrainingVideo'>> {
  const removed = await inTransaction(ctx.tenant, async (tx) => {
    const repo = repoOf(inTx(ctx, tx));
    const row = await repo.lockVideo(input.id);
    if (!row) throw new AppError(Status.NO_SUCH_RECORD);
    const uses = await repo.usedBy([row.id]);
    if (uses.length) throw new AppError(Status.VIDEO_IN_USE, undefined, { usedBy: uses.map(({ qid, title }) => ({ qid, title })) });
    await repo.remove(row.id);
    return row;
  });
  // After the commit: a failed commit must not have lost the file of a row that stays.
  await ctx.services.files.remove(removed.fileKey);
  ctx.audit.objId = removed.id;
  ctx.audit.objName = removed.title;
  return { deleted: 1 };
}

/** What the questionnaires service shows of a video: this company's only, null otherwise. */
export async function videoOf(
  scope: TenantScope,
  secrets: SecretBox,
  videoId: number,
): Promise<{ id: number; title: string; durationMs: number; url: string } | null> {
  const row = await videosRepository(scope).video(videoId);
  if (!row) return null;
  return { id: row.id, title: row.title, durationMs: row.durationMs, url: mediaUrl(secrets, row.fileKey) };
}
