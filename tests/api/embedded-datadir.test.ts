import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirInUseError, startEmbeddedPostgres, type EmbeddedCluster } from '../../src/server/db/embedded';
import { lockDataDir } from '../../src/server/db/datadir-lock';
import { procStat } from '../../src/server/db/proc';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-datadir-test-'));
// mkdtemp makes the dir 0700; as root PostgreSQL runs as the `postgres` user, which must get in.
fs.chmodSync(dir, 0o755);
const running: EmbeddedCluster[] = [];

async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

afterAll(async () => {
  for (const c of running.splice(0)) await c.stop().catch(() => {});
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the embedded PostgreSQL data dir', () => {
  it('is locked while in use and keeps its data across restarts', async () => {
    const log: string[] = [];
    const first = await startEmbeddedPostgres(dir, (m) => log.push(m), { lock: true });
    running.push(first);
    await query(first.url(), 'create table kept (id int primary key, note text)');
    await query(first.url(), "insert into kept values (1, 'written before the restart')");

    // A second process on the same dir is refused with a message that says what to do.
    const second = startEmbeddedPostgres(dir, (m) => log.push(m), { lock: true });
    await expect(second).rejects.toBeInstanceOf(DataDirInUseError);
    await expect(second).rejects.toThrow(dir);
    await expect(second).rejects.toThrow(/in use/);
    await expect(second).rejects.toThrow(/DATA_DIR/);

    // The first one is unharmed by the refused attempt.
    expect(await query<{ n: number }>(first.url(), 'select count(*)::int as n from kept')).toEqual([{ n: 1 }]);

    await first.stop();
    running.splice(running.indexOf(first), 1);

    const again = await startEmbeddedPostgres(dir, (m) => log.push(m), { lock: true });
    running.push(again);
    expect(await query(again.url(), 'select id, note from kept')).toEqual([
      { id: 1, note: 'written before the restart' },
    ]);
  });
});

describe('the data-dir lock', () => {
  const lockDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-lock-test-'));
  const write = (d: string, owner: object) => {
    fs.writeFileSync(path.join(d, 'atrium.lock'), JSON.stringify(owner));
  };

  it('is taken over at once when the process it names has ended', async () => {
    const d = lockDir();
    try {
      const gone = spawn('true');
      await new Promise((r) => gone.once('exit', r));
      write(d, { pid: gone.pid, start: '1' });
      const lock = lockDataDir(d);
      expect(JSON.parse(fs.readFileSync(path.join(d, 'atrium.lock'), 'utf8'))).toMatchObject({ pid: process.pid });
      lock.release();
      expect(fs.existsSync(path.join(d, 'atrium.lock'))).toBe(false);
    } finally {
      fs.rmSync(d, { recursive: true, force: true });
    }
  });

  it('is taken over when its pid now belongs to another process (another start time)', () => {
    const d = lockDir();
    try {
      // Our parent lives, but it is not the process that wrote this lock.
      write(d, { pid: process.ppid, start: String(Number(procStat(process.ppid)!.start) + 1) });
      lockDataDir(d).release();
    } finally {
      fs.rmSync(d, { recursive: true, force: true });
    }
  });

  it('is refused while its process lives, running or paused, and left as it was', async () => {
    const d = lockDir();
    const owner = spawn('sleep', ['60']);
    try {
      await new Promise((r) => owner.once('spawn', r));
      const content = JSON.stringify({ pid: owner.pid, start: procStat(owner.pid!)!.start });
      fs.writeFileSync(path.join(d, 'atrium.lock'), content);
      expect(() => lockDataDir(d)).toThrow(DataDirInUseError);
      owner.kill('SIGSTOP');
      expect(() => lockDataDir(d)).toThrow(/in use by another Atrium process/);
      expect(fs.readFileSync(path.join(d, 'atrium.lock'), 'utf8')).toBe(content);
    } finally {
      owner.kill('SIGKILL');
      fs.rmSync(d, { recursive: true, force: true });
    }
  });
});

describe('a stale postmaster.pid', () => {
  it('naming an unrelated live process leaves that process alone and the cluster starts', async () => {
    for (const c of running.splice(0)) await c.stop();
    const log: string[] = [];
    // The pid file of a server that ended long ago, its pid since given to another process.
    const bystander = spawn('sleep', ['100']);
    const ended = new Promise<NodeJS.Signals | null>((r) =>
      bystander.once('exit', (_code, signal) => {
        r(signal);
      }),
    );
    try {
      await new Promise((r) => bystander.once('spawn', r));
      fs.writeFileSync(
        path.join(dir, 'pg', 'postmaster.pid'),
        `${bystander.pid}\n${path.join(dir, 'pg')}\n1700000000\n5432\n\n127.0.0.1\n  1234  5678\nready   \n`,
      );
      const again = await startEmbeddedPostgres(dir, (m) => log.push(m), { lock: true });
      running.push(again);
      expect(await query(again.url(), 'select 1 as ok')).toEqual([{ ok: 1 }]);
      const signal = await Promise.race([
        ended,
        new Promise((r) =>
          setTimeout(() => {
            r('still running');
          }, 500),
        ),
      ]);
      expect(signal).toBe('still running');
      expect(bystander.exitCode).toBeNull();
      expect(log.join('\n')).toMatch(/not PostgreSQL of .*left alone/);
    } finally {
      bystander.kill('SIGKILL');
    }
  });
});

describe('the embedded superuser password', () => {
  it('is random and kept 0600 in the data dir; an older cluster with the built-in one is moved off it', async () => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-password-test-'));
    fs.chmodSync(d, 0o755);
    const file = path.join(d, 'pg-password');
    const tcp = (password: string) => {
      const port = fs.readFileSync(path.join(d, 'pg', 'postmaster.pid'), 'utf8').split('\n')[3];
      return `postgresql://postgres:${password}@127.0.0.1:${port}/postgres`;
    };
    try {
      const first = await startEmbeddedPostgres(d, () => {}, { lock: true });
      running.push(first);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      const made = fs.readFileSync(file, 'utf8').trim();
      expect(made).toMatch(/^[\w-]{32}$/);
      expect(await query(tcp(made), 'select 1 as ok')).toEqual([{ ok: 1 }]);
      await expect(query(tcp('atrium-embedded'), 'select 1')).rejects.toMatchObject({ code: '28P01' });

      // A data dir as versions before this one left it: the built-in password, no password file.
      await query(first.url(), "alter role postgres with password 'atrium-embedded'");
      await first.stop();
      running.splice(running.indexOf(first), 1);
      fs.rmSync(file);

      const log: string[] = [];
      const again = await startEmbeddedPostgres(d, (m) => log.push(m), { lock: true });
      running.push(again);
      const moved = fs.readFileSync(file, 'utf8').trim();
      expect(moved).toMatch(/^[\w-]{32}$/);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      // Over TCP on 127.0.0.1, where any local user can reach it, the old constant is refused.
      await expect(query(tcp('atrium-embedded'), 'select 1')).rejects.toMatchObject({ code: '28P01' });
      expect(await query(tcp(moved), 'select 1 as ok')).toEqual([{ ok: 1 }]);
      expect(await query(again.url(), 'select 1 as ok')).toEqual([{ ok: 1 }]);
      expect(log.join('\n')).toMatch(/old built-in password: it now has a random one/);
      expect(log.join('\n')).not.toContain(moved);
      await again.stop();
      running.splice(running.indexOf(again), 1);
    } finally {
      fs.rmSync(d, { recursive: true, force: true });
    }
  }, 120_000);
});
