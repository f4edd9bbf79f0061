/**
 * The original's clients do not send a password as typed: `lftPwdRule(pwd, 3, 5)` inserts five random characters at
 * index 3, reverses the string, encodes it in Base64 (UTF-8) and inserts five more random characters at index 5. That
 * is transport only (anyone can undo it); undone here, the password is checked against our argon2id hash like any other.
 */
const INSERTED = 5;
const FIRST_AT = 3;
const SECOND_AT = 5;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const utf8 = new TextDecoder('utf-8', { fatal: true });
/** No one types these: Base64 that decodes to them was not a scrambled password. */
const isControl = (ch: string) => {
  const code = ch.charCodeAt(0);
  return code < 0x20 || code === 0x7f;
};

/** The password a scrambled one stands for, or null when `sent` is not a scramble (then it is taken as typed). */
export function undoLftPwdRule(sent: string): string | null {
  // The shortest: an empty password's five characters, 8 in Base64, and five more.
  if (sent.length < 8 + INSERTED) return null;
  const encoded = sent.slice(0, SECOND_AT) + sent.slice(SECOND_AT + INSERTED);
  if (encoded.length % 4 !== 0 || !BASE64.test(encoded)) return null;
  let reversed: string;
  try {
    reversed = utf8.decode(Buffer.from(encoded, 'base64'));
  } catch {
    return null;
  }
  // By UTF-16 code units, as the client's split('').reverse() did.
  const padded = reversed.split('').reverse().join('');
  if (padded.length < INSERTED + 1 || [...padded].some(isControl)) return null;
  // A password shorter than 3 had its five characters appended.
  const at = Math.min(FIRST_AT, padded.length - INSERTED);
  return padded.slice(0, at) + padded.slice(at + INSERTED);
}
