import { idNumberKey } from '../personData.js';
import type { SecretBox } from './crypto.js';

/*
 * ID numbers kept only as needed (issue 41, docs/modules/privacy.md "ID numbers"): where a number is only matched
 * (the blacklist), the server keeps a keyed hash to match by and a masked form to show, never the number itself.
 */

/**
 * The keyed hash an ID number is matched by ('' for none): equal numbers give equal hashes under this server's key,
 * and neither the hash nor a copy of the table gives the number back (a dictionary of all numbers needs the key).
 */
export function idNumberHash(secrets: SecretBox, idNumber: string): string {
  const n = idNumberKey(idNumber);
  return n ? secrets.mac('idNumber', n) : '';
}
