import { z } from 'zod';
import { defineCall } from '../call.js';
import { Role } from '../lookups.js';

/** The longest text `htmlUnescape` takes: a visitor protocol (20 000 characters) with every character escaped. */
export const HTML_UNESCAPE_MAX = 200_000;

/**
 * The spec's `/htmlUnescape` (section 7, "Other"): the original kept the texts the console edits as rich text (the
 * visitor protocol, the escape clause) HTML-escaped and asked the server for them back as they were typed. The answer
 * is `content` with every character reference decoded — named (`&lt;`, `&eacute;`…, HTML's whole list, each with its
 * `;`), decimal (`&#39;`) and hexadecimal (`&#x4E2D;`) — and nothing else changed: unknown names stay as written, a
 * reference to no character (0, a surrogate) is U+FFFD. Markup in the answer is text for the caller to show as text.
 */
export const htmlUnescape = defineCall({
  name: 'htmlUnescape',
  area: 'registration',
  module: 'registration',
  summary: 'The given text with its HTML character references (named, decimal, hexadecimal) decoded',
  access: Object.values(Role),
  input: z.object({ content: z.string().max(HTML_UNESCAPE_MAX, 'tooLong') }),
  output: z.string(),
});

export const htmlTextCalls = [htmlUnescape] as const;
