import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, it, inject } from 'vitest';
import { TEST_JWT_SECRET } from '../setup/test-app';

/**
 * `npm start` as an operator runs it: the server compiled by `npm run build:server` (what `npm ci`'s
 * prepare runs) into dist-server/, under NODE_ENV=production, with no tsx anywhere in its process
 * tree, answers its health check, and logs JSON (stdout is not a terminal) without a
 * single warning.
 */
const adminUrl = inject('adminDbUrl');
const databaseName = `t_${randomBytes(8).toString('hex')}`;
let proc: ChildProcess | undefined;

async function admin(sql: string) {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise<void>((r) =>
    s.close(() => {
      r();
    }),
  );
  return port;
}

/** A process and every process under it, with their command lines (Linux /proc). */
function tree(pid: number): Array<{ pid: number; command: string }> {
  const found: Array<{ pid: number; command: string }> = [];
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // Ended meanwhile.
    }
  }
  const visit = (p: number) => {
    try {
      found.push({
        pid: p,
        command: fs
          .readFileSync(`/proc/${String(p)}/cmdline`, 'utf8')
          .split('\0')
          .join(' ')
          .trim(),
      });
    } catch {
      return;
    }
    for (const c of children.get(p) ?? []) visit(c);
  };
  visit(pid);
  return found;
}

beforeAll(async () => {
  await admin(`create database "${databaseName}"`);
  execFileSync('npm', ['run', 'build:server', '--', '--logLevel', 'warn'], { stdio: 'pipe' });
}, 120_000);

afterAll(async () => {
  if (proc?.pid && proc.exitCode === null) {
    const exited = new Promise((r) => proc?.once('exit', r));
    process.kill(-proc.pid, 'SIGTERM');
    await exited;
  }
  await admin(`drop database if exists "${databaseName}" with (force)`);
}, 60_000);

// A bound so the test cannot hang, not the target: start time is a measurement (docs/operations.md),
// and CI runs this beside other test files on two cores.
const START_LIMIT_MS = 60_000;

it('npm start runs the compiled server, healthy, without tsx or warnings', async () => {
  const port = await freePort();
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  const started = Date.now();
  const child = spawn('npm', ['start'], {
    env: {
      ...process.env,
      NODE_ENV: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: url.toString(),
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-start-')),
      JWT_SECRET: TEST_JWT_SECRET,
      LOG_LEVEL: 'info',
    },
    // Its own process group, so that the end of the test stops npm, its shell and the server together.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc = child;
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (out += c.toString()));

  let healthy = false;
  while (!healthy && Date.now() - started < START_LIMIT_MS && child.exitCode === null) {
    healthy = await fetch(`http://127.0.0.1:${String(port)}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (!healthy) await new Promise((r) => setTimeout(r, 100));
  }
  expect(healthy, out).toBe(true);

  const processes = tree(child.pid ?? 0);
  const commands = processes.map((p) => p.command).join('\n');
  const server = processes.find((p) => p.command.startsWith('node ') && p.command.includes('dist-server/main.js'));
  expect(server?.command, commands).toMatch(/^node .*dist-server\/main\.js$/);
  expect(commands).not.toMatch(/tsx/);
  expect(fs.readFileSync(`/proc/${String(server?.pid)}/environ`, 'utf8').split('\0')).toContain('NODE_ENV=production');

  // JSON lines (not a terminal), none of them a warning or worse.
  // npm's own lines ("> atrium@0.1.0 start", the command) aside, every line is an entry.
  const entries = out
    .split('\n')
    .filter((l) => l.trim() && !l.startsWith('> '))
    .map((l) => JSON.parse(l) as { level: number; msg: string });
  expect(entries.map((e) => e.msg)).toContain(`Atrium is running on http://localhost:${String(port)}`);
  expect(entries.filter((e) => e.level >= 40)).toEqual([]);
}, 90_000);
