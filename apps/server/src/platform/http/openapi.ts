import {
  allCalls,
  allDownloads,
  type CallDef,
  declaredStatuses,
  EVENT_TYPES,
  eventCatalogue,
  exampleEvent,
  isWriteCall,
  scopeNeeded,
  statusCatalogue,
  statusField,
  statusInfo,
} from '@openvisit/contract';
import { z } from 'zod';

function schemaOf(t: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  try {
    return z.toJSONSchema(t, { io, unrepresentable: 'any' }) as Record<string, unknown>;
  } catch {
    return {};
  }
}

/** The business statuses a call declares, each with its catalogue text and the form field it belongs on. */
function statusesOf(call: CallDef) {
  return declaredStatuses(call).map((code) => {
    const info = statusInfo(code);
    const field = statusField(call, code);
    return { code, name: info?.name, reason: info?.en, ...(field !== undefined && { field }) };
  });
}

function describeStatuses(list: ReturnType<typeof statusesOf>): string {
  if (list.length === 0) return '';
  return `\n\nStatuses beside the universal ones:\n${list.map((s) => `- ${s.code} ${s.name}: ${s.reason}`).join('\n')}`;
}

/** The optional header of every write a session or device makes (platform/http/idempotency.ts). */
const IDEMPOTENCY_PARAMETER = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7e]+$' },
  description:
    'Runs the write once: a repeat within 24 hours with the same body answers the first answer (header Idempotent-Replayed: true); with another body 1407; while the first still runs 1408. Per company and caller.',
};

/** Headers every webhook request carries (Standard Webhooks). */
const WEBHOOK_HEADERS = {
  'webhook-id': "The event's id (msg_…): the same on every attempt, so a repeat can be dropped",
  'webhook-timestamp': 'Unix seconds of this attempt; refuse one far from your clock',
  'webhook-signature': "`v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the secret's key (the base64 after `whsec_`)",
};

/** OpenAPI 3.1's `webhooks`: each event of the catalogue as the request a company's endpoint receives. */
function webhooksOf(): Record<string, unknown> {
  return Object.fromEntries(
    EVENT_TYPES.map((type) => {
      const def = eventCatalogue[type];
      const body = {
        type: 'object',
        required: ['type', 'timestamp', 'data'],
        properties: { type: { const: type }, timestamp: { type: 'string', format: 'date-time' }, data: schemaOf(def.data, 'output') },
      };
      const op = {
        summary: def.label.en,
        description: `${def.when.en}. / ${def.label.zh}：${def.when.zh}。Signed as the Standard Webhooks specification says; answer 2xx within 10 s, anything else is retried (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h).`,
        parameters: Object.entries(WEBHOOK_HEADERS).map(([name, description]) => ({
          name,
          in: 'header',
          required: true,
          description,
          schema: { type: 'string' },
        })),
        requestBody: { required: true, content: { 'application/json': { schema: body, example: exampleEvent(type) } } },
        responses: { '2XX': { description: 'Received' } },
      };
      return [type, { post: op }];
    }),
  );
}

const documents = new Map<string, ReturnType<typeof buildDocument>>();

/**
 * OpenAPI 3.1 document generated from the contract: the same declarations the server runs. Made once per version in a
 * process (some 200 ms of converting every call's schemas): the contract does not change while it runs, and each app
 * the tests build in one worker would otherwise make it again.
 */
export function openApiDocument(version: string): ReturnType<typeof buildDocument> {
  let document = documents.get(version);
  if (!document) {
    document = buildDocument(version);
    documents.set(version, document);
  }
  return document;
}

