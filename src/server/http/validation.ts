import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

function makeAjv(coerce: boolean) {
  const ajv = new Ajv({
    allErrors: true,
    coerceTypes: coerce ? 'array' : false,
    useDefaults: true,
    removeAdditional: false,
    allowUnionTypes: true,
    strict: true,
    // OpenAPI annotations that are not JSON Schema keywords.
    keywords: ['example', 'x-roles'],
  });
  addFormats(ajv);
  return ajv;
}

// Query strings and path parameters arrive as text and are coerced; JSON bodies never are.
const coercing = makeAjv(true);
const exact = makeAjv(false);

export const validatorCompiler: FastifySchemaCompiler<Record<string, unknown>> = ({ schema, httpPart }) =>
  (httpPart === 'body' ? exact : coercing).compile(schema) as ReturnType<FastifySchemaCompiler<Record<string, unknown>>>;
