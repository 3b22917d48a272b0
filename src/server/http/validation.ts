import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { SerializerSelector, type Serializer, type SerializerFactory } from '@fastify/fast-json-stringify-compiler';
import type { FastifySchemaCompiler } from 'fastify';

function makeAjv(coerce: boolean) {
  const ajv = new Ajv({
    allErrors: true,
    coerceTypes: coerce ? 'array' : false,
    useDefaults: true,
    removeAdditional: false,
    allowUnionTypes: true,
    // The contract's oneOf variants told apart by a const property (see contract.ts closeSchema).
    discriminator: true,
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

type Schema = { type?: string | string[]; properties?: Record<string, Schema>; items?: Schema };
type ValidationError = { keyword: string; instancePath: string; params: Record<string, unknown>; message: string };
type Validate = ((data: unknown) => boolean) & { errors?: ValidationError[] | null };

/**
 * An integer written the one way JSON writes it: no sign but a minus, no leading zeros, no "-0", no
 * fraction, exponent, hex or surrounding space. Ajv's coercion takes anything `Number()` reads
 * ("1e309" is Infinity, "0x1", "+1", "1.0" and " 1" are 1), so the text is checked before it.
 */
const CANONICAL_INTEGER = /^(0|-?[1-9][0-9]*)$/;

/** Also a safe integer: ajv's bounds let a number past 2^53 (or Infinity, from 400 digits) through. */
const plainInteger = (v: unknown) =>
  typeof v === 'string' && CANONICAL_INTEGER.test(v) && Number.isSafeInteger(Number(v));

const isInteger = (s: Schema | undefined) =>
  s !== undefined && (Array.isArray(s.type) ? s.type.includes('integer') : s.type === 'integer');

/** The parameters (query or path) that are integers, or arrays of integers. */
function integerParameters(schema: Schema): { scalar: string[]; array: string[] } {
  const scalar: string[] = [];
  const array: string[] = [];
  for (const [name, s] of Object.entries(schema.properties ?? {})) {
    if (isInteger(s)) scalar.push(name);
    else if (isInteger(s.items)) array.push(name);
  }
  return { scalar, array };
}

/**
 * Path and query parameters: each integer one must be written canonically (and then ajv's bounds
 * apply); the refusal reads like ajv's own type error, so it becomes a 400 naming the parameter.
 */
function withCanonicalIntegers(schema: Schema, validate: Validate): Validate {
  const { scalar, array } = integerParameters(schema);
  if (!scalar.length && !array.length) return validate;
  const checked: Validate = (data) => {
    const errors: ValidationError[] = [];
    if (data && typeof data === 'object') {
      const values = data as Record<string, unknown>;
      const refuse = (name: string) =>
        errors.push({
          keyword: 'integer',
          instancePath: `/${name}`,
          params: { type: 'integer' },
          message: 'must be an integer',
        });
      for (const name of scalar) {
        const v = values[name];
        if (v !== undefined && !plainInteger(v)) refuse(name);
      }
      for (const name of array) {
        const v = values[name];
        if (v !== undefined && !(Array.isArray(v) ? v : [v]).every(plainInteger)) refuse(name);
      }
    }
    if (errors.length) {
      checked.errors = errors;
      return false;
    }
    const ok = validate(data);
    checked.errors = validate.errors;
    return ok;
  };
  return checked;
}

/**
 * Compiled when the route is first called, not when it is registered: the contract has hundreds of
 * schemas, and compiling them all took about 2 s of CPU at every start (and in every test file that
 * builds an app) for routes most processes never serve. tests/unit/contract-schemas.test.ts compiles
 * every one, so a schema ajv refuses still fails a test, not a first request.
 */
function compiledOnFirstCall(compile: () => Validate): Validate {
  let validate: Validate | undefined;
  const run: Validate = (data) => {
    validate ??= compile();
    const ok = validate(data);
    run.errors = validate.errors;
    return ok;
  };
  return run;
}

export const validatorCompiler: FastifySchemaCompiler<Record<string, unknown>> = ({ schema, httpPart }) => {
  const compile = (): Validate => {
    if (httpPart === 'body') return exact.compile(schema) as Validate;
    const validate = coercing.compile(schema) as Validate;
    return httpPart === 'querystring' || httpPart === 'params' ? withCanonicalIntegers(schema, validate) : validate;
  };
  return compiledOnFirstCall(compile) as unknown as ReturnType<FastifySchemaCompiler<Record<string, unknown>>>;
};

/**
 * Fastify's own answer serializers (fast-json-stringify, as Fastify sets them up), built when a
 * route first answers with that status instead of at registration, for the same reason as above.
 */
export const serializerFactory: SerializerFactory = (externalSchemas, options) => {
  const compile = SerializerSelector()(externalSchemas, options);
  return (route) => {
    let serialize: Serializer | undefined;
    return (data) => (serialize ??= compile(route))(data);
  };
};
