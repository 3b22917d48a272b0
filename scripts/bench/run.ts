/**
 * `npm run bench`: the server's hot calls at the data volumes of ARCHITECTURE.md, measured with
 * wrk (or autocannon where wrk is missing; see load.ts) at 16 concurrent clients against the app on a
 * loopback port.
 *
 * Uses BENCH_DATABASE_URL (a superuser URL; a fresh database is created and dropped) or an embedded
 * PostgreSQL in a temp dir. BENCH_DURATION (seconds per call, default 10) and BENCH_CONNECTIONS
 * (default 16) tune it; BENCH_ROUNDS (default 5) splits each call's time into that many turns of the
 * endpoint, its raw SQL and the bare route, after BENCH_WARMUP (default 2) seconds of unmeasured load; BENCH_VERBOSE=1 prints each round's three req/s;
 * BENCH_ONLY=<substring>[|<substring>…] runs only the matching calls; BENCH_KEEP=1 keeps the
 * database (with BENCH_DATABASE_URL) to look at the plans afterwards; BENCH_AREAS=<a,b> runs only those areas. Areas live in one file
 * each (see types.ts); list a new one in AREAS. BENCH_REUSE=<database> (with BENCH_DATABASE_URL) measures a
 * database a BENCH_KEEP run left behind: its migrations are brought up to date, the seeding (minutes) skipped.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { execSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import type { EmbeddedCluster } from '../../src/server/db/embedded';
import { learning } from './learning';
import { flows } from './flows';
import { team } from './team';
import { payments } from './payments';
import { staff } from './staff';
import { admin } from './admin';
import type { BenchArea, Scenario } from './types';
import { bareFastify, bareFastifyWithSql, recordSql, sqlReplayer, type RawResult } from './raw-sql';
import { loadClient, measureLoad, type Measured } from './load';
import { must } from '../must';
import { median } from './median';

// The server compiled as `npm start` runs it (server.ts), into a folder of its own inside the checkout
// (the bundle finds the contract and the migrations from there, and its packages in node_modules).
const SERVER_OUT = 'dist-bench';
execSync(`npx vite build --ssr scripts/bench/server.ts --outDir ${SERVER_OUT} --logLevel warn`, { stdio: 'inherit' });
const { buildApp, loadConfig, connect, startEmbeddedPostgres, runMigrations, DEMO_PASSWORD, seedDemo } = (await import(
  pathToFileURL(path.resolve(SERVER_OUT, 'server.js')).href
)) as typeof import('./server');

const ALL_AREAS: BenchArea[] = [learning, team, flows, payments, staff, admin];
// BENCH_AREAS=flows,team seeds and measures only those areas (the others' seeds take minutes).
const AREAS = process.env.BENCH_AREAS
  ? ALL_AREAS.filter((a) => must(process.env.BENCH_AREAS).split(',').includes(a.name))
  : ALL_AREAS;

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
// The endpoint, its raw SQL and the bare route take turns in short slices, so a swing of the shared
// host's load falls on all three alike; each figure is the median over the rounds.
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 5));
// Seconds of unmeasured load on the endpoint and the bare route (half on the raw SQL) before the rounds.
const WARMUP = Math.max(0, Number(process.env.BENCH_WARMUP ?? 2));
/** A folder to write each call's recorded statements to (`<command>.json`), to replay or EXPLAIN them apart. */
const SQL_DUMP = process.env.BENCH_SQL_DUMP;

type Row = Measured & { scenario: Scenario; raw?: RawResult; ratio?: number; floor?: number; floorRatio?: number };

async function withAdmin<T>(url: string, run: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await run(c);
  } finally {
    await c.end();
  }
}

/** The load against one call; an empty token sends no Authorization header. */
function measure(base: string, token: string, s: Scenario, seconds = DURATION): Promise<Measured> {
  return measureLoad({
    url: `${base}${s.path}`,
    method: s.method,
    connections: CONNECTIONS,
    seconds,
    headers: {
      ...(token && { authorization: `JWT ${token}` }),
      'content-type': 'application/json',
      'accept-language': 'en',
    },
    ...(s.body !== undefined && { body: JSON.stringify(s.body) }),
  });
}

