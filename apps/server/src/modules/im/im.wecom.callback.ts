import { randomBytes } from 'node:crypto';
import { decrypt, encrypt, getSignature } from '@wecom/crypto';
import { XMLBuilder, XMLParser } from 'fast-xml-parser';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { jobContext } from '../../platform/http/calls.js';
import { safeEqual } from '../../platform/identity/crypto.js';
import { directoryChanged } from '../contacts/contacts.public.js';
import { platformApi } from './im.api.js';
import { decidedLine, decidePress, type PressOutcome } from './im.cards.js';
import type { HolderDeps } from './im.connections.js';
import { connectionTarget, weComCallbackKeys } from './im.service.js';

/**
 * WeCom's callback URL (接收消息服务器, docs/protocols/wecom.md "Callbacks"): `/im/wecom/<company>`, set as the app's
 * "receive messages" server and, with the same Token and EncodingAESKey, as the contacts-sync assistant's. The URL
 * verification (GET, document 90930) and the encrypted event POSTs (90238) are checked as the crypto document (90968)
 * says: the signature over the Token, the time within five minutes (a replay later is refused), the receiveid the
 * company's CorpID. Events: a card's button (template_card_event, 90240: decided and answered with the passive reply
 * that replaces the presser's buttons, 90241) and directory changes (change_contact, 90970: one automatic sync).
 */

/** How far a callback's timestamp may stray from our clock: WeCom retries within seconds; later is a replay. */
const FRESH_SECONDS = 300;
/** An event is a few hundred bytes; WeCom's largest (a member with every field) well under this. */
const BODY_LIMIT = 64 * 1024;

type Fields = Record<string, unknown>;
const parser = new XMLParser({ parseTagValue: false, ignoreAttributes: true, processEntities: false, trimValues: true });
const builder = new XMLBuilder({ cdataPropName: '#cdata' });

/** The `<xml>` element's children; null for anything that is not one (a DOCTYPE is refused outright: no entities). */
function readXml(text: string): Fields | null {
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) return null;
  try {
    const doc = parser.parse(text) as { xml?: unknown };
    return doc.xml && typeof doc.xml === 'object' ? (doc.xml as Fields) : null;
  } catch {
    return null;
  }
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');

interface Query {
  msg_signature?: string;
  timestamp?: string;
  nonce?: string;
  echostr?: string;
}

type Keys = NonNullable<Awaited<ReturnType<typeof weComCallbackKeys>>>;

/** The plaintext of a signed, fresh, encrypted value meant for this corp; null (with why) otherwise. */
function open(keys: Keys, q: Query, encrypted: string): { plain: string } | { why: string } {
  const [sig, ts, nonce] = [q.msg_signature ?? '', q.timestamp ?? '', q.nonce ?? ''];
  if (!sig || !/^\d{1,12}$/.test(ts) || !nonce || !encrypted) return { why: 'missing signature, timestamp, nonce or ciphertext' };
  if (!safeEqual(getSignature(keys.token, ts, nonce, encrypted), sig)) return { why: 'signature does not match' };
  if (Math.abs(Date.now() / 1000 - Number(ts)) > FRESH_SECONDS) return { why: 'timestamp outside five minutes (a replay?)' };
  try {
    const { message, id } = decrypt(keys.aesKey, encrypted);
    if (id !== keys.corpId) return { why: 'meant for another CorpID' };
    return { plain: message };
  } catch {
    return { why: 'does not decrypt with the EncodingAESKey' };
  }
}

/** The encrypted passive reply (document 90241) of a plaintext reply. */
function sealReply(keys: Keys, fields: Fields): string {
  const plain = builder.build({ xml: fields }) as string;
  const encrypted = encrypt(keys.aesKey, plain, keys.corpId);
  const ts = String(Math.floor(Date.now() / 1000));
  const nonce = randomBytes(8).toString('hex');
  return builder.build({
    xml: {
      Encrypt: { '#cdata': encrypted },
      MsgSignature: { '#cdata': getSignature(keys.token, ts, nonce, encrypted) },
      TimeStamp: ts,
      Nonce: { '#cdata': nonce },
    },
  }) as string;
}