function buildDocument(version: string) {
  const paths: Record<string, unknown> = {};
  for (const call of allCalls as readonly CallDef[]) {
    const envelope = {
      type: 'object',
      required: ['status', 'reason', 'result'],
      properties: {
        status: { type: 'integer', description: '0 success; otherwise a code of the status catalogue' },
        reason: { type: 'string' },
        result: schemaOf(call.output, 'output'),
      },
    };
    const access =
      call.access === 'public'
        ? 'public'
        : call.access === 'device'
          ? 'a door device (Authorization: Device <eid>.<secret>)'
          : `roles ${call.access.join(', ')}`;
    const statuses = statusesOf(call);
    // What an API key needs to make the call (docs/modules/apiKeys.md); null: no key may.
    const scope = call.access === 'public' || call.access === 'device' ? null : scopeNeeded(call);
    const byKey = scope === null ? '' : ` API key: ${scope === 'any' ? 'any scope' : `scope ${scope}`}.`;
    const op: Record<string, unknown> = {
      operationId: call.name.replace(/\//g, '_'),
      tags: [call.module],
      summary: call.summary,
      description: `Access: ${access}.${byKey}${call.feature ? ` Feature: ${call.feature}.` : ''}${describeStatuses(statuses)}`,
      'x-statuses': statuses,
      ...(scope !== null && { 'x-api-key-scope': scope }),
      security:
        call.access === 'public' ? [] : call.access === 'device' ? [{ device: [] }] : [{ token: [] }, ...(scope === null ? [] : [{ apiKey: [] }])],
      responses: { 200: { description: 'Envelope', content: { 'application/json': { schema: envelope } } } },
    };
    if (call.method === 'GET') {
      const props = (schemaOf(call.input, 'input').properties ?? {}) as Record<string, unknown>;
      op.parameters = Object.entries(props).map(([name, schema]) => ({ name, in: 'query', schema }));
    } else {
      op.requestBody = { required: true, content: { 'application/json': { schema: schemaOf(call.input, 'input') } } };
      if (call.access !== 'public' && isWriteCall(call)) op.parameters = [IDEMPOTENCY_PARAMETER];
    }
    paths[`/api/${call.name}`] = { [call.method === 'GET' ? 'get' : 'post']: op };
  }
  for (const d of allDownloads) {
    const props = (schemaOf(d.input, 'input').properties ?? {}) as Record<string, unknown>;
    // A download needs its area's read scope of a key (downloads.ts), whatever it logs.
    const scope = d.access === 'public' ? null : scopeNeeded({ name: d.name, area: d.area });
    paths[`/api/${d.name}`] = {
      get: {
        operationId: d.name,
        tags: [d.module],
        summary: d.summary,
        description: `Access: ${d.access === 'public' ? 'public' : `roles ${d.access.join(', ')}`}.${scope === null ? '' : ` API key: ${scope === 'any' ? 'any scope' : `scope ${scope}`}.`} Answers the file (${d.contentType}); errors as the JSON envelope.`,
        ...(scope !== null && { 'x-api-key-scope': scope }),
        security: d.access === 'public' ? [] : [{ token: [] }, ...(scope === null ? [] : [{ apiKey: [] }])],
        parameters: Object.entries(props).map(([name, schema]) => ({ name, in: 'query', schema })),
        responses: { 200: { description: 'The file', content: { [d.contentType]: { schema: { type: 'string', format: 'binary' } } } } },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'OpenVisit API',
      version,
      description: `Every call answers HTTP 200 with {status, reason, result}. Status codes:\n\n${statusCatalogue
        .map((s) => `- ${s.code} ${s.name}: ${s.en} / ${s.zh}`)
        .join('\n')}`,
    },
    components: {
      securitySchemes: {
        token: { type: 'apiKey', in: 'header', name: 'X-COOLVISIT-TOKEN' },
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          description:
            "A company's API key (`Authorization: Bearer ovk_…`, Settings › Integrations › API keys), acting as the company's administrator within its scopes: each call names the scope it needs (`x-api-key-scope`; 'any' for the reads every account makes), a write its area's `:write`. Beyond them 610; a revoked key 27, an expired one 29. Under /api/ only.",
        },
        device: {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          description:
            'Calls made by door devices: `Authorization: Device <eid>.<secret>`, the device id and the 43-character secret (256 random bits, base64url) shown once when the device was added or its secret rotated. No credential answers 28, a session token 610, an unknown device or a wrong or revoked secret 1111, a disabled device 1130.',
        },
      },
    },
    paths,
    webhooks: webhooksOf(),
  };
}
