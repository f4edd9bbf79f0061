import { createHash, createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Aliyun's and Tencent Cloud's SMS APIs as their documents describe them, on 127.0.0.1: each checks what the real one
 * checks that a stand-in can (the action and version, the required parameters, the signature computed with the test
 * secret) and answers in the documented shapes, including the refusals. `refuse` makes the next sends fail the way a
 * provider does when a number hits its rate limit.
 *
 *   Aliyun  SendSms, RPC over POST, V3 signature: Authorization `ACS3-HMAC-SHA256 Credential=<AccessKeyId>,
 *           SignedHeaders=<names>,Signature=<hex>` over the canonical request (method, path, sorted query,
 *           host/content-type/x-acs-* headers, x-acs-content-sha256). Answer {RequestId, Code, Message, BizId}.
 *   Tencent SendSms 2021-01-11, TC3-HMAC-SHA256: Authorization `TC3-HMAC-SHA256 Credential=<SecretId>/<date>/<service>/
 *           tc3_request, SignedHeaders=content-type;host, Signature=<hex>`, X-TC-Action/Version/Timestamp/Region
 *           headers, a JSON body. Answer {Response: {SendStatusSet, RequestId}} or {Response: {Error, RequestId}}.
 */

function listen(server: http.Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

function readBody(req: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
  });
}

const sha256 = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');
const hmac = (key: Buffer | string, s: string) => createHmac('sha256', key).update(s).digest();
const requestId = () => `${Date.now().toString(16)}-TEST`;

function answer(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

export interface CloudFake {
  url: string;
  /** What was sent, as the API understood it. */
  received: Record<string, unknown>[];
  /** The next sends' refusal; null sends. */
  refuse: null | 'limit' | 'down';
  close(): Promise<void>;
}

async function start(handler: (fake: CloudFake, req: http.IncomingMessage, body: Buffer, res: http.ServerResponse) => void): Promise<CloudFake> {
  const fake = { received: [], refuse: null } as unknown as CloudFake;
  const server = http.createServer(async (req, res) => handler(fake, req, await readBody(req), res));
  const port = await listen(server);
  fake.url = `http://127.0.0.1:${port}`;
  fake.close = async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  };
  return fake;
}

