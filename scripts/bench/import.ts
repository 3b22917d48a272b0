/**
 * `npm run bench:import` (part of `npm run bench`): the real server process imports a 100,000-row CSV
 * (issue #8: at least 10,000 rows/s, the server's peak RSS at most 400 MB).
 *
 * The server runs as its own process, compiled as `npm start` runs it (`dist-server/main.js`), on a fresh database of
 * BENCH_DATABASE_URL or of an embedded PostgreSQL in a temp dir. Timed: from the start call to the
 * import's `completed` status. The peak RSS is the kernel's high-water mark of that process (VmHWM).
 * BENCH_IMPORT_ROWS changes the file's size.
 */
import { execSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedCluster } from '../../src/server/db/embedded';
import { DEMO_PASSWORD } from '../../src/server/db/seed';
import { must } from '../must';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const TARGET_RATE = 10_000;
const TARGET_RSS_MB = 400;
const CITIES = ['Berlin', 'München', 'Wien', 'Zürich', 'Москва', 'Алматы', 'Hamburg', 'Graz'];

/** first_name;last_name;email;phone;city;country — every 100th row repeats an email, every 250th has a broken one. */
function writeCsv(file: string) {
  const out = fs.openSync(file, 'w');
  let buf = 'first_name;last_name;email;phone;city;country\n';
  for (let i = 1; i <= ROWS; i++) {
    const email = i % 250 === 0 ? `broken-${i}` : i % 100 === 0 ? `row${i - 1}@import.bench` : `row${i}@import.bench`;
    buf += `Name${i};Family${i % 977};${email};+49151${String(i).padStart(8, '0')};${CITIES[i % CITIES.length]};DE\n`;
    if (buf.length > 1 << 16) {
      fs.writeSync(out, buf);
      buf = '';
    }
  }
  fs.writeSync(out, buf);
  fs.closeSync(out);
}

const peakRssMb = (pid: number) => {
  const m = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
};

async function main() {
  let cluster: EmbeddedCluster | undefined;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-bench-import-'));
  fs.chmodSync(tmp, 0o755);
  let adminUrl = process.env.BENCH_DATABASE_URL;
  if (!adminUrl) {
    cluster = await startEmbeddedPostgres(path.join(tmp, 'cluster'), (m) => {
      console.error(m);
    });
    adminUrl = cluster.url();
  }
  const dbName = `bench_import_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  admin.on('error', () => {});
  await admin.connect();
  await admin.query(`create database "${dbName}"`);
  const u = new URL(adminUrl);
  u.pathname = `/${dbName}`;
  let server: ChildProcess | undefined;
  try {
    const file = path.join(tmp, 'import.csv');
    writeCsv(file);
    const port = 19_300 + Math.floor(Math.random() * 500);
    const base = `http://127.0.0.1:${port}`;
    // The server as `npm start` runs it (compiled; tsx's transpiler would add its own memory).
    execSync('npm run build:server -- --logLevel warn', { stdio: 'inherit' });
    server = spawn(process.execPath, ['--enable-source-maps', 'dist-server/main.js'], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        DATABASE_URL: u.toString(),
        DATA_DIR: path.join(tmp, 'data'),
        PORT: String(port),
        HOST: '127.0.0.1',
        JWT_SECRET: 'bench-secret-0123456789abcdef-0123456789abcdef',
        LOG_LEVEL: 'warn',
        SEED_DEMO: '1',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    for (let until = Date.now() + 180_000; ;) {
      if (
        await fetch(`${base}/healthz`)
          .then((r) => r.ok)
          .catch(() => false)
      )
        break;
      if (Date.now() > until) throw new Error('the server did not start');
      await new Promise((r) => setTimeout(r, 200));
    }
    const login = await fetch(`${base}/api/accounts/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: 'admin@demo.atrium', password: DEMO_PASSWORD }),
    });
    const auth = { authorization: `JWT ${((await login.json()) as { token: string }).token}` };
    const db = new pg.Client({ connectionString: u.toString() });
    db.on('error', () => {});
    await db.connect();
    const consultant = must(
      (await db.query<{ id: number }>(`select id from users where email = 'consultant@demo.atrium'`)).rows[0],
    ).id;
    const tag = must((await db.query<{ id: number }>(`select id from tags order by id limit 1`)).rows[0]).id;

    const body = new FormData();
    body.append('file', new Blob([fs.readFileSync(file)], { type: 'text/csv' }), 'import.csv');
    const t0 = performance.now();
    const saved = await fetch(`${base}/api/accounts/import_users/save/`, { method: 'POST', headers: auth, body });
    if (saved.status !== 201) throw new Error(`upload answered ${saved.status}: ${await saved.text()}`);
    const imp = (await saved.json()) as { id: number; total: number };
    const uploadMs = performance.now() - t0;

    const t1 = performance.now();
    const started = await fetch(`${base}/api/accounts/import_users/start/`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({
        import_id: imp.id,
        consultant_id: consultant,
        tag_id: tag,
        mapping: {
          first_name: 'first_name',
          last_name: 'last_name',
          email: 'email',
          phone: 'phone',
          city: 'city',
          country: 'country',
        },
      }),
    });
    if (!started.ok) throw new Error(`start answered ${started.status}: ${await started.text()}`);
    let state: { status: string; success: number; skipped: number };
    for (let until = Date.now() + 600_000; ;) {
      state = must(
        (await db.query<typeof state>(`select status, success, skipped from user_imports where id = $1`, [imp.id]))
          .rows[0],
      );
      if (state.status === 'completed' || state.status === 'failed') break;
      if (Date.now() > until) throw new Error(`the import did not finish: ${JSON.stringify(state)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    const importMs = performance.now() - t1;
    const rss = peakRssMb(must(server.pid));
    await db.end();

    const rate = ROWS / (importMs / 1000);
    const ok =
      state.status === 'completed' &&
      state.success + state.skipped === ROWS &&
      rate >= TARGET_RATE &&
      rss <= TARGET_RSS_MB;
    const head = ['command', 'rows', 'imported', 'skipped', 'upload s', 'import s', 'rows/s', 'peak RSS MB', 'target'];
    const row = [
      'POST /api/accounts/import_users/start/',
      String(ROWS),
      String(state.success),
      String(state.skipped),
      (uploadMs / 1000).toFixed(1),
      (importMs / 1000).toFixed(1),
      rate.toFixed(0),
      rss.toFixed(0),
      `${ok ? 'ok' : 'MISSED'} (rows/s>=${TARGET_RATE}, RSS<=${TARGET_RSS_MB} MB)`,
    ];
    const w = head.map((h, i) => Math.max(h.length, must(row[i]).length));
    console.log(
      `\nCSV import in the server process, Node ${process.version}, ${os.cpus().length} CPUs, load ${must(os.loadavg()[0]).toFixed(1)}\n`,
    );
    console.log(head.map((h, i) => h.padEnd(must(w[i]))).join('  '));
    console.log(w.map((n) => '-'.repeat(n)).join('  '));
    console.log(row.map((c, i) => c.padEnd(must(w[i]))).join('  '));
    process.exitCode = ok ? 0 : 1;
  } finally {
    if (server && server.exitCode === null) {
      const exited = new Promise((r) => must(server).once('exit', r));
      server.kill('SIGTERM');
      await exited;
    }
    await admin.query(`drop database if exists "${dbName}" with (force)`).catch(() => {});
    await admin.end();
    await cluster?.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
