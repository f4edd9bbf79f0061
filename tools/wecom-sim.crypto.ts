// WeCom's callback cryptography and the little XML it travels in, written from the published description
// (加解密方案说明, https://developer.work.weixin.qq.com/document/path/90968 and /91144), with node:crypto only.
// Deliberately NOT @wecom/crypto: the server uses that package, and a simulator sharing it would hide a shared mistake.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/** The 32-byte AES key: Base64_Decode(EncodingAESKey + "="). EncodingAESKey is 43 characters of [a-zA-Z0-9]. */
export function aesKeyOf(encodingAESKey: string): Buffer {
  if (!/^[a-zA-Z0-9]{43}$/.test(encodingAESKey)) throw new Error('EncodingAESKey must be 43 characters of a-z, A-Z, 0-9');
  const key = Buffer.from(`${encodingAESKey}=`, 'base64');
  if (key.length !== 32) throw new Error('EncodingAESKey does not decode to 32 bytes');
  return key;
}

/** A fresh EncodingAESKey, as the admin console's "random" button makes one. */
export function newEncodingAESKey(): string {
  // 32 random bytes in base64 are 44 characters ending in '='; the key is the first 43 when they are all alphanumeric.
  for (;;) {
    const b64 = randomBytes(32).toString('base64').slice(0, 43);
    if (/^[a-zA-Z0-9]{43}$/.test(b64)) return b64;
  }
}

/** msg_signature = SHA1 of the four strings sorted lexicographically and concatenated (token, timestamp, nonce, msg_encrypt). */
export function msgSignature(token: string, timestamp: string, nonce: string, encrypted: string): string {
  return createHash('sha1').update([token, timestamp, nonce, encrypted].sort().join('')).digest('hex');
}

/** PKCS#7 padded to a multiple of 32 bytes (the document's block size, not AES's 16): pad value 1..32. */
function pad32(buf: Buffer): Buffer {
  const n = 32 - (buf.length % 32);
  return Buffer.concat([buf, Buffer.alloc(n, n)]);
}

/** msg_encrypt = Base64(AES-256-CBC(random16 ‖ msg_len (4 bytes, network order) ‖ msg ‖ receiveid)), IV = key[0..16). */
export function encryptMsg(encodingAESKey: string, msg: string, receiveId: string): string {
  const key = aesKeyOf(encodingAESKey);
  const body = Buffer.from(msg, 'utf8');
  const len = Buffer.alloc(4);
  len.writeUInt32BE(body.length, 0);
  const plain = pad32(Buffer.concat([randomBytes(16), len, body, Buffer.from(receiveId, 'utf8')]));
  const cipher = createCipheriv('aes-256-cbc', key, key.subarray(0, 16));
  cipher.setAutoPadding(false);
  return Buffer.concat([cipher.update(plain), cipher.final()]).toString('base64');
}

/** The inverse; throws on a bad length, a bad pad (1..32, all bytes equal) or a truncated message. */
export function decryptMsg(encodingAESKey: string, encrypted: string): { msg: string; receiveId: string } {
  const key = aesKeyOf(encodingAESKey);
  const data = Buffer.from(encrypted, 'base64');
  if (data.length === 0 || data.length % 32 !== 0) throw new Error(`ciphertext length ${data.length} is not a multiple of 32`);
  const decipher = createDecipheriv('aes-256-cbc', key, key.subarray(0, 16));
  decipher.setAutoPadding(false);
  const plain = Buffer.concat([decipher.update(data), decipher.final()]);
  const n = plain[plain.length - 1] ?? 0;
  if (n < 1 || n > 32 || plain.subarray(plain.length - n).some((b) => b !== n)) throw new Error('bad PKCS#7 padding (block size 32)');
  const content = plain.subarray(0, plain.length - n);
  if (content.length < 20) throw new Error('plaintext shorter than random16 + msg_len');
  const len = content.readUInt32BE(16);
  if (20 + len > content.length) throw new Error('msg_len runs past the plaintext');
  return { msg: content.subarray(20, 20 + len).toString('utf8'), receiveId: content.subarray(20 + len).toString('utf8') };
}

export const nonce = (): string => String(Math.floor(Math.random() * 1e10));
export const unixNow = (): string => String(Math.floor(Date.now() / 1000));

