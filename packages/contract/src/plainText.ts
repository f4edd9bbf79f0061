import { z } from 'zod';

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * The text the kiosk shows, printed and stored as plain text: HTML (as the original stored the protocol) becomes its
 * words — line and paragraph breaks kept, scripts, styles and every other tag dropped, entities decoded — so nothing a
 * settings page holds can turn into markup on a kiosk. Control characters go; runs of blank lines shrink to one.
 */
export function toPlainText(s: string): string {
  let v = s.replace(/\r\n?/g, '\n');
  if (/[<&]/.test(v)) {
    v = v
      .replace(/<(script|style|template)\b[\s\S]*?<\/\1\s*>/gi, '')
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(/<\s*br\s*\/?>/gi, '\n')
      .replace(/<\s*li\b[^>]*>/gi, '\n• ')
      .replace(/<\/\s*(p|div|li|ul|ol|h[1-6]|tr|table|section|blockquote)\s*>/gi, '\n')
      .replace(/<\/?[A-Za-z!][^>]*>/g, '')
      .replace(/&(#\d{1,7}|#x[0-9a-f]{1,6}|[a-z]+);/gi, (whole, name: string) => {
        if (name.startsWith('#x') || name.startsWith('#X')) return safeChar(Number.parseInt(name.slice(2), 16), whole);
        if (name.startsWith('#')) return safeChar(Number.parseInt(name.slice(1), 10), whole);
        return ENTITIES[name.toLowerCase()] ?? whole;
      });
  }
  return v
    .replace(/[^\P{Cc}\n\t]/gu, '')
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+$/u, ''))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function safeChar(code: number, fallback: string): string {
  if (!Number.isFinite(code) || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return fallback;
  return String.fromCodePoint(code);
}

/** Plain text (toPlainText) of at most `max` characters once cleaned; far longer input is refused before cleaning. */
export const zPlainText = (max: number) =>
  z
    .string()
    .max(max * 4, 'tooLong')
    .transform(toPlainText)
    .pipe(z.string().max(max, 'tooLong'));
