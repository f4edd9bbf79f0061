/** The HTML and plain text of a transactional mail: a title, paragraphs, one button with its link, a footer. */

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** `link` null: a notice with nothing to open (e.g. a cancellation). */
export function mailLayout(
  title: string,
  lines: string[],
  link: { href: string; label: string } | null,
  footer: string,
): { text: string; html: string } {
  const text = [title, '', ...lines, '', ...(link ? [`${link.label}: ${link.href}`, ''] : []), footer].join('\n');
  const html = `<!doctype html><html><body style="font-family:-apple-system,'Segoe UI','PingFang SC','Microsoft YaHei',sans-serif;color:#1f2329;max-width:560px;margin:24px auto">
<h2 style="color:#1677ff">${escapeHtml(title)}</h2>
${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}
${
  link
    ? `<p><a href="${escapeHtml(link.href)}" style="display:inline-block;background:#1677ff;color:#fff;padding:10px 20px;border-radius:6px;text-decoration:none">${escapeHtml(link.label)}</a></p>
<p style="color:#8a8f99;font-size:12px">${escapeHtml(link.href)}</p>
`
    : ''
}<p style="color:#8a8f99;font-size:12px">${escapeHtml(footer)}</p></body></html>`;
  return { text, html };
}