// ---------------------------------------------------------------- XML
/** A parsed element: text for a leaf, children by tag name (an array when the tag repeats) otherwise. */
export type XmlValue = string | XmlObject | XmlValue[];
export interface XmlObject {
  [tag: string]: XmlValue;
}

const cdata = (s: string): string => `<![CDATA[${s.replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;

/** `<xml>` with one child per key: numbers bare, strings in CDATA, objects nested, arrays repeated, undefined left out. */
export function buildXml(fields: Record<string, unknown>, root = 'xml'): string {
  return `<${root}>${Object.entries(fields)
    .map(([k, v]) => element(k, v))
    .join('')}</${root}>`;
}
function element(tag: string, v: unknown): string {
  if (v === undefined || v === null) return '';
  if (Array.isArray(v)) return v.map((item) => element(tag, item)).join('');
  if (typeof v === 'number') return `<${tag}>${v}</${tag}>`;
  if (typeof v === 'object') return buildXml(v as Record<string, unknown>, tag);
  return `<${tag}>${cdata(String(v))}</${tag}>`;
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
const unescapeXml = (s: string): string => s.replace(/&(lt|gt|amp|quot|apos);/g, (_, e: string) => ENTITIES[e] ?? '');

/** A small XML reader for WeCom's documents: elements, CDATA, entities; attributes and comments ignored. Throws on malformed input. */
export function parseXml(text: string): XmlObject {
  const src = text
    .replace(/^\uFEFF/, '')
    .replace(/<\?xml[^>]*\?>/, '')
    .trim();
  const [top] = readChildren(src, 0, null);
  const roots = typeof top === 'string' || Array.isArray(top) ? [] : Object.values(top);
  if (roots.length !== 1 || Array.isArray(roots[0])) throw new Error('not one root element');
  // The root's content: an empty root (<xml></xml>) reads as no fields.
  return typeof roots[0] === 'string' ? {} : (roots[0] as XmlObject);
}

function readChildren(src: string, start: number, closing: string | null): [XmlValue, number] {
  const out: XmlObject = {};
  let text = '';
  let hasChild = false;
  let i = start;
  while (i < src.length) {
    if (src.startsWith('<![CDATA[', i)) {
      const e = src.indexOf(']]>', i);
      if (e < 0) throw new Error('unterminated CDATA');
      text += src.slice(i + 9, e);
      i = e + 3;
    } else if (src.startsWith('<!--', i)) {
      const e = src.indexOf('-->', i);
      i = e < 0 ? src.length : e + 3;
    } else if (src.startsWith('</', i)) {
      const e = src.indexOf('>', i);
      const name = src.slice(i + 2, e).trim();
      if (name !== closing) throw new Error(`</${name}> closes <${closing ?? 'nothing'}>`);
      return [hasChild ? out : text, e + 1];
    } else if (src[i] === '<') {
      const e = src.indexOf('>', i);
      if (e < 0) throw new Error('unterminated tag');
      const raw = src.slice(i + 1, e);
      const selfClosing = raw.endsWith('/');
      const name = raw.replace(/\/$/, '').trim().split(/\s/)[0] ?? '';
      if (!/^[A-Za-z_][\w.-]*$/.test(name)) throw new Error(`bad tag <${raw}>`);
      const [child, next] = selfClosing ? ['', e + 1] : readChildren(src, e + 1, name);
      add(out, name, child);
      hasChild = true;
      i = next;
    } else {
      const e = src.indexOf('<', i);
      const stop = e < 0 ? src.length : e;
      text += unescapeXml(src.slice(i, stop));
      i = stop;
    }
  }
  if (closing !== null) throw new Error(`<${closing}> is not closed`);
  return [out, i];
}

function add(out: XmlObject, name: string, child: XmlValue): void {
  const prev = out[name];
  if (prev === undefined) out[name] = child;
  else if (Array.isArray(prev)) prev.push(child);
  else out[name] = [prev, child];
}

/** The text of a leaf child ('' when absent or not a leaf). */
export const textOf = (o: XmlObject, tag: string): string => (typeof o[tag] === 'string' ? (o[tag] as string) : '');
