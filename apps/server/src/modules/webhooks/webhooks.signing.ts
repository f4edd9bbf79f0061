import { createHmac, randomBytes } from 'node:crypto';

/**
 * Standard Webhooks (https://www.standardwebhooks.com): a secret is `whsec_` and the base64 of its key's bytes; each
 * request carries `webhook-id`, `webhook-timestamp` (Unix seconds) and `webhook-signature`, `v1,` and the base64
 * HMAC-SHA256 of `id.timestamp.body` under the key. A receiver verifies with the specification's libraries.
 */
const PREFIX = 'whsec_';

export function newSecret(): string {
  return PREFIX + randomBytes(32).toString('base64');
}

export function signedHeaders(secret: string, msgId: string, at: Date, body: string): Record<string, string> {
  const timestamp = String(Math.floor(at.getTime() / 1000));
  const key = Buffer.from(secret.slice(PREFIX.length), 'base64');
  const signature = createHmac('sha256', key).update(`${msgId}.${timestamp}.${body}`).digest('base64');
  return {
    'content-type': 'application/json',
    'user-agent': 'OpenVisit-Webhooks/1',
    'webhook-id': msgId,
    'webhook-timestamp': timestamp,
    'webhook-signature': `v1,${signature}`,
  };
}
