import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RoundRobinProxy, Server } from '../../scripts/soak/infra';
import { request, runClients, Stats, strict } from '../../scripts/soak/load';
import { verifyLedger } from '../../scripts/soak/verify';
import { Workload } from '../../scripts/soak/workload';
import { makeEmployee } from '../setup/staff';
import { makeMember } from '../setup/accounts';
import { openEvents, type EventReader } from '../setup/sse';
import { auth, createTestApp, TEST_JWT_SECRET, type TestApp } from '../setup/test-app';
import { freePort } from '../../src/server/db/embedded';

/**
 * Atrium through a connection pooler: Debian's PgBouncer (1.18, installed by .ci/run) in transaction
 * mode, which hands each transaction to any server connection and keeps no prepared statement across
 * them. Two server processes go through it with DB_NAMED_STATEMENTS=0 and DATABASE_DIRECT_URL (LISTEN
 * and the migrations' lock on connections of their own), behind a round-robin proxy; the API's smoke
 * set and the soak's steady workload must then answer without one error. A start with a setting missing
 * for the pooler refuses with one line naming it, and a migration lock an earlier start left on a pooled
 * server connection does not hold the next start forever.
 */
const PGBOUNCER = process.env.PGBOUNCER_BIN ?? '/usr/sbin/pgbouncer';
const STEADY_SECONDS = Number(process.env.POOLER_STEADY_SECONDS ?? 15);
const CLIENTS = 16;

// The migrations' advisory lock key (src/server/db/migrate.ts).
const MIGRATION_LOCK = 727_274_001;

let t: TestApp;
let bouncer: ChildProcess | undefined;
let bouncerLog = '';
let bouncerPort = 0;
let proxy: RoundRobinProxy | undefined;
let via = '';
const servers: Server[] = [];
const readers: EventReader[] = [];
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-pooler-'));
const dataDir = path.join(work, 'data');
const logDir = path.join(work, 'logs');

/** PgBouncer's line for the test database: where the database is (TCP or its Unix socket) and as whom. */
function bouncerTarget(databaseUrl: string): string {
  const u = new URL(databaseUrl);
  const host = u.searchParams.get('host') ?? u.hostname;
  const port = u.searchParams.get('port') ?? (u.port || '5432');
  const db = u.pathname.slice(1);
  const user = decodeURIComponent(u.username);
  const password = decodeURIComponent(u.password);
  return `host=${host} port=${port} dbname=${db} user=${user} password=${password}`;
}

async function startBouncer(): Promise<void> {
  bouncerPort = await freePort();
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const ini = path.join(work, 'pgbouncer.ini');
  fs.writeFileSync(
    ini,
    [
      '[databases]',
      `atrium = ${bouncerTarget(t.databaseUrl)}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${bouncerPort}`,
      'unix_socket_dir =',
      'pool_mode = transaction',
      // Fewer server connections than the two processes' pools: they are shared, transaction by transaction.
      'default_pool_size = 8',
      'max_client_conn = 200',
      // The clients sign in as anyone; the database line says as whom PgBouncer connects.
      'auth_type = any',
      'admin_users = postgres',
      // pg sends `options` (-c jit=off), which PgBouncer 1.18 does not know.
      'ignore_startup_parameters = options',
      // PgBouncer will not run as root; as root the embedded cluster runs as `postgres` too.
      ...(isRoot ? ['user = postgres'] : []),
    ].join('\n') + '\n',
  );
  fs.chmodSync(work, 0o755);
  fs.chmodSync(ini, 0o644);
  if (!fs.existsSync(PGBOUNCER))
    throw new Error(`${PGBOUNCER} is missing: install Debian's pgbouncer (apt-get install pgbouncer), as .ci/run does`);
  const child = spawn(PGBOUNCER, [ini], { stdio: ['ignore', 'pipe', 'pipe'] });
  bouncer = child;
  child.stdout.on('data', (c: Buffer) => (bouncerLog += c.toString()));
  child.stderr.on('data', (c: Buffer) => (bouncerLog += c.toString()));
  for (const until = Date.now() + 15_000; ;) {
    if (child.exitCode !== null) throw new Error(`pgbouncer exited with ${child.exitCode}:\n${bouncerLog}`);
    const up = await new Promise<boolean>((resolve) => {
      const s = net.connect(bouncerPort, '127.0.0.1', () => {
        s.end();
        resolve(true);
      });
      s.once('error', () => {
        resolve(false);
      });
    });
    if (up) return;
    if (Date.now() > until) throw new Error(`pgbouncer did not listen:\n${bouncerLog}`);
    await sleep(100);
  }
}

const viaBouncer = (database = 'atrium') => `postgresql://postgres:any@127.0.0.1:${bouncerPort}/${database}`;