function table(rows: Row[]): string {
  const head = [
    'command',
    'endpoint',
    'requests',
    'req/s',
    'p50 ms',
    'p99 ms',
    'errors',
    'raw SQL req/s',
    'raw p50',
    'ratio',
    'bare+SQL req/s',
    'bare ratio',
    'target',
  ];
  const body = rows.map((r) => {
    const ratio = r.ratio;
    const ok =
      (r.scenario.p50 === undefined || r.p50 <= r.scenario.p50) &&
      (r.scenario.p99 === undefined || r.p99 <= r.scenario.p99) &&
      r.errors === 0 &&
      (ratio === undefined || ratio >= 0.5);
    // Where even the bare route stays under 0.5, HTTP itself costs more than the call's SQL here: said so.
    const floor =
      ratio !== undefined && ratio < 0.5 && r.floorRatio !== undefined && r.floorRatio < 0.5
        ? `; bare route ${r.floorRatio.toFixed(2)}: HTTP floor`
        : '';
    const target =
      r.scenario.p50 !== undefined
        ? `${ok ? 'ok' : 'MISSED'} (p50<=${r.scenario.p50}, p99<=${r.scenario.p99}, ratio>=0.5${floor})`
        : r.errors
          ? 'ERRORS'
          : ratio !== undefined && ratio < 0.5
            ? `MISSED (ratio>=0.5${floor})`
            : '-';
    return [
      r.scenario.name,
      `${r.scenario.method} ${r.scenario.path}`,
      String(r.requests),
      r.throughput.toFixed(0),
      r.p50.toFixed(1),
      r.p99.toFixed(1),
      String(r.errors),
      r.raw ? r.raw.throughput.toFixed(0) : '-',
      r.raw ? r.raw.p50.toFixed(1) : '-',
      ratio !== undefined ? ratio.toFixed(2) : '-',
      r.floor !== undefined ? r.floor.toFixed(0) : '-',
      r.floorRatio !== undefined ? r.floorRatio.toFixed(2) : '-',
      target,
    ];
  });
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => must(b[i]).length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i >= 2 && i <= 11 ? c.padStart(must(widths[i])) : c.padEnd(must(widths[i])))).join('  ');
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}

