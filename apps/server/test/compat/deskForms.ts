import { expect } from 'vitest';
import type { TestApp } from '../harness.js';
import type { Answer, Desk } from './desk.js';

/**
 * What the walk-in and office-building replays share (frontdesk-app.md §3d–e): the photo as the app's camera screen
 * uploads it (multipart `filename`, a JPEG blob named "avatar.png"; the office forms add `action=upload`), and the
 * `yyyy-MM-dd HH:mm:ss` text the appointment forms send as the time.
 */
export async function deskUpload(t: TestApp, desk: Desk, jpeg: Buffer, office = false): Promise<Answer<{ url: string }>> {
  const boundary = '----WebKitFormBoundaryDesk';
  const parts: Buffer[] = [];
  if (office) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="action"\r\n\r\nupload\r\n`));
  parts.push(
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="filename"; filename="avatar.png"\r\nContent-Type: image/png\r\n\r\n`),
    jpeg,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  const res = await t.app.inject({
    method: 'POST',
    url: '/qcvisit/Upload',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-coolvisit-token': desk.token },
    payload: Buffer.concat(parts),
  });
  expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
  return { ...(res.json() as { status: number; result: { url: string } }), http: res.statusCode, contentType: String(res.headers['content-type']) };
}

const two = (n: number) => String(n).padStart(2, '0');

/** The app's "now" as it formats it for `appointmentDate`. */
export function deskNow(at = new Date()): string {
  return `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())} ${two(at.getHours())}:${two(at.getMinutes())}:${two(at.getSeconds())}`;
}

/** The field list `getExtendTypeInfo` answers, each field as the forms read it. */
export const EXTEND_FIELD = {
  fieldName: 'string',
  displayName: 'string',
  inputType: 'string',
  inputValue: 'string',
  isDisplay: 'number',
  required: 'number',
  placeholder: 'string',
} as const;

/** A host as `getSubAccountEmpList` answers it. */
export const HOST_ROW = { empName: 'string', empid: 'number', empPhone: 'string', egids: 'string', empType: 'number', endDate: 'string' } as const;