/** RFC 3986 as Aliyun's V3 signature encodes query values. */
const acsEncode = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function aliyunSignature(req: http.IncomingMessage, body: Buffer, secret: string, signed: string[]): string {
  const url = new URL(req.url ?? '/', 'http://x');
  const query = [...url.searchParams.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${acsEncode(v)}`)
    .join('&');
  const headers = signed.map((h) => `${h}:${String(req.headers[h] ?? '').trim()}\n`).join('');
  const canonical = [req.method, url.pathname, query, headers, signed.join(';'), sha256(body)].join('\n');
  return createHmac('sha256', secret)
    .update(`ACS3-HMAC-SHA256\n${sha256(canonical)}`)
    .digest('hex');
}

/** Aliyun's SMS API (dysmsapi 2017-05-25) for one AccessKey. */
export function startAliyunSms(accessKeyId: string, secret: string): Promise<CloudFake> {
  return start((fake, req, body, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const q = Object.fromEntries(url.searchParams);
    const fail = (status: number, Code: string, Message: string) => answer(res, status, { RequestId: requestId(), Code, Message });
    if (req.method !== 'POST' || url.pathname !== '/')
      return fail(404, 'InvalidAction.NotFound', 'Specified api is not found, please check your url and method.');
    if (req.headers['x-acs-action'] !== 'SendSms' || req.headers['x-acs-version'] !== '2017-05-25')
      return fail(404, 'InvalidAction.NotFound', 'Specified api is not found, please check your url and method.');
    const auth = /^ACS3-HMAC-SHA256 Credential=([^,]+),SignedHeaders=([^,]+),Signature=([0-9a-f]{64})$/.exec(String(req.headers.authorization ?? ''));
    if (!auth) return fail(400, 'IncompleteSignature', 'The request signature does not conform to Aliyun standards.');
    if (auth[1] !== accessKeyId) return fail(404, 'InvalidAccessKeyId.NotFound', 'Specified access key is not found.');
    const signed = (auth[2] ?? '').split(';');
    if (!signed.includes('host') || !signed.includes('x-acs-date') || req.headers['x-acs-content-sha256'] !== sha256(body))
      return fail(400, 'IncompleteSignature', 'The request signature does not conform to Aliyun standards.');
    if (aliyunSignature(req, body, secret, signed) !== auth[3])
      return fail(400, 'SignatureDoesNotMatch', 'Specified signature is not matched with our calculation.');
    for (const p of ['PhoneNumbers', 'SignName', 'TemplateCode']) if (!q[p]) return fail(400, `Missing${p}`, `${p} is mandatory for this action.`);
    let params: unknown;
    try {
      params = q.TemplateParam ? JSON.parse(q.TemplateParam) : {};
    } catch {
      return fail(200, 'isv.INVALID_JSON_PARAM', 'JSON参数不合法，只接受字符串值');
    }
    if (!params || typeof params !== 'object' || Object.values(params).some((v) => typeof v !== 'string'))
      return fail(200, 'isv.INVALID_JSON_PARAM', 'JSON参数不合法，只接受字符串值');
    fake.received.push({ ...q, TemplateParam: params });
    if (fake.refuse === 'down') return fail(503, 'ServiceUnavailable', 'The request has failed due to a temporary failure of the server.');
    if (fake.refuse === 'limit') return fail(200, 'isv.BUSINESS_LIMIT_CONTROL', '触发号码天级流控Permits:10');
    answer(res, 200, { RequestId: requestId(), Code: 'OK', Message: 'OK', BizId: `${Date.now()}^0` });
  });
}

/** Tencent Cloud's SMS API (2021-01-11) for one SecretId and one SMS application. */
export function startTencentSms(secretId: string, secretKey: string): Promise<CloudFake> {
  return start((fake, req, body, res) => {
    const fail = (Code: string, Message: string) => answer(res, 200, { Response: { Error: { Code, Message }, RequestId: requestId() } });
    if (req.method !== 'POST') return fail('UnsupportedOperation', 'Only POST is supported here.');
    if (req.headers['x-tc-action'] !== 'SendSms') return fail('InvalidAction', 'The action is not found.');
    if (req.headers['x-tc-version'] !== '2021-01-11') return fail('NoSuchVersion', 'The API version does not exist.');
    if (!req.headers['x-tc-region']) return fail('MissingParameter', 'The X-TC-Region header is missing.');
    const auth =
      /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/([^/]+)\/tc3_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(
        String(req.headers.authorization ?? ''),
      );
    if (!auth) return fail('AuthFailure.SignatureFailure', 'The provided credentials could not be validated.');
    const [, id, date, service, signedList, signature] = auth as unknown as string[];
    if (id !== secretId) return fail('AuthFailure.SecretIdNotFound', 'The SecretId is not found.');
    const timestamp = Number(req.headers['x-tc-timestamp']);
    const host = String(req.headers.host ?? '').replace(/:\d+$/, '');
    // The service in the credential scope is the endpoint's first label (sms for sms.tencentcloudapi.com).
    if (new Date(timestamp * 1000).toISOString().slice(0, 10) !== date || service !== host.split('.')[0])
      return fail('AuthFailure.SignatureFailure', 'The credential scope does not match the request.');
    const signed = (signedList ?? '').split(';');
    const headers = signed
      .map(
        (h) =>
          `${h}:${
            h === 'host'
              ? host
              : String(req.headers[h] ?? '')
                  .trim()
                  .toLowerCase()
          }\n`,
      )
      .join('');
    const canonical = ['POST', '/', '', headers, signed.join(';'), sha256(body)].join('\n');
    const toSign = `TC3-HMAC-SHA256\n${timestamp}\n${date}/${service}/tc3_request\n${sha256(canonical)}`;
    const key = hmac(hmac(hmac(`TC3${secretKey}`, date ?? ''), service ?? ''), 'tc3_request');
    if (createHmac('sha256', key).update(toSign).digest('hex') !== signature)
      return fail('AuthFailure.SignatureFailure', 'The provided credentials could not be validated. Please check your signature is correct.');
    let p: Record<string, unknown>;
    try {
      p = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
    } catch {
      return fail('InvalidParameter', 'The request body is not JSON.');
    }
    for (const name of ['PhoneNumberSet', 'SmsSdkAppId', 'TemplateId'])
      if (!p[name]) return fail('MissingParameter', `The parameter \`${name}\` is missing.`);
    const phones = p.PhoneNumberSet as unknown[];
    if (!Array.isArray(phones) || phones.some((n) => typeof n !== 'string' || !/^\+\d{6,15}$/.test(n)))
      return fail('InvalidParameterValue.IncorrectPhoneNumber', 'The phone number format is incorrect.');
    if (p.TemplateParamSet !== undefined && (!Array.isArray(p.TemplateParamSet) || p.TemplateParamSet.some((v) => typeof v !== 'string')))
      return fail('InvalidParameterValue.TemplateParameterFormatError', 'The template parameters are not strings.');
    fake.received.push(p);
    if (fake.refuse === 'down') return fail('InternalError.Timeout', 'The request timed out.');
    const status = (phone: string) =>
      fake.refuse === 'limit'
        ? {
            Code: 'LimitExceeded.PhoneNumberDailyLimit',
            Message: 'the number of sms messages sent from a single mobile number every day exceeds the upper limit',
          }
        : { Code: 'Ok', Message: 'send success', SerialNo: `2640:${Date.now()}`, PhoneNumber: phone };
    answer(res, 200, {
      Response: {
        SendStatusSet: phones.map((phone) => ({
          Fee: 1,
          SessionContext: '',
          IsoCode: 'CN',
          PhoneNumber: phone,
          SerialNo: '',
          ...status(String(phone)),
        })),
        RequestId: requestId(),
      },
    });
  });
}
