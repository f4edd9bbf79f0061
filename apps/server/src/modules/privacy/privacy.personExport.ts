import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  type exportPersonData as exportCall,
  type Lang,
  type PersonRecord,
  personFieldLabel,
  personFieldText,
  personSourceLabels,
} from '@openvisit/contract';
import type { z } from 'zod';
import { zipStream } from '../../platform/files/zipWriter.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { notFound } from '../../platform/http/errors.js';
import { escapeHtml } from '../../platform/messages/mailLayout.js';
import { type Held, held, shownRecords } from './privacy.person.js';

const TEXT = {
  title: { en: 'Personal data held about you', zh: '我们保存的您的个人数据' },
  intro: {
    en: 'This is everything the company holds about the person with these details, as of {at}. Photos, signatures and signed agreements are in the folder "files".',
    zh: '以下是截至 {at} 公司保存的与这些信息有关的全部数据。照片、签名和签署的协议在 files 文件夹中。',
  },
  keys: { en: 'Found by', zh: '查找依据' },
  none: { en: 'Nothing held.', zh: '无。' },
  when: { en: 'When', zh: '时间' },
  files: { en: 'Files', zh: '文件' },
} satisfies Record<string, Record<Lang, string>>;

/** The stored files of each record, named in the zip by source, record and place (their type kept). */
function zipFiles(h: Held): { key: string; name: string; record: string }[] {
  return (['visits', 'residents', 'logistics', 'blacklist'] as const).flatMap((source) =>
    h[source].flatMap((r) =>
      r.files.map((key, i) => ({ key, record: `${source}-${r.id}`, name: `files/${source}-${r.id}-${i + 1}${path.extname(key)}` })),
    ),
  );
}

function summaryHtml(h: Held, records: PersonRecord[], files: ReturnType<typeof zipFiles>, lang: Lang, at: Date): string {
  const t = (k: keyof typeof TEXT) => TEXT[k][lang];
  const keys = [...h.keys.phones, ...h.keys.emails, ...h.keys.idNumbers].map(escapeHtml).join(', ');
  const sections = (Object.keys(personSourceLabels) as (keyof typeof personSourceLabels)[]).map((source) => {
    const mine = records.filter((r) => r.source === source);
    const body = mine.length
      ? mine
          .map((r) => {
            const rows = Object.entries(r.fields)
              .map(([f, v]) => `<tr><th>${escapeHtml(personFieldLabel(f, lang))}</th><td>${escapeHtml(personFieldText(f, v, lang))}</td></tr>`)
              .join('');
            const attached = files
              .filter((f) => f.record === `${source}-${r.id}`)
              .map((f) => `<a href="${escapeHtml(f.name)}">${escapeHtml(f.name)}</a>`)
              .join(', ');
            const when =
              r.at === null ? '' : `<tr><th>${t('when')}</th><td>${new Date(r.at).toISOString().slice(0, 16).replace('T', ' ')} UTC</td></tr>`;
            return `<table>${when}${rows}${attached ? `<tr><th>${t('files')}</th><td>${attached}</td></tr>` : ''}</table>`;
          })
          .join('')
      : `<p>${t('none')}</p>`;
    return `<h2>${escapeHtml(personSourceLabels[source][lang])} (${mine.length})</h2>${body}`;
  });
  return `<!doctype html><html lang="${lang === 'zh' ? 'zh-CN' : 'en'}"><head><meta charset="utf-8"><title>${t('title')}</title>
<style>body{font-family:system-ui,sans-serif;max-width:860px;margin:2em auto;padding:0 1em;color:#222}table{border-collapse:collapse;margin:0 0 1.2em;width:100%}th,td{border:1px solid #ccc;padding:4px 8px;text-align:left;vertical-align:top}th{width:30%;background:#f5f5f5;font-weight:600}</style>
</head><body><h1>${t('title')}</h1><p>${escapeHtml(t('intro').replace('{at}', `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`))}</p>
<p><strong>${t('keys')}:</strong> ${keys}</p>${sections.join('\n')}</body></html>`;
}

/**
 * exportPersonData: a zip of what the company holds about the person, streamed: summary.html in the chosen language,
 * data.json (the same records, for another system), and their stored files. 602 when nothing is held.
 */
export async function exportPersonData(
  ctx: AuthedContext,
  input: z.output<(typeof exportCall)['input']>,
): Promise<{ stream: Readable; fileName: string }> {
  const h = await held(ctx, input);
  if (!shownRecords(h).length) throw notFound('person');
  return exportHeld(ctx, h, input.lang, 'person-data');
}

/** The zip of what is held (the administrator's export, and the person's own from their privacy page). */
export function exportHeld(ctx: AuthedContext, h: Held, lang: Lang, stem: string): { stream: Readable; fileName: string } {
  const records = shownRecords(h);
  const files = zipFiles(h);
  const at = new Date();
  const stream = zipStream(
    async (zip) => {
      await zip.file('summary.html', summaryHtml(h, records, files, lang, at));
      await zip.file('data.json', JSON.stringify({ exportedAt: at.toISOString(), keys: h.keys, records }, null, 2));
      for (const f of files) {
        const bytes = await ctx.services.files.stream(f.key);
        if (!bytes) {
          ctx.log.warn({ record: f.record }, 'a file of the person is missing from the store; left out of the export');
          continue;
        }
        await zip.fromStream(f.name, bytes);
      }
    },
    (err) => ctx.log.error({ err }, 'person data export failed'),
  );
  return { stream, fileName: `${stem}-${at.toISOString().slice(0, 10)}.zip` };
}