/** Tells a presser why nothing happened (a WeCom card has no toast): a text message of the app, best effort. */
async function tellPresser(deps: HolderDeps, companyId: number, userId: string, content: string, log: FastifyBaseLogger): Promise<void> {
  const ctx = jobContext(deps, companyId, { job: 'im.card', account: 'work-app', name: 'Work app' });
  const t = await connectionTarget(ctx, 'wecom');
  if (!t) return;
  await platformApi({ ...t, platform: 'wecom' }, deps.config.contacts)
    .post('/cgi-bin/message/send', { touser: userId, agentid: Number(t.agentId), msgtype: 'text', text: { content } })
    .catch((err: unknown) => log.warn({ err }, 'WeCom: the presser could not be told'));
}

async function onEvent(deps: HolderDeps, companyId: number, keys: Keys, ev: Fields, log: FastifyBaseLogger): Promise<string> {
  const event = text(ev.Event);
  if (text(ev.MsgType) !== 'event') return '';
  if (event === 'change_contact') {
    await directoryChanged(deps.services.jobs, companyId, 'wecom');
    return '';
  }
  if (event !== 'template_card_event') return '';
  const userId = text(ev.FromUserName);
  const o: PressOutcome = await decidePress(
    deps,
    companyId,
    { platform: 'wecom', messageId: text(ev.TaskId), userId, value: text(ev.EventKey), formValue: {} },
    log,
  );
  if (!o.ok) {
    void tellPresser(deps, companyId, userId, o.content, log);
    return '';
  }
  const reply = {
    ToUserName: { '#cdata': userId },
    FromUserName: { '#cdata': keys.corpId },
    CreateTime: Math.floor(Date.now() / 1000),
    MsgType: { '#cdata': 'update_button' },
    Button: { ReplaceName: { '#cdata': decidedLine(o.decided, o.lang, false).slice(0, 48) } },
  };
  return sealReply(keys, reply);
}

/** `GET|POST /im/wecom/:company` (outside /api/: WeCom speaks its own XML). */
export function registerWeComCallback(app: FastifyInstance, deps: HolderDeps): void {
  void app.register(async (r) => {
    r.removeAllContentTypeParsers();
    r.addContentTypeParser('*', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_req, body, done) => done(null, body));
    const handle = async (req: FastifyRequest, reply: FastifyReply) => {
      const { company } = req.params as { company: string };
      const q = req.query as Query;
      const plainText = (code: number, body: string) => reply.code(code).header('content-type', 'text/plain; charset=utf-8').send(body);
      if (!/^\d{1,10}$/.test(company)) return plainText(404, 'not found');
      const companyId = Number(company);
      const ctx = jobContext(deps, companyId, { job: 'im.wecom', account: 'work-app', name: 'Work app' });
      const keys = await weComCallbackKeys(ctx);
      if (!keys) return plainText(404, 'not found');
      const refuse = (why: string) => {
        req.log.warn({ companyId, why }, 'WeCom callback refused');
        return plainText(403, 'refused');
      };
      if (req.method === 'GET') {
        const opened = open(keys, q, q.echostr ?? '');
        return 'why' in opened ? refuse(opened.why) : plainText(200, opened.plain);
      }
      const envelope = readXml(typeof req.body === 'string' ? req.body : '');
      if (!envelope) return refuse('not an XML envelope');
      const opened = open(keys, q, text(envelope.Encrypt));
      if ('why' in opened) return refuse(opened.why);
      const ev = readXml(opened.plain);
      if (!ev) return refuse('the plaintext is not XML');
      const answer = await onEvent(deps, companyId, keys, ev, req.log);
      return reply.code(200).header('content-type', 'text/xml; charset=utf-8').send(answer);
    };
    r.route({ method: ['GET', 'POST'], url: '/im/wecom/:company', handler: handle });
  });
}
