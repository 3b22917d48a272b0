import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundle, createConfig } from '@redocly/openapi-core';
import { stringify } from 'yaml';

export const CONTRACT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../openapi/openapi.yaml');

type Operation = {
  operationId: string;
  'x-roles': string[];
  requestBody?: { content: Record<string, unknown>; required?: boolean };
  responses?: Record<string, { content?: Record<string, unknown> }>;
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
};

/** The split contract bundled into one document (external files become components). */
export async function loadContract(): Promise<{ spec: Contract; yaml: string; operations: OperationInfo[] }> {
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
        servesPage: Object.entries(op.responses ?? {}).some(([status, r]) => status.startsWith('2') && 'text/html' in (r.content ?? {})),
      });
    }
  }
  return { spec, yaml: stringify(spec), operations };
}

/**
 * The copy handed to fastify-openapi-glue: multipart bodies are read by @fastify/multipart in the
 * handlers, so their schemas are dropped here (the glue would validate them as JSON).
 */
export function glueCopy(spec: Contract): Contract {
  const copy = structuredClone(spec);
  for (const item of Object.values(copy.paths)) {
    for (const m of METHODS) {
      const op = item[m];
      if (!op?.requestBody) continue;
      delete op.requestBody.content['multipart/form-data'];
      if (Object.keys(op.requestBody.content).length === 0) delete op.requestBody;
    }
  }
  return copy;
}
