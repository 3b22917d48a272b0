import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { CONNECT_TIMEOUT_MS, connect } from '../../src/server/db/client';
import { catalogues } from '../../src/server/i18n';
import { DEMO_PASSWORD } from '../../src/server/db/seed';
import { createTestApp, type TestApp } from '../setup/test-app';

/**
 * PostgreSQL going away and coming back, as a restart looks from the app: an app instance reaches
 * the database through a TCP relay the test can cut (open connections are dropped, new ones refused)
 * and restore. The app answers a clean, translated 503 meanwhile, does not crash, and serves again
 * on its own once the database is back.
 */
class Relay {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  port = 0;
  constructor(private readonly target: net.NetConnectOpts) {}

  async open(): Promise<void> {
    if (this.server) return;
    const server = net.createServer((inbound) => {
      const outbound = net.connect(this.target);
      for (const s of [inbound, outbound]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => {});
      }
      inbound.pipe(outbound).pipe(inbound);
      inbound.on('close', () => outbound.destroy());
      outbound.on('close', () => inbound.destroy());
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', resolve);
    });
    this.port = (server.address() as net.AddressInfo).port;
    this.server = server;
  }

  /** Drops every open connection and refuses new ones, like a stopped PostgreSQL. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const s of this.sockets) s.destroy();
    await new Promise((resolve) => server?.close(resolve));
  }
}

const METRICS_TOKEN = 'metrics-token-0123456789abcdef';
let t: TestApp;
let relay: Relay;
let app: FastifyInstance;
let pool: pg.Pool;
const en = catalogues.en;

beforeAll(async () => {
  t = await createTestApp();
  // The test database may be reached over TCP or a Unix socket (?host=/dir&port=n); the relay speaks TCP.
  const direct = new URL(t.databaseUrl);
  const socketDir = direct.searchParams.get('host');
  const port = Number(direct.searchParams.get('port') ?? (direct.port || 5432));
  relay = new Relay(
    socketDir?.startsWith('/') ? { path: `${socketDir}/.s.PGSQL.${port}` } : { host: direct.hostname, port },
  );
  await relay.open();
  const viaRelay = new URL(
    `${direct.protocol}//${direct.username}:${direct.password}@127.0.0.1:${relay.port}${direct.pathname}`,
  );
  const c = connect(viaRelay.toString(), 5);
  pool = c.pool;
  app = await buildApp({
    db: c.db,
    config: { ...t.config, metricsToken: METRICS_TOKEN },
    secret: t.config.jwtSecret!,
    logger: false,
  });
  await app.ready();
});
afterAll(async () => {
  await relay.open();
  await app.close().catch(() => {});
  await pool.end().catch(() => {});
  await relay.cut();
  await t.close();
});

const get = (path: string, token: string) =>
  app.inject({ method: 'GET', url: path, headers: { authorization: `JWT ${token}`, 'accept-language': 'en' } });

const scrape = () =>
  app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });

async function login(): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/accounts/login/',
    payload: new URLSearchParams({ username: 'member@demo.atrium', password: DEMO_PASSWORD }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ token: string }>().token;
}

it('answers 503 while the database is gone and serves again by itself once it is back', async () => {
  const token = await login();
  expect((await get('/api/accounts/me/', token)).statusCode).toBe(200);

  await relay.cut();
  const started = Date.now();
  for (const path of ['/api/accounts/me/', '/api/contacts/?page=1']) {
    const res = await get(path, token);
    expect(res.statusCode, path).toBe(503);
    expect(res.json()).toEqual({ detail: en.service_unavailable, code: 'service_unavailable' });
    expect(res.headers['retry-after']).toBe('5');
  }
  const write = await app.inject({
    method: 'POST',
    url: '/api/contacts/',
    payload: { first_name: 'Outage', email: 'outage@example.com' },
    headers: { authorization: `JWT ${token}`, 'accept-language': 'de' },
  });
  expect(write.statusCode).toBe(503);
  expect(write.json()).toEqual({ detail: catalogues.de.service_unavailable, code: 'service_unavailable' });
  // Refused connections fail at once: nothing waits for the pool's connect timeout.
  expect(Date.now() - started).toBeLessThan(CONNECT_TIMEOUT_MS);
  const health = await app.inject({ method: 'GET', url: '/healthz' });
  expect(health.statusCode).toBe(503);
  expect(health.json()).toEqual({ status: 'unavailable', database: 'unreachable' });
  // The metrics still answer, and say what is down: the process's own figures go on through the outage.
  let metrics = await scrape();
  expect(metrics.statusCode).toBe(200);
  expect(metrics.body).toMatch(/^atrium_database_up 0$/m);
  expect(metrics.body).toMatch(/^atrium_listen_connected\{channel="atrium_notifications"\} 0$/m);
  expect(metrics.body).toContain(
    'http_request_duration_seconds_count{method="GET",route="/healthz",status_code="503"} 1',
  );
  expect(metrics.body).toContain('process_resident_memory_bytes ');

  await relay.open();
  expect((await get('/api/accounts/me/', token)).statusCode).toBe(200);
  expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  metrics = await scrape();
  expect(metrics.body).toMatch(/^atrium_database_up 1$/m);
  const { rows } = await t.pool.query(`select count(*)::int as n from contacts where first_name = 'Outage'`);
  expect(rows[0].n).toBe(0);
});

it('survives a connection dropped in the middle of a transaction', async () => {
  const client = await pool.connect();
  await client.query('begin');
  await client.query('select 1');
  // The checked-out client is idle in its transaction when the connection goes: its 'error' event must
  // not be unhandled (that would end the process and fail this run).
  await relay.cut();
  await new Promise((r) => setTimeout(r, 200));
  await expect(client.query('select 1')).rejects.toThrow();
  client.release();
  await relay.open();
  const { rows } = await pool.query('select 2 as n');
  expect(rows[0].n).toBe(2);
});
