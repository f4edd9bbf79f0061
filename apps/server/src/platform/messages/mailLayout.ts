/** The HTML and plain text of a transactional mail: a title, paragraphs, optional sections and picture, one button with its link, a footer. */
import { type Lang, withColon } from '@openvisit/contract';

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Plain text (line breaks kept) as HTML: escaped first, then each line break a <br>. */
export function textToHtml(s: string): string {
  return escapeHtml(s).replace(/\r?\n/g, '<br>\n');
}

export interface MailExtras {
  /** Blocks of plain text (e.g. an invitation's letter, address and directions), headed unless `heading` is ''; line breaks are kept. */
  sections?: { heading: string; text: string }[];
  /** A picture attached inline (`cid`), with words under it; the text version carries the caption only. */
  image?: { cid: string; alt: string; caption: string };
  /** A visitor's mail: their privacy page (what the company holds about them, its download and erasure), under the footer. */
  privacy?: { href: string; label: string };
}

/** Under every mail to a visitor: their privacy page (what the company holds about them, its download and erasure). */
export function privacyFooter(lang: Lang, href: string): NonNullable<MailExtras['privacy']> {
  return { href, label: lang === 'zh' ? '您的个人数据（查看、下载或请求删除）' : 'Your personal data (see, download or ask to erase it)' };
}

export function mailLayout(
  title: string,
  lines: string[],
  link: { href: string; label: string } | null,
  footer: string,
  extras: MailExtras = {},
): { text: string; html: string } {
  const sections = (extras.sections ?? []).filter((s) => s.text.trim());
  const text = [
    title,
    '',
    ...lines,
    ...sections.flatMap((s) => ['', ...(s.heading ? [withColon(s.heading).trimEnd()] : []), s.text]),
    ...(extras.image ? ['', extras.image.caption] : []),
    ...(link ? ['', `${withColon(link.label)}${link.href}`] : []),
    '',
    footer,
    ...(extras.privacy ? [`${withColon(extras.privacy.label)}${extras.privacy.href}`] : []),
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:-apple-system,'Segoe UI','PingFang SC','Microsoft YaHei',sans-serif;color:#1f2329;max-width:560px;margin:24px auto">
<h2 style="color:#0958d9">${escapeHtml(title)}</h2>
${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}
${sections.map((s) => `${s.heading ? `<h3 style="font-size:15px;margin:20px 0 4px">${escapeHtml(s.heading)}</h3>\n` : ''}<p style="margin-top:0">${textToHtml(s.text)}</p>`).join('\n')}
${
  extras.image
    ? `<p style="text-align:center"><img src="cid:${escapeHtml(extras.image.cid)}" alt="${escapeHtml(extras.image.alt)}" width="200" height="200" style="display:block;margin:0 auto"><br>${escapeHtml(extras.image.caption)}</p>`
    : ''
}
${
  link
    ? `<p><a href="${escapeHtml(link.href)}" style="display:inline-block;background:#0958d9;color:#fff;padding:10px 20px;border-radius:6px;text-decoration:none">${escapeHtml(link.label)}</a></p>
<p style="color:#8a8f99;font-size:12px">${escapeHtml(link.href)}</p>`
    : ''
}
<p style="color:#8a8f99;font-size:12px">${escapeHtml(footer)}</p>${
    extras.privacy
      ? `\n<p style="color:#8a8f99;font-size:12px"><a href="${escapeHtml(extras.privacy.href)}" style="color:#8a8f99">${escapeHtml(extras.privacy.label)}</a></p>`
      : ''
  }</body></html>`;
  return { text, html };
}
