/**
 * `npm run test:e2e`: the E2E specs in E2E_GROUPS groups at once (default 3). Each group is a Playwright
 * run of its own with its own server, data dir, mail and Telegram peers and ports (playwright.config.ts),
 * so the groups share nothing but the machine: a spec that moves the server's clock or counts a queue
 * sees only its own group. Three runs at once took 21.8 min where one took 24.4: the browsers' page loads
 * keep both cores busy either way (docs/performance.md). The server is compiled once for all (or not at all
 * when dist-server/ is newer than its sources).
 * Arguments go to every run (`npm run test:e2e -- --grep bell`); E2E_GROUPS=1 runs them one after another.
 * A run of every spec (no arguments) also checks that its pages reached every signed-in route, detail and
 * dialog by the app's own navigation, never by a typed address, and showed each of #40's areas in every
 * language and on a phone (scripts/e2e-reached.ts).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { reachedReport } from './e2e-reached';

const groups = Number(process.env.E2E_GROUPS ?? 3);
const args = process.argv.slice(2);
const REACHED = path.resolve('test-results/reached');
const whole = args.length === 0;
if (whole) fs.rmSync(REACHED, { recursive: true, force: true });

/** The newest modification time under `p` (a file or a folder), in ms. */
function newest(p: string): number {
  const st = fs.statSync(p, { throwIfNoEntry: false });
  if (!st) return 0;
  if (!st.isDirectory()) return st.mtimeMs;
  return Math.max(st.mtimeMs, ...fs.readdirSync(p).map((f) => newest(path.join(p, f))));
}

// The server is built again unless dist-server/ is newer than everything it is built from (as after
// `npm ci`, whose `prepare` just built it): the build is ~15 s on the run's critical path.
const SERVER_INPUTS = ['src/server', 'src/api', 'src/shared', 'vite.config.ts', 'package.json', 'package-lock.json'];
const built = fs.statSync('dist-server/main.js', { throwIfNoEntry: false })?.mtimeMs ?? 0;
if (built > Math.max(...SERVER_INPUTS.map(newest))) {
  console.log('dist-server/ is newer than its sources: not built again');
} else {
  const build = spawnSync('npm', ['run', 'build:server', '--', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

function run(group: number): Promise<number> {
  const base = 18080 + (group - 1) * 100;
  const env = {
    ...process.env,
    E2E_GROUPS: String(groups),
    E2E_GROUP: String(group),
    E2E_SERVER_BUILT: '1',
    E2E_PORT: String(base),
    E2E_SMTP_PORT: String(base - 55),
    E2E_MAIL_HTTP_PORT: String(base - 54),
    E2E_TELEGRAM_PORT: String(base - 53),
    ...(whole ? { E2E_REACHED_DIR: REACHED } : {}),
  };
  // Playwright itself, not through npx, so that a signal reaches it and it stops its servers and peers.
  const child = spawn('node_modules/.bin/playwright', ['test', ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  // Whole lines, each marked with its group, so the two runs' output can be told apart.
  const prefix = groups > 1 ? `[e2e ${String(group)}] ` : '';
  const pipe = (from: NodeJS.ReadableStream, to: NodeJS.WriteStream) => {
    let rest = '';
    from.on('data', (chunk: Buffer) => {
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) to.write(prefix + line + '\n');
    });
    from.on('end', () => {
      if (rest) to.write(prefix + rest + '\n');
    });
  };
  pipe(child.stdout, process.stdout);
  pipe(child.stderr, process.stderr);
  return new Promise((resolve) =>
    child.on('exit', (code) => {
      resolve(code ?? 1);
    }),
  );
}

const children: ChildProcess[] = [];
// Ctrl-C or a stop reaches every run, which then stops its own servers and peers.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal === 'SIGHUP' ? 'SIGTERM' : signal);
  });
}
const codes = await Promise.all(Array.from({ length: groups }, (_, i) => run(i + 1)));
const failed = codes.filter((c) => c !== 0).length;
console.log(`E2E: ${String(groups - failed)} of ${String(groups)} groups passed`);
let missed = false;
if (whole && !failed) {
  const { failures, summary } = reachedReport(REACHED);
  missed = failures.length > 0;
  for (const line of missed ? failures : [summary]) console.log(`E2E: ${line}`);
}
process.exit(failed || missed ? 1 : 0);
