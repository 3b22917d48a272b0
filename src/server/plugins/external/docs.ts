import swagger, { type StaticDocumentSpec } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

/**
 * The contract's interactive docs (Swagger UI) at /api/docs, from the bundled contract as it is
 * (@fastify/swagger in static mode). Registered inside /api; the pages' security headers apply.
 */
export default async function docs(api: FastifyInstance, opts: { spec: object }) {
  api.addHook('onRequest', api.pageHeaders);
  await api.register(swagger, {
    mode: 'static',
    // The contract is OpenAPI 3.1; the plugin's type names only 2 and 3.0 and serves the document as it is.
    specification: { document: opts.spec as StaticDocumentSpec['document'] },
  });
  await api.register(swaggerUi, { routePrefix: '/docs', uiConfig: { deepLinking: true } });
}
