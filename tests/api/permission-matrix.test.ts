import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../factories';
import { createTestApp, type TestApp } from '../setup/test-app';
import { loadContractModel, type ContractModel, type OperationModel } from '../quality/contract-model';
import { buildRequest, rng, validParams, validValue } from '../quality/generate';
import { openSession } from '../../src/server/services/sessions';
import { loadContract } from '../../src/server/contract';

/**
 * The role half of the permission matrix, generated from the contract: every operation × every
 * actor (anonymous, member, consultant, admin, blocked user) against the operation's x-roles.
 * An actor the roles exclude must get 401 (anonymous, blocked) or 403 (signed in, wrong role) —
 * never data. The object half (another member's or another consultant's objects) is in
 * permission-objects.test.ts.
 */
const { operations } = await loadContract();

type Actor = 'anonymous' | 'member' | 'consultant' | 'admin' | 'blocked';
const ACTORS: Actor[] = ['anonymous', 'member', 'consultant', 'admin', 'blocked'];

let t: TestApp;
let model: ContractModel;
const tokens: Partial<Record<Actor, string>> = {};

async function makeUser(role: 'member' | 'consultant' | 'admin', name: string): Promise<number> {
  const user = await createUser(t.db, {
    firstName: 'Matrix',
    lastName: name,
    role,
    emailActivation: true,
    leadStatus: 'active',
  });
  return user.id;
}

beforeAll(async () => {
  t = await createTestApp();
  model = await loadContractModel();
  for (const role of ['member', 'consultant', 'admin'] as const)
    tokens[role] = await openSession(t.app.ctx, await makeUser(role, role));
  const blocked = await makeUser('member', 'blocked');
  tokens.blocked = await openSession(t.app.ctx, blocked);
  await t.pool.query('update users set is_blocked = true where id = $1', [blocked]);
});
afterAll(async () => t.close());

function expected(op: OperationModel, actor: Actor): number | 'allowed' {
  if (op.roles.includes('public')) return 'allowed';
  if (actor === 'anonymous' || actor === 'blocked') return 401;
  return op.roles.includes(actor) ? 'allowed' : 403;
}

describe('permission matrix: x-roles for every operation and actor', () => {
  it('covers every operation of the contract', () => {
    expect(model.operations.map((o) => o.operationId).sort()).toEqual(operations.map((o) => o.operationId).sort());
  });

  it.each(operations.map((o) => [o.operationId] as const))('%s', async (operationId) => {
    const op = model.operations.find((o) => o.operationId === operationId)!;
    const r = rng(operationId.length * 31 + 7);
    const types = Object.keys(op.bodies);
    const body = types.length
      ? { type: types[0]!, value: validValue(op.bodies[types[0]!], r, model.deref) }
      : undefined;
    const req = buildRequest(
      op,
      validParams(op, r, model.deref, () => 1),
      body,
      r,
      'matrix',
      false,
    );
    const wrong: string[] = [];
    for (const actor of ACTORS) {
      const want = expected(op, actor);
      if (want === 'allowed') continue;
      const token = tokens[actor];
      const res = await t.app.inject({
        method: req.method as 'GET',
        url: req.url,
        headers: { ...req.headers, ...(token ? { authorization: `JWT ${token}` } : {}) },
        payload: req.payload,
      });
      if (res.statusCode !== want)
        wrong.push(`${actor}: expected ${want}, got ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);
  });
});
