import { beforeAll, describe, expect, it } from 'vitest';
import { loadContract, METHODS, type Contract, type OperationInfo } from '../../src/server/contract';
import { handlers } from '../../src/server/handlers';
import { NOT_IMPLEMENTED } from '../../src/server/handlers/not-implemented';

const ROLES = ['public', 'member', 'consultant', 'admin'];

let spec: Contract;
let operations: OperationInfo[];

beforeAll(async () => {
  ({ spec, operations } = await loadContract());
});

describe('handlers and NOT_IMPLEMENTED cover the contract', () => {
  it('operation ids are unique', () => {
    const ids = operations.map((o) => o.operationId);
    const dupes = ids.filter((id, i) => ids.indexOf(id) !== i);
    expect(dupes, 'duplicate operationIds').toEqual([]);
    expect(
      ids.every((id) => typeof id === 'string' && id.length > 0),
      'every operation has an operationId',
    ).toBe(true);
  });

  it('every operation has a handler or is listed as not implemented', () => {
    const implemented = new Set(Object.keys(handlers));
    const pending = new Set<string>(NOT_IMPLEMENTED);
    const missing = operations.filter((o) => !implemented.has(o.operationId) && !pending.has(o.operationId));
    expect(
      missing.map((o) => `${o.operationId} (${o.method} ${o.path})`),
      'operations with neither a handler nor an entry in src/server/handlers/not-implemented.ts',
    ).toEqual([]);
  });

  it('no operation is both implemented and listed as not implemented', () => {
    const both = NOT_IMPLEMENTED.filter((id) => id in handlers);
    expect(both, 'implemented: remove these from NOT_IMPLEMENTED').toEqual([]);
  });

  it('NOT_IMPLEMENTED has no duplicates', () => {
    const dupes = NOT_IMPLEMENTED.filter((id, i) => NOT_IMPLEMENTED.indexOf(id) !== i);
    expect(dupes).toEqual([]);
  });

  it('neither table names an operation the contract does not have', () => {
    const known = new Set(operations.map((o) => o.operationId));
    expect(
      Object.keys(handlers).filter((id) => !known.has(id)),
      'unknown ids in handlers',
    ).toEqual([]);
    expect(
      NOT_IMPLEMENTED.filter((id) => !known.has(id)),
      'unknown ids in NOT_IMPLEMENTED',
    ).toEqual([]);
  });
});

describe('roles and security of every operation', () => {
  it('x-roles is a non-empty list of known roles', () => {
    const bad = operations.filter(
      (o) =>
        !Array.isArray(o.roles) ||
        o.roles.length === 0 ||
        o.roles.some((r) => !ROLES.includes(r)) ||
        new Set(o.roles).size !== o.roles.length,
    );
    expect(bad.map((o) => `${o.operationId}: ${JSON.stringify(o.roles)}`)).toEqual([]);
  });

  it('public is never mixed with other roles', () => {
    const mixed = operations.filter((o) => o.roles.includes('public') && o.roles.length > 1);
    expect(mixed.map((o) => `${o.operationId}: ${JSON.stringify(o.roles)}`)).toEqual([]);
  });

  it('public operations have `security: []` and the others require the jwt scheme', () => {
    const bad: string[] = [];
    for (const [p, item] of Object.entries(spec.paths)) {
      for (const m of METHODS) {
        const op = item[m];
        if (!op) continue;
        const security = op.security;
        const isPublic = op['x-roles'].includes('public');
        const where = `${op.operationId} (${m.toUpperCase()} ${p})`;
        if (!Array.isArray(security)) {
          bad.push(`${where}: no explicit security`);
        } else if (isPublic && security.length !== 0) {
          bad.push(`${where}: public but security is ${JSON.stringify(security)}`);
        } else if (!isPublic && (security.length === 0 || !security.some((s) => 'jwt' in s))) {
          bad.push(`${where}: x-roles ${JSON.stringify(op['x-roles'])} but security is ${JSON.stringify(security)}`);
        }
      }
    }
    expect(bad).toEqual([]);
  });
});
