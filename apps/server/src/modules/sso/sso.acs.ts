import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from '../../platform/http/errors.js';
import { acsUrlOf, nodeSaml, spEntityIdOf } from './sso.saml.js';
import { type SsoDeps, samlAcs } from './sso.signin.js';
import { ssoFlowsRepository } from './sso.system.repository.js';

/** A SAML answer with its certificates runs to tens of kilobytes; a megabyte is room for any provider's. */
const BODY_LIMIT = 1024 * 1024;

/**
 * `POST /api/sso/saml/acs`: where every SAML provider posts its answer (HTTP-POST binding, a form the browser submits),
 * answered with a redirect to the console's /signin/sso; `GET /api/sso/saml/:id/metadata`: our service provider's
 * metadata for a connection (its entity ID, the ACS), for the administrator to give the provider.
 */
export function registerSamlRoutes(app: FastifyInstance, deps: SsoDeps): void {
  void app.register(async (r) => {
    r.removeAllContentTypeParsers();
    r.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_req, body, done) => done(null, body));
    r.post('/api/sso/saml/acs', async (req, reply) => {
      const form = new URLSearchParams(typeof req.body === 'string' ? req.body : '');
      const relayState = (form.get('RelayState') ?? '').slice(0, 200);
      let to = `${deps.config.publicUrl}/signin/sso?${new URLSearchParams({ state: relayState })}`;
      try {
        to = await samlAcs(deps, { samlResponse: form.get('SAMLResponse') ?? '', relayState });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        req.log.warn({ reason: err.message }, 'SAML answer refused');
      }
      return reply.code(303).header('location', to).header('cache-control', 'no-store').send();
    });
  });
  app.get('/api/sso/saml/:id/metadata', async (req, reply: FastifyReply) => {
    const { id } = req.params as { id: string };
    const c = /^\d{1,9}$/.test(id) ? await ssoFlowsRepository(deps.system).samlConnection(Number(id)) : undefined;
    if (!c) return reply.code(404).header('content-type', 'text/plain; charset=utf-8').send('not found');
    const { generateServiceProviderMetadata } = await nodeSaml();
    const xml = generateServiceProviderMetadata({
      issuer: spEntityIdOf(deps.config, c.id),
      callbackUrl: acsUrlOf(deps.config),
      wantAssertionsSigned: true,
      identifierFormat: null,
    });
    return reply.header('content-type', 'application/samlmetadata+xml; charset=utf-8').send(xml);
  });
}
