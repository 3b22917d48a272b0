import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../setup/test-app';
import { loadContractModel, type ContractModel } from '../quality/contract-model';
import { countRowWrites, DataWatch, fingerprintQuery } from '../quality/fingerprint';
import { createActors, fuzzOperation } from '../quality/fuzz-run';
import { loadContract } from '../../src/server/contract';

/**
 * Contract fuzzing: for every operation, requests generated from its schemas (valid ones, and
 * invalid or hostile ones: wrong types, missing fields, oversized strings, NUL bytes, huge numbers,
 * bad dates, wrong content types, broken JSON and multipart). Fails on a 5xx, a status the contract
 * does not list, a body that does not match its schema, and an invalid request that was accepted or
 * changed data. Some valid writes are sent as identical requests at once, each answer held to the
 * same checks (races). `npm run fuzz` runs 50 cases per operation; FUZZ_SEED replays a run.
 */
const CASES = Number(process.env.FUZZ_CASES ?? 5);
// `npm test` replays one fixed seed; `npm run fuzz` draws a new one each run (printed in the title).
const SEED = process.env.FUZZ_SEED
  ? Number(process.env.FUZZ_SEED)
  : CASES > 5
    ? Math.floor(Math.random() * 1e9)
    : 20261121;

const { operations } = await loadContract();

let t: TestApp;
let model: ContractModel;
let actors: Awaited<ReturnType<typeof createActors>>;

beforeAll(async () => {
  t = await createTestApp();
  model = await loadContractModel();
  actors = await createActors(t);
  await countRowWrites(t.pool);
});
afterAll(async () => t.close());

describe('the data watch that tells whether an invalid request changed data', () => {
  it('names a table a row was written to, committed or not, and nothing when none was', async () => {
    const watch = new DataWatch(t.pool, await fingerprintQuery(t.pool));
    let before = await watch.settled();
    expect(await watch.changedSince(before)).toEqual([]);
    await t.pool.query(`update users set first_name = first_name || 'x' where id = $1`, [actors.member]);
    expect(await watch.changedSince(before)).toEqual(['users']);
    before = await watch.settled();
    // A write rolled back moves the count but not the data: the fingerprint says nothing changed.
    const client = await t.pool.connect();
    await client.query('begin');
    await client.query(`update users set first_name = 'Rolled back' where id = $1`, [actors.member]);
    await client.query('rollback');
    client.release();
    expect(await watch.changedSince(before)).toEqual([]);
  });
});

describe(`contract fuzzing (${CASES} cases per operation, seed ${SEED})`, () => {
  it.each(operations.map((o, i) => [o.operationId, i] as const))('%s', async (operationId, index) => {
    const op = model.operations.find((o) => o.operationId === operationId)!;
    const failures = await fuzzOperation(t, model, actors, op, CASES, SEED + index * 7919);
    expect(failures.map((f) => `[seed ${f.seed}] ${f.label}: ${f.problem}\n    ${f.request}`)).toEqual([]);
  });
});
