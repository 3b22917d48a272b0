import type { InjectOptions } from 'fastify';
import { createUser } from '../factories';
import type { TestApp } from '../setup/test-app';
import { NOT_IMPLEMENTED } from '../../src/server/handlers/not-implemented';
import { openSession } from '../../src/server/services/sessions';
import type { ContractModel, OperationModel } from './contract-model';
import { DataWatch, fingerprintQuery } from './fingerprint';
import { casesFor, rng, type FuzzRequest } from './generate';

export type FuzzFailure = { operationId: string; seed: number; label: string; request: string; problem: string };

const NOT_BUILT = new Set<string>(NOT_IMPLEMENTED);
/**
 * Statuses any operation may answer without listing them, by the contract's conventions
 * (ARCHITECTURE.md "Contract conventions"): 415 for a body in an undeclared media type,
 * 429 from the per-operation rate limits.
 */
const CONVENTIONAL = (op: OperationModel) => [...(Object.keys(op.bodies).length ? ['415', '413'] : []), '429'];

/** How often a valid write is raced, and by how many identical requests. */
const RACE_SHARE = 0.3;
const RACE_COPIES = 4;

type Answer = Awaited<ReturnType<TestApp['app']['inject']>>;

type Actors = { admin: number; consultant: number; member: number };

/** Creates the three fuzzing actors (their own users, so fuzzed writes to demo users cannot lock them out). */
export async function createActors(t: TestApp): Promise<Actors> {
  const ids: number[] = [];
  for (const role of ['admin', 'consultant', 'member'] as const) {
    const user = await createUser(t.db, {
      email: `fuzz-${role}@example.com`,
      firstName: 'Fuzz',
      lastName: role,
      role,
      emailActivation: true,
      leadStatus: 'active',
    });
    ids.push(user.id);
  }
  return { admin: ids[0]!, consultant: ids[1]!, member: ids[2]! };
}

/** A session of one of the roles the operation allows, drawn per case (each role's own code paths get fuzzed). */
async function tokenFor(
  t: TestApp,
  actors: Actors,
  op: OperationModel,
  pick: <T>(xs: readonly T[]) => T,
): Promise<string | undefined> {
  if (op.roles.includes('public')) return undefined;
  const role = pick((['admin', 'consultant', 'member'] as const).filter((r) => op.roles.includes(r)));
  const id = actors[role];
  // Heal the actor: an earlier fuzzed call may have blocked, demoted or renamed them. Only then: a
  // healthy actor's row is not written, so the data watch does not hash every table again.
  await t.pool.query(
    `update users set is_active = true, is_blocked = false, role = $2, is_superuser = $3, email_activation = true, totp_enabled = false
     where id = $1 and (is_active, is_blocked, role, is_superuser, email_activation, totp_enabled)
       is distinct from (true, false, $2::text, $3::boolean, true, false)`,
    [id, role, role === 'admin'],
  );
  return openSession(t.app.ctx, id);
}

function describe(req: FuzzRequest): string {
  const body = req.payload === undefined ? '' : ` ${String(req.payload).slice(0, 160)}`;
  return `${req.method} ${req.url.slice(0, 160)} [${req.headers['content-type'] ?? '-'}]${body}`;
}

/**
 * A request to an operation that answers with an event stream, which never ends by itself: its head is
 * read, an event stream is cut there (its body is not JSON to check), any other answer read whole.
 */
async function sendStreaming(t: TestApp, request: InjectOptions): Promise<Answer> {
  const res = await t.app.inject({ ...request, payloadAsStream: true });
  const stream = res.stream();
  if (String(res.headers['content-type'] ?? '').startsWith('text/event-stream')) {
    stream.destroy();
    return { statusCode: res.statusCode, headers: res.headers, body: '', json: () => undefined } as unknown as Answer;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks).toString('utf8');
  return { statusCode: res.statusCode, headers: res.headers, body, json: () => JSON.parse(body) as unknown } as Answer;
}

/** Runs `count` seeded cases against one operation and returns what went wrong. */
export async function fuzzOperation(
  t: TestApp,
  model: ContractModel,
  actors: Actors,
  op: OperationModel,
  count: number,
  seed: number,
): Promise<FuzzFailure[]> {
  const r = rng(seed);
  const ids = (name: string) => (/(^|_)(id|pk)$|Id$/.test(name) && r.chance(0.6) ? r.int(1, 6) : undefined);
  const cases = casesFor(op, count, r, model.deref, ids);
  const watch = new DataWatch(t.pool, await fingerprintQuery(t.pool));
  const failures: FuzzFailure[] = [];
  const fail = (req: FuzzRequest, problem: string) =>
    failures.push({ operationId: op.operationId, seed, label: req.label, request: describe(req), problem });

  /** The contract's checks on one answer; false when nothing more can be read from it. */
  const check = (req: FuzzRequest, res: Answer): boolean => {
    const status = String(res.statusCode);
    if (res.statusCode >= 500) {
      fail(req, `server error ${status}: ${res.body.slice(0, 200)}`);
      return false;
    }
    if (!op.statuses.includes(status) && !op.statuses.includes('default') && !CONVENTIONAL(op).includes(status)) {
      fail(req, `status ${status} is not in the contract (${op.statuses.join(', ')}): ${res.body.slice(0, 200)}`);
    }
    const type = String(res.headers['content-type'] ?? '').split(';')[0]!;
    const ref = op.responseSchemaRef(status, type);
    if (ref && type === 'application/json') {
      let body: unknown;
      try {
        body = res.json();
      } catch {
        fail(req, `status ${status}: body is not JSON`);
        return false;
      }
      const problem = model.validate(ref, body);
      if (problem) fail(req, `status ${status}: body does not match the contract: ${problem}`);
    }
    return true;
  };

  const streams = op.responseSchemaRef('200', 'text/event-stream') !== undefined;
  for (const req of cases) {
    const token = await tokenFor(t, actors, op, r.pick);
    const before = req.invalid ? await watch.settled() : undefined;
    const request = {
      method: req.method as 'GET',
      url: req.url,
      headers: { ...req.headers, ...(token ? { authorization: `JWT ${token}` } : {}) },
      payload: req.payload,
    };
    const send = () => (streams ? sendStreaming(t, request) : t.app.inject(request));
    // A valid write is now and then sent as identical requests at once (a double click, a retry):
    // a race between them must still get the contract's answers (a taken name, not a unique-key 500).
    if (!req.invalid && req.method !== 'GET' && r.chance(RACE_SHARE)) {
      const answers = await Promise.all(Array.from({ length: RACE_COPIES }, send));
      if (answers.some((a) => a.statusCode === 501) && NOT_BUILT.has(op.operationId)) continue;
      for (const res of answers) check({ ...req, label: `${req.label} ×${RACE_COPIES} at once` }, res);
      continue;
    }
    const res = await send();
    if (res.statusCode === 501 && NOT_BUILT.has(op.operationId)) continue;
    if (!check(req, res)) continue;
    if (before) {
      if (res.statusCode < 400) fail(req, `an invalid request was accepted with ${res.statusCode}`);
      const changed = await watch.changedSince(before);
      if (changed.length) {
        fail(
          req,
          `an invalid request (${res.statusCode}) changed data in ${changed.join(', ')}: ${res.body.slice(0, 160)}`,
        );
      }
    }
  }
  return failures;
}