/** PgBouncer's own figures (its admin console, SHOW …), rows of the `atrium` database. */
async function bouncerShow(what: 'POOLS' | 'STATS'): Promise<Array<Record<string, string>>> {
  const c = new pg.Client({ connectionString: viaBouncer('pgbouncer') });
  await c.connect();
  try {
    // A text without values goes as a simple query, the only kind the admin console speaks.
    const { rows } = await c.query<Record<string, string>>(`SHOW ${what}`);
    return rows.filter((r) => r.database === 'atrium');
  } finally {
    await c.end();
  }
}

function logsOf(): string {
  return fs
    .readdirSync(logDir)
    .map((f) => `--- ${f}\n${fs.readFileSync(path.join(logDir, f), 'utf8').slice(-4000)}`)
    .join('\n');
}

/** The settings a server needs behind PgBouncer in transaction mode. */
const pooledEnv = (): Record<string, string> => ({
  DATABASE_DIRECT_URL: t.databaseUrl,
  DB_NAMED_STATEMENTS: process.env.POOLER_NAMED_STATEMENTS ?? '0',
  JWT_SECRET: TEST_JWT_SECRET,
  // The session cache is on: a logout reaches the other process through LISTEN on the direct connection.
  SESSION_CACHE_SECONDS: '10',
});

/**
 * Starts one more server through PgBouncer with these settings: whether it came up (it is stopped
 * again), or else how it ended, with its log either way.
 */
async function tryStart(name: string, env: Record<string, string>): Promise<{ failure: string | null; log: string }> {
  const server = new Server({ name, port: await freePort(), dataDir, databaseUrl: viaBouncer(), logDir, env });
  let failure: string | null = null;
  try {
    // Generous: a server's start through tsx takes a while on a busy machine.
    await server.start(120_000);
  } catch (err) {
    failure = err instanceof Error ? err.message : String(err);
  } finally {
    await server.stop();
  }
  return { failure, log: fs.readFileSync(path.join(logDir, `${name}.log`), 'utf8') };
}

/** Sessions holding the migrations' advisory lock, as PostgreSQL itself sees them. */
async function migrationLockHolders(): Promise<number> {
  const c = new pg.Client({ connectionString: t.databaseUrl });
  c.on('error', () => {});
  await c.connect();
  try {
    const { rows } = await c.query<{ n: number }>(
      // Advisory locks are per database; other test files migrate their own databases on the same server.
      `select count(*)::int as n from pg_locks where locktype = 'advisory' and granted and objid = $1
         and database = (select oid from pg_database where datname = current_database())`,
      [MIGRATION_LOCK],
    );
    return rows[0]?.n ?? 0;
  } finally {
    await c.end();
  }
}

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  fs.mkdirSync(dataDir);
  fs.mkdirSync(logDir);
  await startBouncer();
  const common = { dataDir, databaseUrl: viaBouncer(), logDir, env: pooledEnv() };
  const [a, b, front] = [await freePort(), await freePort(), await freePort()];
  servers.push(
    new Server({ name: 'pooled-a', port: a, ...common }),
    new Server({ name: 'pooled-b', port: b, ...common }),
  );
  try {
    // One after the other: the first seeds the demo accounts.
    for (const s of servers) await s.start(120_000);
  } catch (err) {
    throw new Error(`${err instanceof Error ? err.message : String(err)}\n${logsOf()}\n--- pgbouncer\n${bouncerLog}`);
  }
  proxy = new RoundRobinProxy([a, b], front);
  await proxy.listen();
  via = `http://127.0.0.1:${front}`;
}, 300_000);

afterAll(async () => {
  for (const r of readers) r.close();
  await proxy?.close();
  for (const s of servers) await s.stop().catch(() => {});
  bouncer?.kill('SIGTERM');
  await t.close();
  fs.rmSync(work, { recursive: true, force: true });
});