async function main() {
  let cluster: EmbeddedCluster | undefined;
  let tmp: string | undefined;
  let adminUrl = process.env.BENCH_DATABASE_URL;
  if (!adminUrl) {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-bench-'));
    fs.chmodSync(tmp, 0o755);
    cluster = await startEmbeddedPostgres(tmp, (m) => {
      console.error(m);
    });
    adminUrl = cluster.url();
  }
  const reuse = process.env.BENCH_DATABASE_URL ? process.env.BENCH_REUSE : undefined;
  const dbName = reuse ?? `bench_${Date.now().toString(36)}`;
  if (!reuse) await withAdmin(adminUrl, (c) => c.query(`create database "${dbName}"`));
  const u = new URL(adminUrl);
  u.pathname = `/${dbName}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-bench-data-'));
  // The server's configuration, DB_PIPELINE_LANES from the environment (the default otherwise).
  const config = loadConfig({
    DATABASE_URL: u.toString(),
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-secret-0123456789abcdef-0123456789abcdef',
    LOG_LEVEL: 'silent',
    SEED_DEMO: '0',
    DB_PIPELINE_LANES: process.env.DB_PIPELINE_LANES,
  });
  const { db, pool } = connect(u.toString(), 20, config.dbPipelineLanes);
  try {
    const t0 = Date.now();
    await runMigrations(pool);
    if (!reuse) await seedDemo(db);
    const { rows } = await pool.query<{ id: number }>(`select id from users where email = 'member@demo.atrium'`);
    const ctx = { pool, memberId: must(rows[0]).id };
    if (!reuse) {
      for (const area of AREAS) await area.seed(ctx);
      await pool.query('vacuum analyze');
      console.log(`seeded in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    }

    const app = await buildApp({ db, config, secret: must(config.jwtSecret), logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const tokens = new Map<string, string>();
    const tokenOf = async (email = 'member@demo.atrium') => {
      if (!tokens.has(email)) {
        const login = await fetch(`${base}/api/accounts/login/`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ username: email, password: DEMO_PASSWORD }),
        });
        const { token } = (await login.json()) as { token: string };
        if (!token) throw new Error(`login as ${email} failed: ${login.status}`);
        tokens.set(email, token);
      }
      return must(tokens.get(email));
    };

    const only = process.env.BENCH_ONLY?.split('|');
    const scenarios = (await Promise.all(AREAS.map((a) => a.scenarios(ctx))))
      .flat()
      .filter((s) => !only || only.some((o) => `${s.name} ${s.path}`.includes(o)));
    const results: Row[] = [];
    for (const s of scenarios) {
      const token = await tokenOf(s.as);
      // A warm-up call, whose SQL is recorded for the raw baseline; then the measured run.
      const call = () =>
        fetch(`${base}${s.path}`, {
          method: s.method,
          headers: { authorization: `JWT ${token}`, 'content-type': 'application/json' },
          ...(s.body !== undefined && { body: JSON.stringify(s.body) }),
        });
      const warm = await call();
      const answer = await warm.text();
      if (!warm.ok) throw new Error(`${s.method} ${s.path} answered ${warm.status}: ${answer}`);
      const statements = await recordSql(async () => {
        await (await call()).arrayBuffer();
      });
      if (SQL_DUMP)
        fs.writeFileSync(path.join(SQL_DUMP, `${s.name.replace(/\W+/g, '_')}.json`), JSON.stringify(statements));
      // Rounds of the endpoint, the same statements straight through pg at the same concurrency, and
      // the same statements and answer through a bare Fastify route (no Atrium), in turns.
      const replay = sqlReplayer(u.toString(), statements, CONNECTIONS);
      const floor = await bareFastifyWithSql(u.toString(), statements, answer, CONNECTIONS);
      const slice = DURATION / ROUNDS;
      const rounds: { app: Measured; raw: RawResult; floor: Measured }[] = [];
      try {
        // Unmeasured load first: the call's code is compiled by the JIT under load and the host's
        // CPUs are awake (the first 2 s slices of a cold call ran at a fifth of the later ones).
        if (WARMUP > 0) {
          await measure(base, token, s, WARMUP);
          await replay.run(WARMUP / 2);
          await measure(floor.base, '', { ...s, path: '/floor' }, WARMUP);
        }
        for (let i = 0; i < ROUNDS; i += 1) {
          const app = await measure(base, token, s, slice);
          const raw = await replay.run(slice);
          const bare = await measure(floor.base, '', { ...s, path: '/floor' }, slice);
          rounds.push({ app, raw, floor: bare });
        }
      } finally {
        await floor.close();
        await replay.close();
      }
      const row: Row = {
        scenario: s,
        requests: rounds.reduce((n, r) => n + r.app.requests, 0),
        throughput: median(rounds.map((r) => r.app.throughput)),
        p50: median(rounds.map((r) => r.app.p50)),
        p99: median(rounds.map((r) => r.app.p99)),
        errors: rounds.reduce((n, r) => n + r.app.errors, 0),
        raw: {
          throughput: median(rounds.map((r) => r.raw.throughput)),
          p50: median(rounds.map((r) => r.raw.p50)),
          p99: median(rounds.map((r) => r.raw.p99)),
        },
        ratio: median(rounds.map((r) => r.app.throughput / r.raw.throughput)),
        floor: median(rounds.map((r) => r.floor.throughput)),
        floorRatio: median(rounds.map((r) => r.floor.throughput / r.raw.throughput)),
      };
      if (process.env.BENCH_VERBOSE)
        console.log(
          rounds
            .map(
              (r) => `${r.app.throughput.toFixed(0)}/${r.raw.throughput.toFixed(0)}/${r.floor.throughput.toFixed(0)}`,
            )
            .join('  '),
        );
      results.push(row);
      console.log(`${s.name}: ${s.method} ${s.path} done`);
    }
    console.log(
      `\n${CONNECTIONS} concurrent clients (${loadClient}), ${DURATION} s per call in ${ROUNDS} rounds (medians), Node ${process.version}, ${os.cpus().length} CPUs\n`,
    );
    const ceiling = await bareFastify();
    const ceilingScenario: Scenario = { name: 'ceiling', method: 'GET', path: '/ceiling' };
    results.push({ scenario: ceilingScenario, ...(await measure(ceiling.base, '', ceilingScenario)) });
    await ceiling.close();
    console.log(table(results));
    await app.close();
    const missed = results.filter(
      (r) =>
        r.errors > 0 ||
        (r.scenario.p50 !== undefined && (r.p50 > r.scenario.p50 || r.p99 > must(r.scenario.p99))) ||
        (r.ratio !== undefined && r.ratio < 0.5),
    );
    process.exitCode = missed.length ? 1 : 0;
  } finally {
    await pool.end();
    if (process.env.BENCH_KEEP || reuse) console.log(`kept database ${dbName}`);
    else await withAdmin(adminUrl, (c) => c.query(`drop database if exists "${dbName}" with (force)`)).catch(() => {});
    await cluster?.stop();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
