import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { loadContract, type Contract, type OperationInfo } from '../../src/server/contract';

/** A JSON Schema as the contract writes it (OpenAPI 3.1 = JSON Schema 2020-12). */
export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  example?: unknown;
  default?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  multipleOf?: number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  allOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  contentMediaType?: string;
  [k: string]: unknown;
};

type Parameter = { name: string; in: 'path' | 'query' | 'header'; required?: boolean; schema: JsonSchema };

export type OperationModel = OperationInfo & {
  parameters: Parameter[];
  /** Request body schema per media type. */
  bodies: Record<string, JsonSchema>;
  /** Listed response statuses ('default' included when present). */
  statuses: string[];
  /** Whether the response for a status and media type has a schema to check. */
  responseSchemaRef: (status: string, mediaType: string) => string | undefined;
};

function pointer(parts: string[]): string {
  return '#/' + parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
}

/** Follows `#/…` references inside the bundled contract. */
function resolver(spec: Contract) {
  const at = (ref: string): unknown => {
    if (!ref.startsWith('#/')) throw new Error(`external ref ${ref}`);
    let node: unknown = spec;
    for (const raw of ref.slice(2).split('/')) {
      const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
      node = (node as Record<string, unknown>)[key];
    }
    return node;
  };
  const deref = <T>(node: T): T => {
    let n: unknown = node;
    for (let i = 0; typeof n === 'object' && n !== null && '$ref' in n && typeof n.$ref === 'string' && i < 20; i++)
      n = at(n.$ref);
    return n as T;
  };
  return { at, deref };
}

export type ContractModel = {
  spec: Contract;
  operations: OperationModel[];
  deref: <T>(node: T) => T;
  /** Validates a response body against the schema at a JSON pointer into the contract. */
  validate: (ref: string, body: unknown) => string | null;
};

export async function loadContractModel(): Promise<ContractModel> {
  const { spec, operations } = await loadContract();
  const { deref } = resolver(spec);
  const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
  addFormats(ajv);
  ajv.addSchema(spec, 'contract');
  const compiled = new Map<string, ReturnType<typeof ajv.compile>>();

  const models = operations.map((info): OperationModel => {
    const op = deref((spec.paths[info.path] as Record<string, unknown>)[info.method.toLowerCase()]) as {
      parameters?: unknown[];
      requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
      responses?: Record<string, unknown>;
    };
    const pathItem = spec.paths[info.path] as { parameters?: unknown[] };
    const parameters = [...(pathItem.parameters ?? []), ...(op.parameters ?? [])].map((p) => deref(p) as Parameter);
    const bodies: Record<string, JsonSchema> = {};
    for (const [type, media] of Object.entries(deref(op.requestBody)?.content ?? {})) bodies[type] = media.schema ?? {};
    const responses = op.responses ?? {};
    return {
      ...info,
      parameters,
      bodies,
      statuses: Object.keys(responses),
      responseSchemaRef: (status, mediaType) => {
        const key = status in responses ? status : 'default' in responses ? 'default' : undefined;
        if (!key) return undefined;
        const resp = deref(responses[key]) as { content?: Record<string, { schema?: unknown }> };
        if (!resp.content?.[mediaType]?.schema) return undefined;
        const raw = responses[key] as { $ref?: string };
        return raw.$ref
          ? `${raw.$ref}/content/${mediaType.replace(/~/g, '~0').replace(/\//g, '~1')}/schema`
          : pointer(['paths', info.path, info.method.toLowerCase(), 'responses', key, 'content', mediaType, 'schema']);
      },
    };
  });

  const validate = (ref: string, body: unknown): string | null => {
    let fn = compiled.get(ref);
    if (!fn) {
      fn = ajv.compile({ $ref: `contract${ref}` });
      compiled.set(ref, fn);
    }
    return fn(body) ? null : ajv.errorsText(fn.errors);
  };

  return { spec, operations: models, deref, validate };
}