describe('two server processes through PgBouncer in transaction mode', () => {
  it('answers the smoke set: sessions, writes, the bell and a logout across both processes', async () => {
    const member = await makeMember(t);
    const login = await request(via, 'POST', '/api/accounts/login/', {
      form: { username: member.email, password: member.password },
    });
    expect(login.status).toBe(200);
    const { token } = login.json() as { token: string };
    for (let i = 0; i < 4; i++) expect((await request(via, 'GET', '/api/accounts/me/', { token })).status).toBe(200);

    const category = await request(via, 'POST', '/api/contacts/category', {
      token,
      json: { name: 'Pooled', is_particular: false },
    });
    expect(category.status).toBe(201);
    const created = await request(via, 'POST', '/api/contacts/', {
      token,
      json: {
        first_name: 'Pooled',
        last_name: 'Contact',
        email: 'pooled@pooler.test',
        categories: [(category.json() as { id: number }).id],
      },
    });
    expect(created.status, created.body.toString()).toBe(201);
    for (let i = 0; i < 2; i++) {
      const list = await request(via, 'GET', '/api/contacts/?page=1', { token });
      expect(list.status).toBe(200);
      expect((list.json() as { count: number }).count).toBe(1);
    }

    // The bell: a ticket opened through one process reaches a consultant's stream held by the other.
    const consultant = await makeEmployee(t);
    const own = await makeMember(t, { responsibleId: consultant.id });
    const [one, other] = servers as [Server, Server];
    const stream = await openEvents(`${other.base}/api/notifications/stream/`, auth(consultant.token));
    readers.push(stream);
    expect(stream.status).toBe(200);
    await stream.waitFor('ready');
    const ownLogin = await request(one.base, 'POST', '/api/accounts/login/', {
      form: { username: own.email, password: own.password },
    });
    const ticket = await request(one.base, 'POST', '/api/tickets/create/', {
      token: (ownLogin.json() as { token: string }).token,
      json: { type: 'technical', subject: 'Through the pooler', message: 'Hello.' },
    });
    expect(ticket.status).toBe(201);
    await stream.waitFor('notifications', 1, 15_000);

    // A logout through one process ends the session on both, cached or not. The process that took the
    // logout drops it before answering; the other hears PostgreSQL's notification a moment later (CI
    // once asked it first, under load). Waiting 3 s of the cache's 10 shows the notification did it.
    expect((await request(via, 'POST', '/api/accounts/logout/', { token })).status).toBe(200);
    for (const s of servers) {
      await expect
        .poll(async () => (await request(s.base, 'GET', '/api/accounts/me/', { token })).status, { timeout: 3_000 })
        .toBe(401);
    }
  });

  it('runs the soak’s steady workload through the proxy without one error', async () => {
    const direct = new pg.Pool({ connectionString: t.databaseUrl, max: 4 });
    try {
      const workload = new Workload(via);
      await workload.setup(direct, 8);
      const stats = new Stats(strict);
      await runClients(workload.clients(CLIENTS), stats, sleep(STEADY_SECONDS * 1000));
      const errors = [...stats.errorKinds].map(([k, n]) => `${n}× ${k}`).join('; ');
      expect(stats.errors, errors).toBe(0);
      expect(stats.ok).toBeGreaterThan(STEADY_SECONDS * 5);
      expect(await verifyLedger(direct, workload.ledger, path.join(dataDir, 'uploads'))).toEqual([]);
      expect(proxy?.served.every((n) => n > 0)).toBe(true);
      for (const s of servers) expect(s.crash, logsOf()).toBeNull();
    } finally {
      await direct.end();
    }
    // The statements went through PgBouncer, on fewer server connections than the processes' clients.
    const [stats] = await bouncerShow('STATS');
    expect(Number(stats?.total_query_count)).toBeGreaterThan(1000);
    const [pool] = await bouncerShow('POOLS');
    expect(Number(pool?.sv_active) + Number(pool?.sv_idle) + Number(pool?.sv_used)).toBeLessThanOrEqual(8);
  }, 180_000);
});

describe('a start through PgBouncer in transaction mode', () => {
  it('refuses without DATABASE_DIRECT_URL, naming it, and leaves nothing that holds the next start', async () => {
    const { DATABASE_DIRECT_URL: _direct, ...withoutDirect } = pooledEnv();
    const refused = await tryStart('no-direct-url', withoutDirect);
    expect(refused.failure ?? 'it started', refused.log).toMatch(/code 2\b/);
    expect(refused.log).toContain('DATABASE_DIRECT_URL is not set');
    expect(await migrationLockHolders()).toBe(0);
    // The same settings with DATABASE_DIRECT_URL start at once.
    const fixed = await tryStart('direct-url-again', pooledEnv());
    expect(fixed.failure, fixed.log).toBeNull();
  }, 300_000);

  it('refuses DB_NAMED_STATEMENTS=1 behind PgBouncer 1.18, naming DB_NAMED_STATEMENTS=0', async () => {
    const refused = await tryStart('named-statements', { ...pooledEnv(), DB_NAMED_STATEMENTS: '1' });
    expect(refused.failure ?? 'it started', refused.log).toMatch(/code 2\b/);
    expect(refused.log).toContain('set DB_NAMED_STATEMENTS=0');
  }, 180_000);

  it('ends a migration lock an earlier version left on a pooled server connection instead of waiting forever', async () => {
    // What an earlier version's start without DATABASE_DIRECT_URL did: its session lock went to one server
    // connection, its unlock to another, and the lock stayed behind on the first when the client left.
    const leaker = new pg.Client({ connectionString: viaBouncer() });
    leaker.on('error', () => {});
    await leaker.connect();
    await leaker.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await leaker.end();
    expect(await migrationLockHolders()).toBe(1);
    const started = await tryStart('after-left-lock', pooledEnv());
    expect(started.failure, started.log).toBeNull();
    expect(started.log).toMatch(/the migration lock is held by pid \d+ .*ending that backend/);
    expect(await migrationLockHolders()).toBe(0);
  }, 180_000);
});
