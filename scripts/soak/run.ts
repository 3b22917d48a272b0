/**
 * `npm run soak`: the real server under a mixed workload of members, a consultant and an admin at 64
 * concurrent clients, and under faults: PostgreSQL restarted, the server SIGKILLed during writes and an
 * import, the uploads disk full, two server processes behind a round-robin proxy, and the embedded
 * PostgreSQL's postmaster SIGKILLed (a server of its own without DATABASE_URL), and two machines (two
 * processes with data dirs of their own on one PostgreSQL and one S3 store, s3rver). Prints one row
 * per scenario (requests, unexpected errors, p50, p99) and exits 1 when any scenario fails.
 *
 * It owns everything it uses: a PostgreSQL cluster in a temp dir on a fixed port (stopped and started
 * like a real restart), server processes started as `node --import tsx src/server/main.ts` with
 * DATABASE_URL, DATA_DIR, PORT and HOST, a tmpfs mounted on the data dir (as root), and the proxy.
 *
 * SOAK_DURATION (seconds of the steady scenario, default 60), SOAK_FAULT_DURATION (seconds of load in
 * each fault scenario, default 30), SOAK_CLIENTS (default 64), SOAK_MEMBERS (soak members besides the
 * demo member, default 16), SOAK_OUTAGE (seconds PostgreSQL stays down, default 5), SOAK_IMPORT_ROWS
 * (rows of the import killed mid-run, default 50000), SOAK_ONLY=steady,pg-restart,sigkill,disk-full,
 * two-processes,db-kill,two-machines, SOAK_PORT_BASE (default 19100: proxy +0, servers +1/+2, the embedded one +3, the
 * two machines +4/+5, their S3 store +6, PostgreSQL +90), SOAK_SERVER_LOG_LEVEL (the servers' LOG_LEVEL,
 * default warn; info logs every request with its time) and SOAK_KEEP=1 (keep the temp dir with the
 * server logs) tune it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { connect } from '../../src/server/db/client';
import { Cluster, mountTmpfs, portFree, Server, unmount } from './infra';
import { Stats } from './load';
import { superuserPassword } from '../../src/server/db/embedded';
import {
  dbKill,
  diskFull,
  pgRestart,
  sigkill,
  steady,
  twoMachines,
  twoProcesses,
  type Result,
  type Soak,
} from './scenarios';
import { startS3 } from './s3';
import { Workload } from './workload';
import { must } from '../must';

const num = (name: string, fallback: number) => {
  const v = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(v) || v <= 0) throw new Error(`${name} must be a positive number`);
  return v;
};

const STEADY = num('SOAK_DURATION', 60);
const FAULT = num('SOAK_FAULT_DURATION', 30);
const CLIENTS = num('SOAK_CLIENTS', 64);
const MEMBERS = num('SOAK_MEMBERS', 16);
const OUTAGE = num('SOAK_OUTAGE', 5);
const IMPORT_ROWS = num('SOAK_IMPORT_ROWS', 50_000);
const RECOVERY = 10;
const PORT_BASE = num('SOAK_PORT_BASE', 19_100);
const TMPFS_MB = 256;
const ALL = ['steady', 'pg-restart', 'sigkill', 'disk-full', 'two-processes', 'db-kill', 'two-machines'] as const;
/** DB_RESTART_TIMEOUT_SECONDS of the db-kill scenario's server. */
const DB_RESTART = 60;
const ONLY = process.env.SOAK_ONLY ? process.env.SOAK_ONLY.split(',').map((x) => x.trim()) : [...ALL];

