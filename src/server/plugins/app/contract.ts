import multipart from '@fastify/multipart';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import openapiGlue, { type FastifyOpenapiGlueOptions } from 'fastify-openapi-glue';
import { stringify } from 'yaml';
import { glueCopy, type LoadedContract } from '../../contract';
import { handlerFor } from '../../handlers';
import { refuseUnknownParts } from '../../http/body-fields';
import { operationGuard } from '../../http/guard';
import { rateLimitHandlers } from '../../http/rate-limits';
import { keepRawBody, RAW_BODY_OPERATIONS } from '../../integrations/payments/raw-body';
import docs from '../external/docs';

// Contract operations answer per caller (profiles, lists, exports, session tokens): no browser or
// proxy may keep a copy. The docs, the contract file and static files keep their own caching.
const noStore: onRequestHookHandler = (_req, reply, done) => {
  reply.header('cache-control', 'no-store');
  done();
};

/**
 * Every operation of the contract (openapi/) under /api, routed and validated by fastify-openapi-glue,
 * each behind its guard (roles, content types), its rate limits and its handler; the bundled contract at
 * /api/openapi.yaml and its docs at /api/docs.
 */
export default async function contractRoutes(api: FastifyInstance, { contract }: { contract: LoadedContract }) {
  const byId = new Map(contract.operations.map((o) => [o.operationId, o]));
  const takesMultipart = (operationId: string) => byId.get(operationId)?.multipartFields !== undefined;
  const glue = (keep: (operationId: string) => boolean): FastifyOpenapiGlueOptions => ({
    specification: glueCopy(contract.spec, keep),
    // The glue's type asks for whole route options; it merges these partial ones itself.
    operationResolver: ((operationId: string) => {
      const op = byId.get(operationId);
      return {
        handler: handlerFor(operationId),
        // The page headers first: a request the guard refuses is still answered under them.
        onRequest: [
          ...(op?.servesPage ? [api.pageHeaders] : []),
          noStore,
          operationGuard(op ?? { roles: [], contentTypes: [], bodyRequired: false }),
          ...(op?.multipartFields ? [refuseUnknownParts(op.multipartFields)] : []),
        ],
        ...(RAW_BODY_OPERATIONS.has(operationId) && { preParsing: keepRawBody }),
        preHandler: rateLimitHandlers(api, operationId),
        config: { operationId },
      };
    }) as unknown as FastifyOpenapiGlueOptions['operationResolver'],
  });
  // @fastify/multipart hooks every request of its scope (an async onRequest and onResponse, for its
  // temporary files): only the operations that take multipart bodies are in that scope.
  await api.register(async (uploads) => {
    await uploads.register(multipart, { limits: { fileSize: 20 * 1024 * 1024, files: 10, fields: 50 } });
    await uploads.register(openapiGlue, glue(takesMultipart));
  });
  await api.register(
    openapiGlue,
    glue((operationId) => !takesMultipart(operationId)),
  );
  // Written when first asked for: turning the contract into YAML costs most of a second of CPU.
  let yaml: string | undefined;
  api.get('/openapi.yaml', async (_req, reply) =>
    reply.type('application/yaml').send((yaml ??= stringify(contract.spec))),
  );
  await api.register(docs, { spec: contract.spec });
}
