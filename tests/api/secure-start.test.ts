import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, describe, expect, it, inject } from 'vitest';
import { freePort, runningClusterUrl, superuserPassword } from '../../src/server/db/embedded';
import { DEMO_PASSWORD } from '../../src/server/db/seed';
import { createUser } from '../factories';
import { startServerProcess, stopServerProcesses, type ServerProcess as Server } from '../setup/server-process';

/**
 * Safe to put on the internet (issue #37), with the real server process on its embedded PostgreSQL:
 * a default start (the demo accounts, whose password is published) answers on loopback only and a
 * network HOST is refused while they exist; SEED_DEMO=0 starts on every interface with no account,
 * and its first administrator signs in through npm run create-admin's one-time link. No start logs
 * a password.
 */

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-secure-'));
// mkdtemp makes the dir 0700; as root PostgreSQL runs as the `postgres` user, which must get in.
fs.chmodSync(work, 0o755);
const demoDir = path.join(work, 'demo');
const emptyDir = path.join(work, 'empty');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const ADMIN_PASSWORD = 'first-admin-pass-1';

afterAll(async () => {
  await stopServerProcesses([demoDir, emptyDir]);
  fs.rmSync(work, { recursive: true, force: true });
}, 60_000);

/** The documented production command with the environment of a fresh machine (no HOST) plus `env`. */
async function start(dataDir: string, env: Record<string, string> = {}): Promise<Server> {
  // A fresh machine's environment: none of the settings this test is about.
  const unset = new Set(['HOST', 'SEED_DEMO', 'JWT_SECRET', 'DATABASE_URL', 'PUBLIC_URL', 'SMTP_URL']);
  const base = Object.fromEntries(Object.entries(process.env).filter(([name]) => !unset.has(name)));
  return startServerProcess({ DATA_DIR: dataDir, LOG_LEVEL: 'info', ...env }, { baseEnv: base });
}

/** Whether `host` answers on the server's port: a 0.0.0.0 bind answers on 127.0.0.2, a 127.0.0.1 one does not. */
const answers = (host: string, port: number) =>
  fetch(`http://${host}:${port}/healthz`, { signal: AbortSignal.timeout(2_000) }).then(
    (r) => r.ok,
    () => false,
  );

async function waitHealthy(s: Server, timeoutMs = 240_000) {
  for (const began = Date.now(); Date.now() - began < timeoutMs; await sleep(100)) {
    if (s.child.exitCode !== null) throw new Error(`the server exited with ${s.child.exitCode}:\n${s.output()}`);
    if (await answers('127.0.0.1', s.port)) return;
  }
  throw new Error(`the server was not healthy within ${timeoutMs} ms:\n${s.output()}`);
}

async function stop(s: Server) {
  s.child.kill('SIGTERM');
  expect(await s.exited, s.output()).toBe(0);
}

