import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureDatabase, startEmbeddedPostgres, type EmbeddedCluster } from '../../src/server/db/embedded';

/**
 * `npm run backup` / `npm run restore` (scripts/backup.ts) on a real embedded cluster: a backup is
 * refused while the data dir is held, taken once it is free; the data changes afterwards; the backup
 * restored into a fresh data dir has the old state (database and uploads), and a restore over a data
 * dir that is not empty is refused.
 */
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-backup-'));
fs.chmodSync(work, 0o755);
const original = path.join(work, 'data');
const restored = path.join(work, 'restored');
const file = path.join(work, 'atrium.tar.gz');
const clusters: EmbeddedCluster[] = [];

afterAll(async () => {
  for (const c of clusters) await c.stop().catch(() => {});
  fs.rmSync(work, { recursive: true, force: true });
});

/** The script as `npm run backup|restore` runs it, with DATA_DIR set. */
function run(command: 'backup' | 'restore', dataDir: string, ...args: string[]) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/backup.ts', command, ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: r.status, output: `${r.stdout}${r.stderr}` };
}

async function withDatabase<T>(dataDir: string, work: (c: pg.Client) => Promise<T>): Promise<T> {
  const cluster = await startEmbeddedPostgres(dataDir, () => {});
  clusters.push(cluster);
  try {
    await ensureDatabase(cluster.url(), 'atrium');
    const client = new pg.Client({ connectionString: cluster.url('atrium') });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  } finally {
    await cluster.stop();
  }
}

async function valueIn(dataDir: string): Promise<string | undefined> {
  return withDatabase(dataDir, async (c) => (await c.query<{ v: string }>('select v from kept')).rows[0]?.v);
}

describe('npm run backup / npm run restore', () => {
  it('backs up a data dir no server holds, and restores it into an empty one with its old state', async () => {
    await withDatabase(original, async (c) => {
      await c.query(`create table kept (v text); insert into kept values ('before')`);
      fs.mkdirSync(path.join(original, 'uploads', 'images'), { recursive: true });
      fs.writeFileSync(path.join(original, 'uploads', 'images', 'a.txt'), 'uploaded before');
      // While the cluster runs (this process holds the data dir), a backup is refused.
      const held = run('backup', original, file);
      expect(held.status, held.output).toBe(3);
      expect(held.output).toContain('in use');
      expect(fs.existsSync(file)).toBe(false);
    });

    const taken = run('backup', original, file);
    expect(taken.status, taken.output).toBe(0);
    expect(fs.statSync(file).size).toBeGreaterThan(0);
    // It holds the JWT secret, every live session and the database superuser's password: its owner's only.
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    // A second backup to the same file is refused: the first stays as it was.
    const written = fs.readFileSync(file);
    const again = run('backup', original, file);
    expect(again.status, again.output).toBe(2);
    expect(again.output.trim()).toBe(`${path.resolve(file)} exists: name another file, or move that one away first.`);
    expect(fs.readFileSync(file).equals(written)).toBe(true);

    // The data changes after the backup.
    await withDatabase(original, async (c) => {
      await c.query(`update kept set v = 'after'`);
    });
    fs.writeFileSync(path.join(original, 'uploads', 'images', 'a.txt'), 'changed after');
    expect(await valueIn(original)).toBe('after');

    // A restore never writes over a data dir in use or with data in it.
    const over = run('restore', original, file);
    expect(over.status, over.output).toBe(2);
    expect(over.output).toContain('not empty');

    const back = run('restore', restored, file);
    expect(back.status, back.output).toBe(0);
    expect(await valueIn(restored)).toBe('before');
    expect(fs.readFileSync(path.join(restored, 'uploads', 'images', 'a.txt'), 'utf8')).toBe('uploaded before');
    expect(fs.statSync(path.join(restored, 'pg-password')).mode & 0o777).toBe(0o600);
    // The original is untouched by the restore.
    expect(await valueIn(original)).toBe('after');
  }, 240_000);

  it('restores a broken archive into nothing, saying why in one line', () => {
    const broken = path.join(work, 'broken.tar.gz');
    fs.writeFileSync(broken, 'not an archive at all');
    const target = path.join(work, 'from-broken');
    const r = run('restore', target, broken);
    expect(r.status, r.output).toBe(2);
    expect(r.output.trim().split('\n')).toHaveLength(1);
    expect(r.output).toContain(`Could not restore ${broken}: `);
    expect(r.output).not.toMatch(/^\s+at /m);
    // Nothing left: no data dir, no temp dir beside it.
    expect(fs.readdirSync(work).filter((f) => f.startsWith('from-broken'))).toEqual([]);

    // A whole archive without a cluster is refused the same way.
    const empty = path.join(work, 'no-cluster');
    fs.mkdirSync(path.join(empty, 'uploads'), { recursive: true });
    const noCluster = path.join(work, 'no-cluster.tar.gz');
    execFileSync('tar', ['-czf', noCluster, '-C', empty, '.']);
    const r2 = run('restore', target, noCluster);
    expect(r2.status, r2.output).toBe(2);
    expect(r2.output.trim().split('\n')).toEqual([`${noCluster} held no embedded database (no pg/PG_VERSION).`]);
    expect(fs.readdirSync(work).filter((f) => f.startsWith('from-broken'))).toEqual([]);
  });

  it('drops setuid, setgid and world-write bits of restored files', () => {
    const src = path.join(work, 'modes');
    fs.mkdirSync(path.join(src, 'pg'), { recursive: true });
    fs.mkdirSync(path.join(src, 'uploads', 'open'), { recursive: true });
    fs.writeFileSync(path.join(src, 'pg', 'PG_VERSION'), '18\n');
    fs.writeFileSync(path.join(src, 'uploads', 'run-me'), '#!/bin/sh\n');
    fs.chmodSync(path.join(src, 'uploads', 'run-me'), 0o6777);
    fs.chmodSync(path.join(src, 'uploads', 'open'), 0o777);
    const archive = path.join(work, 'modes.tar.gz');
    execFileSync('tar', ['-czf', archive, '-C', src, '.']);
    const target = path.join(work, 'modes-restored');
    const r = run('restore', target, archive);
    expect(r.status, r.output).toBe(0);
    expect(fs.statSync(path.join(target, 'uploads', 'run-me')).mode & 0o7777).toBe(0o775);
    expect(fs.statSync(path.join(target, 'uploads', 'open')).mode & 0o7777).toBe(0o775);
  });

  it('says what to do with an external database, and needs a file to restore', () => {
    const external = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/backup.ts', 'backup'], {
      env: { ...process.env, DATA_DIR: path.join(work, 'none'), DATABASE_URL: 'postgres://db/atrium' },
      encoding: 'utf8',
    });
    expect(external.status).toBe(2);
    expect(external.stderr).toContain('pg_dump');
    const missing = run('restore', path.join(work, 'fresh'));
    expect(missing.status).toBe(2);
    expect(missing.output).toContain('Usage: npm run restore <file>');
  });
});
