import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { connect } from '../../src/server/db/client';
import { FIRST_DELAY_MS, FREE_FAILURES } from '../../src/server/services/login-throttle';
import { makeMember } from '../setup/accounts';
import { createTestApp, type TestApp } from '../setup/test-app';

/**
 * Two app instances on one database, each with a pool of its own, stand for two server processes
 * behind a load balancer: a rate limit counts the requests of both, not per instance.
 */
let t: TestApp;
let second: FastifyInstance;
let secondPool: pg.Pool;

beforeAll(async () => {
  t = await createTestApp();
  const { db, pool } = connect(t.databaseUrl, 5);
  secondPool = pool;
  second = await buildApp({ db, config: t.config, secret: t.config.jwtSecret!, logger: false });
  await second.ready();
});
afterAll(async () => {
  await second.close();
  await secondPool.end();
  await t.close();
});

const login = (app: FastifyInstance, username: string, password: string) =>
  app.inject({
    method: 'POST',
    url: '/api/accounts/login/',
    payload: new URLSearchParams({ username, password }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en' },
  });

it('holds the login wait of one account and address across two instances taking turns', async () => {
  const victim = await makeMember(t);
  const statuses: number[] = [];
  for (let i = 0; i < 14; i++) {
    // Alternate like a round-robin proxy: each instance alone sees only 3 of the first 5 wrong passwords.
    const res = await login(i % 2 ? second : t.app, victim.email, `guess-${i}`);
    statuses.push(res.statusCode);
  }
  expect(statuses.slice(0, FREE_FAILURES)).toEqual(Array(FREE_FAILURES).fill(400));
  expect(statuses.slice(FREE_FAILURES)).toEqual(Array(14 - FREE_FAILURES).fill(429));
  const throttled = await login(second, victim.email, victim.password);
  expect(throttled.statusCode).toBe(429);
  expect(throttled.json()).toEqual({
    detail: expect.stringMatching(/^Too many requests\. Please try again in \d+ seconds\.$/),
    code: 'throttled',
  });
  expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
  expect(Number(throttled.headers['retry-after'])).toBeLessThanOrEqual(FIRST_DELAY_MS / 1000);
  // The count lives in the database, keyed by account and address; refused tries are not counted.
  const { rows } = await t.pool.query<{ failures: number }>(
    `select failures from login_failures where account = $1 and ip = '127.0.0.1'`,
    [`user:${victim.id}`],
  );
  expect(rows[0]?.failures).toBe(FREE_FAILURES);
});

it('lets the next try in once the wait is over, on either instance, and a login clears the count', async () => {
  const m = await makeMember(t);
  for (let i = 0; i < FREE_FAILURES; i++)
    expect((await login(i % 2 ? second : t.app, m.email, `guess-${i}`)).statusCode).toBe(400);
  expect((await login(t.app, m.email, m.password)).statusCode).toBe(429);
  // End the wait (as the seconds passing would).
  await t.pool.query(`update login_failures set last_at = last_at - interval '1 hour' where account = $1`, [
    `user:${m.id}`,
  ]);
  const res = await login(second, m.email, m.password);
  expect(res.statusCode).toBe(200);
  const { rows } = await t.pool.query(`select failures from login_failures where account = $1`, [`user:${m.id}`]);
  expect(rows).toEqual([]);
});