async function login(port: number, username: string, password: string) {
  const res = await fetch(`http://127.0.0.1:${port}/api/accounts/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password }),
  });
  return { status: res.status, body: (await res.json()) as { user?: { email: string; role: string } } };
}

/** `npm run create-admin -- …` with the server's environment. */
function createAdmin(env: Record<string, string>, ...args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'scripts/create-admin.ts', ...args], {
    env: { ...process.env, PUBLIC_URL: '', SMTP_URL: '', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

/** No password of any kind in what a start printed: the demo one, the database superuser's, the first admin's. */
function expectNoPassword(output: string, dataDir: string) {
  expect(output).not.toContain(DEMO_PASSWORD);
  expect(output).not.toContain(ADMIN_PASSWORD);
  const superuser = superuserPassword(dataDir);
  expect(superuser).toBeDefined();
  expect(output).not.toContain(superuser);
  expect(output).not.toMatch(/password[^\n]{0,3}[:=] ?\S/i);
}

describe('a start with the demo accounts', () => {
  it('listens on loopback only by default, the demo admin signing in there', async () => {
    const s = await start(demoDir);
    await waitHealthy(s);
    expect(await answers('127.0.0.2', s.port)).toBe(false);
    expect(s.output()).toContain('listening on 127.0.0.1 only while the demo logins have their published password');
    expect((await login(s.port, 'admin@demo.atrium', DEMO_PASSWORD)).body.user).toMatchObject({ role: 'admin' });
    await stop(s);
    expectNoPassword(s.output(), demoDir);
  }, 300_000);

  it('refuses HOST=0.0.0.0 with one line saying why and what to do, exit code 5', async () => {
    const s = await start(demoDir, { HOST: '0.0.0.0' });
    expect(await s.exited, s.output()).toBe(5);
    const lines = s.stderr().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^HOST=0\.0\.0\.0 would put the demo logins \(admin@demo\.atrium, [^)]*\), whose password is published, on the network/,
    );
    expect(lines[0]).toContain('SEED_DEMO=0');
    expect(lines[0]).toContain('npm run create-admin');
    expectNoPassword(s.output(), demoDir);
  }, 120_000);

  it('refuses HOST=0.0.0.0 with SEED_DEMO=0 on a data dir seeded earlier, advising what still helps', async () => {
    const s = await start(demoDir, { HOST: '0.0.0.0', SEED_DEMO: '0' });
    expect(await s.exited, s.output()).toBe(5);
    const lines = s.stderr().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^HOST=0\.0\.0\.0 would put the demo logins/);
    // SEED_DEMO=0 is what this start already has: the way out is the accounts' passwords or a new data dir.
    expect(lines[0]).not.toContain('start with SEED_DEMO=0');
    expect(lines[0]).toContain('change their passwords');
    expect(lines[0]).toContain('new DATA_DIR');
  }, 120_000);
});

describe('SEED_DEMO=0 on every interface', () => {
  it('starts with no account; the first administrator signs in through create-admin’s one-time link', async () => {
    const s = await start(emptyDir, { SEED_DEMO: '0', HOST: '0.0.0.0' });
    await waitHealthy(s);
    expect(await answers('127.0.0.2', s.port)).toBe(true);
    const client = new pg.Client({ connectionString: runningClusterUrl(emptyDir, 'atrium') });
    await client.connect();
    try {
      expect((await client.query('select count(*)::int as n from users')).rows).toEqual([{ n: 0 }]);
    } finally {
      await client.end();
    }

    // Beside the running server, with its environment.
    const made = createAdmin(
      { DATABASE_URL: '', DATA_DIR: emptyDir, PORT: String(s.port) },
      '--email',
      'Owner@Example.com',
      '--language',
      'en',
    );
    expect(made.status, `${made.stdout}${made.stderr}`).toBe(0);
    const link = new RegExp(`^http://localhost:${s.port}/set-password/([^?\\s]+)\\?lang=en$`, 'm').exec(made.stdout);
    expect(link, made.stdout).not.toBeNull();
    const token = decodeURIComponent(link![1]!);
    expect((await login(s.port, 'owner@example.com', ADMIN_PASSWORD)).status).toBe(400);

    const set = await fetch(`http://127.0.0.1:${s.port}/api/password_reset/confirm/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token, password: ADMIN_PASSWORD }),
    });
    expect(set.status, await set.clone().text()).toBe(200);
    const signedIn = await login(s.port, 'owner@example.com', ADMIN_PASSWORD);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user).toMatchObject({ email: 'owner@example.com', role: 'admin' });

    // The link is used up.
    const again = await fetch(`http://127.0.0.1:${s.port}/api/password_reset/confirm/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token, password: 'another-pass-2' }),
    });
    expect(again.status).toBe(400);
    await stop(s);
    expectNoPassword(`${s.output()}${made.stdout}${made.stderr}`, emptyDir);
  }, 300_000);
});

describe('npm run create-admin on a new external database (DATABASE_URL)', () => {
  it('applies the migrations and makes the administrator; a new link voids the last; another account is refused', async () => {
    const adminUrl = inject('adminDbUrl');
    const name = `t_${path.basename(work).replace(/\W/g, '_').toLowerCase()}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const db = new pg.Client({ connectionString: url.toString() });
    try {
      const env = { DATABASE_URL: url.toString(), PUBLIC_URL: 'https://atrium.example.com' };
      const first = createAdmin(env, '--email', 'root@example.com');
      expect(first.status, `${first.stdout}${first.stderr}`).toBe(0);
      expect(first.stdout).toMatch(/^Created the administrator root@example\.com\./);
      expect(first.stdout).toMatch(/^https:\/\/atrium\.example\.com\/set-password\/\S+$/m);
      await db.connect();
      const users = await db.query('select email, role, is_superuser from users');
      expect(users.rows).toEqual([{ email: 'root@example.com', role: 'admin', is_superuser: true }]);

      const again = createAdmin(env, '--email', 'root@example.com');
      expect(again.status, `${again.stdout}${again.stderr}`).toBe(0);
      expect(again.stdout).toMatch(/^A new link for the administrator root@example\.com\./);
      const open = await db.query(
        "select count(*)::int as n from one_time_tokens where purpose = 'invitation' and used_at is null",
      );
      expect(open.rows).toEqual([{ n: 1 }]);

      await createUser(drizzle(db), { email: 'member@example.com', role: 'member', timeZone: 'UTC' });
      const member = createAdmin(env, '--email', 'member@example.com');
      expect(member.status).toBe(2);
      expect(member.stderr.trim()).toBe(
        'member@example.com already has an account (member): make it an administrator in the app, or choose another address.',
      );
      const usage = createAdmin(env, '--email', 'nobody');
      expect(usage.status).toBe(2);
      expect(usage.stderr).toMatch(
        /^--email nobody: not an email address\. Usage: npm run create-admin -- --email <address>/,
      );

      // A database out of reach: one line naming DATABASE_URL (never its password), exit 7, as the server's start.
      const closed = `postgresql://atrium:secret-pw@127.0.0.1:${await freePort()}/atrium`;
      const unreachable = createAdmin({ DATABASE_URL: closed }, '--email', 'root@example.com');
      expect(unreachable.status).toBe(7);
      expect(unreachable.stderr.trim().split('\n')).toEqual([
        expect.stringMatching(/^DATABASE_URL: cannot use the database .*ECONNREFUSED.*is PostgreSQL running there/),
      ]);
      expect(unreachable.stderr).not.toContain('secret-pw');
    } finally {
      await db.end().catch(() => {});
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    }
  }, 120_000);
});
