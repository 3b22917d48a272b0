import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { auth, createTestApp, type TestApp } from '../setup/test-app';
import { userId } from '../setup/accounts';

/**
 * The server's log, as its logger writes it: a start without a single warning, and one line per
 * request naming the contract's operation, the status, the time taken and the signed-in user.
 */
type Entry = { level: number; msg: string; reqId?: string; op?: string; status?: number; ms?: number; user?: number };

let t: TestApp;
let app: FastifyInstance;
const entries: Entry[] = [];
const stream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString().split('\n').filter(Boolean)) entries.push(JSON.parse(line) as Entry);
    done();
  },
});

beforeAll(async () => {
  t = await createTestApp();
  // A second app on the test's database, logging at the server's default level into the capture.
  app = await buildApp({ db: t.db, config: t.config, secret: t.config.jwtSecret!, logger: { level: 'info', stream } });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await t.close();
});

it('starts without a warning', () => {
  expect(entries.filter((e) => e.level >= 40).map((e) => e.msg)).toEqual([]);
});

it('logs one line per request with its operation, status, duration and user', async () => {
  const token = await t.login('member@demo.atrium');
  entries.length = 0;
  const signedIn = await app.inject({ method: 'GET', url: '/api/accounts/me/', headers: auth(token) });
  expect(signedIn.statusCode).toBe(200);
  const anonymous = await app.inject({ method: 'GET', url: '/api/accounts/me/' });
  expect(anonymous.statusCode).toBe(401);
  const health = await app.inject({ method: 'GET', url: '/healthz' });
  expect(health.statusCode).toBe(200);

  expect(entries).toHaveLength(3);
  const [first, second, third] = entries;
  expect(first).toMatchObject({ level: 30, op: 'getMe', status: 200, user: await userId(t, 'member@demo.atrium') });
  expect(second).toMatchObject({ level: 30, op: 'getMe', status: 401 });
  expect(second).not.toHaveProperty('user');
  expect(third).toMatchObject({ level: 30, path: '/healthz', status: 200 });
  expect(third).not.toHaveProperty('op');
  for (const e of entries) {
    expect(e.ms).toBeGreaterThanOrEqual(0);
    expect(e.reqId).toBeTruthy();
  }
  expect(new Set(entries.map((e) => e.reqId)).size).toBe(3);
  expect(first?.msg).toMatch(/^getMe GET \/api\/accounts\/me\/ 200 [\d.]+ ms user \d+$/);
  expect(third?.msg).toMatch(/^GET \/healthz 200 [\d.]+ ms$/);
});
