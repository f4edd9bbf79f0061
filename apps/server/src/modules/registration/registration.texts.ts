import type { In } from '@openvisit/contract';
import { decodeHTMLStrict } from 'entities';

/**
 * The spec's `/htmlUnescape`: every character reference decoded, by HTML's own list of names (the maintained `entities`
 * package, which browsers' parsers follow); strict, so `&copy` without its `;` or an unknown `&name;` stays as written.
 */
export function htmlUnescape(input: In<'htmlUnescape'>): string {
  return decodeHTMLStrict(input.content);
}
