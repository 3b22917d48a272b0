import path from 'node:path';
import { bundle, createConfig } from '@redocly/openapi-core';
import { APP_ROOT } from './paths';

const CONTRACT_ROOT = path.join(APP_ROOT, 'openapi/openapi.yaml');

type Operation = {
  operationId: string;
  'x-roles': string[];
  requestBody?: { content: Record<string, unknown>; required?: boolean };
  responses?: Record<string, { content?: Record<string, unknown> }>;
  security?: Array<Record<string, unknown>>;
  [k: string]: unknown;
};
export type Contract = {
  paths: Record<string, Record<string, Operation>>;
  components?: Record<string, unknown>;
  [k: string]: unknown;
};

export const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

export type OperationInfo = {
  operationId: string;
  method: string;
  path: string;
  roles: string[];
  /** The request media types the contract accepts (empty when the operation takes no body). */
  contentTypes: string[];
  bodyRequired: boolean;
  /** Whether a success answer is an HTML page (it gets the pages' security headers, not the API's). */
  servesPage: boolean;
  /** The field names a multipart body may carry (absent when the operation takes none). */
  multipartFields?: string[];
  /** Whether a stream ticket in the query (security scheme `streamTicket`) admits the caller too. */
  streamTicket?: boolean;
};

/** The split contract bundled into one document (external files become components), and what each operation needs at run time. */
export type LoadedContract = { spec: Contract; operations: OperationInfo[] };

// The files do not change while the process runs, and bundling them costs about a second of CPU:
// bundled once per process (a test run builds an app per file), each app gets its own copy.
let bundled: Promise<LoadedContract> | undefined;

export async function loadContract(): Promise<LoadedContract> {
  bundled ??= bundleContract().catch((err: unknown) => {
    bundled = undefined; // a failed read is tried again by the next caller
    throw err;
  });
  const { spec, operations } = await bundled;
  return { spec: structuredClone(spec), operations };
}

async function bundleContract(): Promise<LoadedContract> {
  const config = await createConfig({});
  const result = await bundle({ ref: CONTRACT_ROOT, config, dereference: false });
  const spec = result.bundle.parsed as Contract;
  const operations: OperationInfo[] = [];
  for (const [p, item] of Object.entries(spec.paths)) {
    for (const m of METHODS) {
      const op = item[m];
      if (!op) continue;
      operations.push({
        operationId: op.operationId,
        method: m.toUpperCase(),
        path: p,
        roles: op['x-roles'],
        contentTypes: Object.keys(op.requestBody?.content ?? {}),
        bodyRequired: Boolean(op.requestBody?.required),
        servesPage: Object.entries(op.responses ?? {}).some(
          ([status, r]) => status.startsWith('2') && 'text/html' in (r.content ?? {}),
        ),
        ...((op.security ?? []).some((s) => 'streamTicket' in s) && { streamTicket: true }),
        ...(op.requestBody?.content['multipart/form-data'] !== undefined && {
          multipartFields: fieldNames(
            closeSchema((op.requestBody.content['multipart/form-data'] as { schema?: unknown }).schema, refs(spec)),
          ),
        }),
      });
    }
  }
  return { spec, operations };
}

/**
 * The copy handed to fastify-openapi-glue: multipart bodies are read by @fastify/multipart in the
 * handlers, so their schemas are dropped here (the glue would validate them as JSON; their field
 * names are checked by http/body-fields.ts). The other request bodies get closed schemas: a field
 * the contract does not list is refused, not ignored. Answers keep only their JSON media types: the
 * others (a CSV export, a calendar file, a page) are strings or streams Fastify sends as they are,
 * and the glue takes every media type it meets, answers' too, for one needing a body parser (it
 * warned "ContentTypeParser for 'text/csv' not found" at every start). `keep` picks the operations
 * of one glue registration by id.
 */
export function glueCopy(spec: Contract, keep: (operationId: string) => boolean = () => true): Contract {
  const kept = (item: Contract['paths'][string]) =>
    Object.fromEntries(
      Object.entries(item).filter(([m, op]) => !(METHODS as readonly string[]).includes(m) || keep(op.operationId)),
    );
  // Only the kept operations are copied: each glue registration clones its own part of the contract.
  const paths = Object.fromEntries(
    Object.entries(spec.paths)
      .map(([p, item]) => [p, kept(item)] as const)
      .filter(([, item]) => METHODS.some((m) => item[m])),
  );
  const copy = structuredClone({ ...spec, paths });
  const at = refs(spec);
  for (const item of Object.values(copy.paths)) {
    for (const m of METHODS) {
      const op = item[m];
      for (const answer of Object.values(op?.responses ?? {})) {
        if (!answer.content) continue;
        const json = Object.entries(answer.content).filter(([media]) => isJson(media));
        if (json.length) answer.content = Object.fromEntries(json);
        else delete answer.content;
      }
      if (!op?.requestBody) continue;
      delete op.requestBody.content['multipart/form-data'];
      if (Object.keys(op.requestBody.content).length === 0) delete op.requestBody;
      for (const media of Object.values(op.requestBody?.content ?? {}) as Array<{ schema?: unknown }>) {
        if (media.schema) media.schema = closeSchema(media.schema, at);
      }
    }
  }
  return copy;
}