function table(results: Result[]): string {
  const head = ['scenario', 'requests', 'ok', 'fault answers', 'errors', 'p50 ms', 'p99 ms', 'result'];
  const rows = results.map((r) => [
    r.name,
    String(r.stats.requests),
    String(r.stats.ok),
    String(r.stats.expected),
    String(r.stats.errors),
    r.stats.requests ? r.stats.percentile(50).toFixed(1) : '-',
    r.stats.requests ? r.stats.percentile(99).toFixed(1) : '-',
    r.setupFailed ? 'FAILED TO SET UP' : r.problems.length ? 'FAILED' : 'passed',
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => must(row[i]).length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i >= 1 && i <= 6 ? c.padStart(must(widths[i])) : c.padEnd(must(widths[i])))).join('  ');
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

async function main() {
  for (const name of ONLY)
    if (!(ALL as readonly string[]).includes(name))
      throw new Error(`SOAK_ONLY: unknown scenario ${name} (${ALL.join(', ')})`);
  const ports = {
    proxy: PORT_BASE,
    a: PORT_BASE + 1,
    b: PORT_BASE + 2,
    embedded: PORT_BASE + 3,
    machineA: PORT_BASE + 4,
    machineB: PORT_BASE + 5,
    store: PORT_BASE + 6,
    pg: PORT_BASE + 90,
  };
  for (const [what, port] of Object.entries(ports)) {
    if (!(await portFree(port)))
      throw new Error(`port ${port} (${what}) is in use; set SOAK_PORT_BASE to another range`);
  }
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-soak-'));
  // As root PostgreSQL runs as the `postgres` user, which must get into the work dir.
  fs.chmodSync(work, 0o755);
  const logDir = path.join(work, 'logs');
  const dataDir = path.join(work, 'data');
  fs.mkdirSync(logDir);
  const tmpfsError = mountTmpfs(dataDir, TMPFS_MB);
  const cluster = new Cluster(path.join(work, 'pg'), ports.pg);
  const servers: Server[] = [];
  let pool: ReturnType<typeof connect>['pool'] | undefined;
  const results: Result[] = [];
  let cleaned = false;
  const cleanup = async () => {
    if (cleaned) return;
    cleaned = true;
    for (const s of servers) await s.stop().catch(() => {});
    await pool?.end().catch(() => {});
    if (cluster.running) await cluster.stop().catch(() => {});
    if (!tmpfsError) unmount(dataDir);
    if (process.env.SOAK_KEEP) console.log(`soak: kept ${work}`);
    else fs.rmSync(work, { recursive: true, force: true });
  };
  // Ctrl-C: stop what the soak started, unmount the tmpfs and remove the temp dir before leaving.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.error(`soak: ${signal}, cleaning up`);
      void cleanup().finally(() => process.exit(130));
    });
  }
  try {
    console.log(
      `soak: work dir ${work}; data dir ${tmpfsError ? `a plain dir (tmpfs: ${tmpfsError})` : `on a ${TMPFS_MB} MB tmpfs`}`,
    );
    await cluster.init();
    const admin = connect(cluster.url(), 1, 0);
    await admin.pool.query('create database atrium');
    await admin.pool.end();
    const databaseUrl = cluster.url('atrium');
    const common = { dataDir, databaseUrl, logDir };
    const server = new Server({ name: 'server-a', port: ports.a, ...common });
    const second = new Server({ name: 'server-b', port: ports.b, ...common });
    servers.push(server, second);
    const startMs = await server.start();
    pool = connect(databaseUrl, 4, 0).pool;
    const workload = new Workload(server.base);
    await workload.setup(pool, MEMBERS);
    console.log(
      `soak: server up in ${(startMs / 1000).toFixed(1)} s; ${workload.members.length} members, the consultant and the admin logged in`,
    );

    const soak: Soak = {
      cluster,
      server,
      second,
      proxyPort: ports.proxy,
      workload,
      db: pool,
      dataDir,
      uploadsDir: path.join(dataDir, 'uploads'),
      tmpfsError,
      clients: CLIENTS,
      steadySeconds: STEADY,
      faultSeconds: FAULT,
    };
    const run = async (name: (typeof ALL)[number], scenario: () => Promise<Result>) => {
      if (!ONLY.includes(name)) return;
      console.log(`soak: ${name} ...`);
      const t0 = Date.now();
      let r: Result;
      try {
        r = await scenario();
      } catch (err) {
        r = {
          name,
          stats: new Stats(),
          problems: [`aborted: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`],
          notes: [],
        };
      }
      results.push(r);
      const verdict = r.setupFailed ? `FAILED TO SET UP: ${r.setupFailed}` : r.problems.length ? 'FAILED' : 'passed';
      console.log(`soak: ${name} ${verdict} in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
      // A crashed server is started again, so the next scenario still has one.
      if (!server.pid) await server.start().catch(() => {});
    };
    await run('steady', () => steady(soak));
    await run('pg-restart', () => pgRestart(soak, OUTAGE, RECOVERY));
    await run('sigkill', () => sigkill(soak, IMPORT_ROWS));
    await run('disk-full', () => diskFull(soak));
    await run('two-processes', () => twoProcesses(soak));
    // A server of its own on its embedded PostgreSQL (no DATABASE_URL), whose postmaster is killed.
    await run('db-kill', async () => {
      const dir = path.join(work, 'embedded');
      fs.mkdirSync(dir, { mode: 0o755 });
      const embedded = new Server({
        name: 'server-embedded',
        port: ports.embedded,
        dataDir: dir,
        databaseUrl: '',
        logDir,
        env: { DB_RESTART_TIMEOUT_SECONDS: String(DB_RESTART) },
      });
      servers.push(embedded);
      await embedded.start();
      const pgPort = Number(fs.readFileSync(path.join(dir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[3]);
      const db = connect(`postgresql://postgres:${superuserPassword(dir) ?? ''}@127.0.0.1:${pgPort}/atrium`, 4, 0).pool;
      try {
        const own = new Workload(embedded.base);
        await own.setup(db, MEMBERS);
        return await dbKill(
          { ...soak, server: embedded, workload: own, db, dataDir: dir, uploadsDir: path.join(dir, 'uploads') },
          RECOVERY,
          DB_RESTART,
        );
      } finally {
        await embedded.stop();
        await db.end().catch(() => {});
      }
    });
    // Two machines: data dirs of their own, uploads in an S3 store (s3rver) both reach.
    await run('two-machines', async () => {
      const store = await startS3({ port: ports.store });
      try {
        const machine = (name: string, port: number) => {
          const dir = path.join(work, name);
          fs.mkdirSync(dir, { mode: 0o755 });
          const m = new Server({ name, port, dataDir: dir, databaseUrl, logDir, env: store.env });
          servers.push(m);
          return m;
        };
        return await twoMachines(
          soak,
          [machine('machine-a', ports.machineA), machine('machine-b', ports.machineB)],
          store,
        );
      } finally {
        await store.close();
      }
    });
  } finally {
    await cleanup();
  }

  console.log(
    `\n${CLIENTS} concurrent clients, Node ${process.version}, ${os.cpus().length} CPUs, ${(os.totalmem() / 2 ** 30).toFixed(0)} GB\n`,
  );
  console.log(table(results));
  console.log('');
  for (const r of results) {
    for (const n of r.notes) console.log(`${r.name}: ${n}`);
    if (r.setupFailed) console.log(`${r.name}: FAILED TO SET UP: ${r.setupFailed}`);
    for (const p of r.problems) console.log(`${r.name}: PROBLEM: ${p}`);
  }
  process.exitCode = results.some((r) => r.setupFailed || r.problems.length) || results.length === 0 ? 1 : 0;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
