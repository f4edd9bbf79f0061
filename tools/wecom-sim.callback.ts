// WeCom calling the app's callback URL (接收消息服务器): the URL verification GET an administrator triggers by saving
// the settings, and encrypted event POSTs (template_card_event, change_contact). A POST not answered with HTTP 200
// within 5 s is sent again, three more times (接收消息与事件, document 90238: "五秒内收不到响应会断掉连接，并且重新发起
// 请求，总共重试三次"). The answer is validated as the passive-reply document (90241) and the crypto document (90968) say.
import { buildXml, decryptMsg, encryptMsg, msgSignature, nonce, parseXml, textOf, unixNow, type XmlObject } from './wecom-sim.crypto.js';
import type { WeComApp } from './wecom-sim.state.js';

/** Who WeCom calls: an app (agentId) or the corp's contacts-sync assistant (通讯录同步, agentId null). */
export type Receiver = Pick<WeComApp, 'corpId' | 'callback'> & { agentId: number | null };

export interface CallbackAttempt {
  at: number;
  ms: number;
  /** HTTP status, null when the connection failed or timed out. */
  status: number | null;
  error?: string;
}
export interface Delivery {
  id: number;
  corpId: string;
  /** null: the contacts-sync assistant. */
  agentId: number | null;
  /** The plaintext event, as fields (Event, ChangeType, EventKey…) and as the XML that was encrypted. */
  fields: Record<string, unknown>;
  plaintext: string;
  attempts: CallbackAttempt[];
  /** true once an attempt got HTTP 200 within the time limit. */
  delivered: boolean;
  /** The answering attempt's body, and what it decrypted to (null: an empty answer). */
  reply: string;
  answer: XmlObject | null;
  /** Why the answer is not a valid passive reply (bad signature, not encrypted, wrong receiveid…), null when valid. */
  answerError: string | null;
  ms: number;
}
export interface CallbackOptions {
  /** WeCom's limit per attempt: 5000 ms. */
  timeoutMs: number;
  /** Attempts after the first: 3. */
  retries: number;
  /** Pause before a retry; the documents name none (choice: 1000 ms; tests use less). */
  retryDelayMs: number;
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
let nextDelivery = 1;

/** The signed query and encrypted body of one callback POST. */
export function sealEvent(app: Receiver, plaintext: string): { query: string; body: string } {
  const cb = app.callback;
  if (!cb) throw new Error(`app ${app.agentId} has no callback URL`);
  const encrypted = encryptMsg(cb.encodingAESKey, plaintext, app.corpId);
  const [timestamp, n] = [unixNow(), nonce()];
  const query = new URLSearchParams({ msg_signature: msgSignature(cb.token, timestamp, n, encrypted), timestamp, nonce: n }).toString();
  // The assistant has no agent: its envelope carries no AgentID (a choice: the documents show apps' envelopes only).
  const agent = app.agentId === null ? {} : { AgentID: String(app.agentId) };
  return { query, body: buildXml({ ToUserName: app.corpId, ...agent, Encrypt: encrypted }) };
}

async function attempt(url: string, body: string, timeoutMs: number): Promise<CallbackAttempt & { text?: string }> {
  const at = Date.now();
  try {
    const res = await fetch(url, { method: 'POST', body, headers: { 'content-type': 'text/xml' }, signal: AbortSignal.timeout(timeoutMs) });
    const text = await res.text();
    return { at, ms: Date.now() - at, status: res.status, text };
  } catch (e) {
    const timedOut = e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError');
    return { at, ms: Date.now() - at, status: null, error: timedOut ? `no answer within ${timeoutMs} ms` : String((e as Error).cause ?? e) };
  }
}

/** POSTs one event until an attempt is answered with 200 in time, or the retries run out. */
export async function deliver(app: Receiver, fields: Record<string, unknown>, opts: CallbackOptions): Promise<Delivery> {
  const plaintext = buildXml(fields);
  const { query, body } = sealEvent(app, plaintext);
  const url = `${app.callback!.url}${app.callback!.url.includes('?') ? '&' : '?'}${query}`;
  const d: Delivery = {
    id: nextDelivery++,
    corpId: app.corpId,
    agentId: app.agentId,
    fields,
    plaintext,
    attempts: [],
    delivered: false,
    reply: '',
    answer: null,
    answerError: null,
    ms: 0,
  };
  const start = Date.now();
  for (let i = 0; i <= opts.retries; i++) {
    if (i > 0) await sleep(opts.retryDelayMs);
    const a = await attempt(url, body, opts.timeoutMs);
    const { text, ...rec } = a;
    d.attempts.push(rec);
    if (a.status === 200) {
      d.delivered = true;
      d.ms = a.ms;
      d.reply = text ?? '';
      Object.assign(d, readReply(app, d.reply));
      break;
    }
  }
  if (!d.delivered) d.ms = Date.now() - start;
  return d;
}

/**
 * A passive reply: empty (nothing to do), or `<xml><Encrypt/><MsgSignature/><TimeStamp/><Nonce/></xml>` whose signature
 * is SHA1(sort(token, TimeStamp, Nonce, Encrypt)) and whose plaintext carries the corpid as receiveid.
 */
export function readReply(app: Receiver, reply: string): { answer: XmlObject | null; answerError: string | null } {
  if (reply === '') return { answer: null, answerError: null };
  const cb = app.callback!;
  let outer: XmlObject;
  try {
    outer = parseXml(reply);
  } catch (e) {
    return { answer: null, answerError: `the answer is neither empty nor XML (${(e as Error).message}): ${reply.slice(0, 80)}` };
  }
  const [enc, sig, ts, n] = ['Encrypt', 'MsgSignature', 'TimeStamp', 'Nonce'].map((k) => textOf(outer, k));
  if (!enc) return { answer: null, answerError: 'the answer is not encrypted (no <Encrypt>): WeCom takes encrypted replies only' };
  if (!sig || !ts || !n) return { answer: null, answerError: 'the answer lacks MsgSignature, TimeStamp or Nonce' };
  if (msgSignature(cb.token, ts, n, enc) !== sig)
    return { answer: null, answerError: 'MsgSignature does not match SHA1(sort(token, TimeStamp, Nonce, Encrypt))' };
  try {
    const { msg, receiveId } = decryptMsg(cb.encodingAESKey, enc);
    if (receiveId !== app.corpId) return { answer: null, answerError: `receiveid is '${receiveId}', not the corpid` };
    return { answer: parseXml(msg), answerError: null };
  } catch (e) {
    return { answer: null, answerError: `the answer does not decrypt: ${(e as Error).message}` };
  }
}

export interface Verification {
  ok: boolean;
  status: number | null;
  body: string;
  expected: string;
  error?: string;
}

/**
 * The URL verification (回调配置, document 90930): GET url?msg_signature&timestamp&nonce&echostr with echostr encrypted;
 * the answer must be the decrypted plaintext exactly (no quotes, BOM or newline) within 1 s.
 */
export async function verifyUrl(app: Receiver, timeoutMs: number): Promise<Verification> {
  const cb = app.callback!;
  const expected = String(Math.floor(Math.random() * 1e18));
  const echostr = encryptMsg(cb.encodingAESKey, expected, app.corpId);
  const [timestamp, n] = [unixNow(), nonce()];
  const q = new URLSearchParams({ msg_signature: msgSignature(cb.token, timestamp, n, echostr), timestamp, nonce: n, echostr });
  const url = `${cb.url}${cb.url.includes('?') ? '&' : '?'}${q}`;
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    const body = await res.text();
    return { ok: res.status === 200 && body === expected, status: res.status, body, expected };
  } catch (e) {
    return { ok: false, status: null, body: '', expected, error: String((e as Error).cause ?? (e as Error).message) };
  }
}