const isJson = (media: string) => media === 'application/json' || media.endsWith('+json');

type Schema = Record<string, unknown>;
type Refs = (ref: string) => Schema;

/** Follows `#/…` references inside the bundled contract. */
function refs(spec: Contract): Refs {
  return (ref) => {
    let node: unknown = spec;
    for (const raw of ref.replace(/^#\//, '').split('/'))
      node = (node as Schema)[raw.replace(/~1/g, '/').replace(/~0/g, '~')];
    if (!node || typeof node !== 'object') throw new Error(`The contract's reference ${ref} leads nowhere`);
    return node as Schema;
  };
}

const isObject = (x: unknown): x is Schema => typeof x === 'object' && x !== null && !Array.isArray(x);

function resolve(node: Schema, at: Refs): Schema {
  let s = node;
  for (let i = 0; typeof s.$ref === 'string' && i < 20; i++) {
    const { $ref, ...rest } = s;
    s = { ...at($ref), ...rest };
  }
  return s;
}

/** An allOf of plain object schemas (the contract's "<Name>Create = the update plus required fields") as one schema. */
function mergeAllOf(s: Schema, at: Refs): Schema {
  const parts = (s.allOf as unknown[]).map((p) => {
    if (!isObject(p)) return p;
    const part = resolve(p, at);
    return Array.isArray(part.allOf) ? mergeAllOf(part, at) : part;
  });
  const plain = parts.every(
    (p) => isObject(p) && !p.oneOf && !p.anyOf && !p.allOf && (p.type === undefined || p.type === 'object'),
  );
  if (!plain) return { ...s, allOf: parts };
  const { allOf: _, ...rest } = s;
  const merged: Schema = { ...rest, type: 'object', properties: {} };
  const required = new Set<string>();
  for (const p of [rest, ...(parts as Schema[])]) {
    for (const [k, v] of Object.entries(p)) {
      if (k === 'properties') {
        const props = merged.properties as Record<string, unknown>;
        for (const [name, prop] of Object.entries(v as Schema))
          props[name] = name in props ? { allOf: [props[name], prop] } : prop;
      } else if (k === 'required') (v as string[]).forEach((r) => required.add(r));
      else if (k !== 'type') merged[k] = v;
    }
  }
  if (required.size) merged.required = [...required];
  return merged;
}

/**
 * A request schema with every reference inlined and every object that lists its properties (and
 * says nothing of others) closed with `additionalProperties: false`. A copy: the components stay
 * as they are for the answers that share them.
 */
function closeSchema(node: unknown, at: Refs, depth = 0): Schema {
  if (!isObject(node) || depth > 32) return node as Schema;
  let s = resolve(node, at);
  if (Array.isArray(s.allOf)) s = mergeAllOf(s, at);
  const out: Schema = { ...s };
  const sub = (x: unknown) => closeSchema(x, at, depth + 1);
  if (isObject(out.properties))
    out.properties = Object.fromEntries(Object.entries(out.properties).map(([k, v]) => [k, sub(v)]));
  if (isObject(out.items)) out.items = sub(out.items);
  if (isObject(out.additionalProperties)) out.additionalProperties = sub(out.additionalProperties);
  for (const k of ['allOf', 'oneOf', 'anyOf'] as const)
    if (Array.isArray(out[k])) out[k] = (out[k] as unknown[]).map(sub);
  if (Array.isArray(out.oneOf) && !out.discriminator) {
    // Variants told apart by a const property (landing elements by `type`): ajv then judges a body
    // by its own variant only, so a refusal names that variant's fields, not every variant's.
    const tag = discriminatorOf(out.oneOf as Schema[]);
    if (tag) Object.assign(out, { type: out.type ?? 'object', discriminator: { propertyName: tag } });
  }
  const open =
    out.additionalProperties !== undefined ||
    out.patternProperties !== undefined ||
    out.unevaluatedProperties !== undefined;
  if (isObject(out.properties) && !open && !out.allOf && !out.oneOf && !out.anyOf) out.additionalProperties = false;
  return out;
}

/** The property every variant requires with a const value of its own, if there is one. */
function discriminatorOf(variants: Schema[]): string | undefined {
  const first = variants[0];
  if (!first || !isObject(first.properties)) return undefined;
  return Object.keys(first.properties).find((name) => {
    const values = variants.map((v) => {
      const prop = isObject(v.properties) ? v.properties[name] : undefined;
      return Array.isArray(v.required) && v.required.includes(name) && isObject(prop) && typeof prop.const === 'string'
        ? prop.const
        : undefined;
    });
    return values.every((x) => x !== undefined) && new Set(values).size === values.length;
  });
}

/** The property names a (closed) schema allows at its top level, over its variants. */
function fieldNames(s: Schema): string[] {
  const names = new Set(Object.keys(isObject(s.properties) ? s.properties : {}));
  for (const k of ['allOf', 'oneOf', 'anyOf'] as const) {
    if (Array.isArray(s[k])) for (const v of s[k] as Schema[]) fieldNames(v).forEach((n) => names.add(n));
  }
  return [...names];
}
