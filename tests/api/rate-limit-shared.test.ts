import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { connect } from '../../src/server/db/client';
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
  await second?.close();
  await secondPool?.end();
  await t?.close();
});

const login = (app: FastifyInstance, username: string, password: string) =>
  app.inject({
    method: 'POST',
    url: '/api/accounts/login/',
    payload: new URLSearchParams({ username, password }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en' },
  });

it('holds the per-account login limit across two instances taking turns', async () => {
  const victim = await makeMember(t);
  const statuses: number[] = [];
  for (let i = 0; i < 14; i++) {
    // Alternate like a round-robin proxy: each instance alone sees only 7 attempts, under the limit of 10.
    const res = await login(i % 2 ? second : t.app, victim.email, `guess-${i}`);
    statuses.push(res.statusCode);
  }
  expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
  expect(statuses.slice(10)).toEqual(Array(4).fill(429));
  const throttled = await login(second, victim.email, victim.password);
  expect(throttled.statusCode).toBe(429);
  expect(throttled.json()).toEqual({ detail: expect.stringMatching(/^Too many requests\. Please try again in \d+ seconds\.$/), code: 'throttled' });
  expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
  expect(Number(throttled.headers['retry-after'])).toBeLessThanOrEqual(60);
  // The counter lives in the database, keyed by operation, rule and account.
  const { rows } = await t.pool.query<{ hits: number }>(`select hits from rate_limit_hits where key = $1`, [`login#1:account:${victim.email}`]);
  expect(rows[0]?.hits).toBe(15);
});

it('starts a new window once the old one has ended, for both instances', async () => {
  const m = await makeMember(t);
  for (let i = 0; i < 10; i++) expect((await login(i % 2 ? second : t.app, m.email, `guess-${i}`)).statusCode).toBe(400);
  expect((await login(t.app, m.email, m.password)).statusCode).toBe(429);
  // End the window (as a minute passing would).
  await t.pool.query(`update rate_limit_hits set reset_at = now() - interval '1 second' where key like $1`, [`login#%:account:${m.email}`]);
  const res = await login(second, m.email, m.password);
  expect(res.statusCode).toBe(200);
  const { rows } = await t.pool.query<{ hits: number }>(`select hits from rate_limit_hits where key = $1`, [`login#1:account:${m.email}`]);
  expect(rows[0]?.hits).toBe(1);
});
