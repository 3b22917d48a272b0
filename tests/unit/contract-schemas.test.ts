import Fastify, { type FastifySchemaCompiler } from 'fastify';
import openapiGlue, { type FastifyOpenapiGlueOptions } from 'fastify-openapi-glue';
import { describe, expect, it } from 'vitest';
import { glueCopy, loadContract, type Contract } from '../../src/server/contract';
import { validatorCompiler } from '../../src/server/http/validation';

/**
 * The server compiles a route's schemas when the route is first called (http/validation.ts). This
 * compiles every one of them, as the server's routes declare them, so that a schema ajv or
 * fast-json-stringify refuses fails here, not at some first request in production.
 */
async function compileEvery(spec: Contract) {
  const app = Fastify();
  let compiled = 0;
  const eager: FastifySchemaCompiler<Record<string, unknown>> = (route) => {
    const validate = validatorCompiler(route);
    validate(undefined); // the first call compiles
    compiled += 1;
    return validate;
  };
  app.setValidatorCompiler(eager);
  // No serializer compiler is set: Fastify's own compiles each answer's schema at registration.
  const resolver = (() => ({ handler: () => null })) as unknown as FastifyOpenapiGlueOptions['operationResolver'];
  await app.register(openapiGlue, { specification: glueCopy(spec), operationResolver: resolver });
  await app.ready();
  await app.close();
  return compiled;
}

// Compiling all of them takes a few seconds of CPU, more on a busy machine.
describe("the contract's schemas", { timeout: 120_000 }, () => {
  it('all compile, requests and answers', async () => {
    const { spec } = await loadContract();
    // 286 request parts (bodies, queries, paths) on 2026-11-29: a count far below means routes went missing.
    expect(await compileEvery(spec)).toBeGreaterThan(250);
  });

  it('fail here when one is wrong', async () => {
    const { spec } = await loadContract();
    const body = spec.components?.schemas as Record<string, Record<string, unknown>>;
    body.LoginRequest = { ...body.LoginRequest, minProperties: 'one' };
    await expect(compileEvery(spec)).rejects.toThrow(/minProperties/);
  });
});
