import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { errorHandler, isDatabaseUnavailable, isOutOfSpace } from '../../src/server/http/errors';
import { catalogues, langFromHeader } from '../../src/server/i18n';
import { Storage } from '../../src/server/integrations/storage';

/** The disk fills up after `fullAfter` bytes of the next file written through createWriteStream. */
const disk = vi.hoisted(() => ({ fullAfter: Infinity }));
vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs')>();
  // A Writable standing in for the WriteStream (what the code under test uses of it: write, end, errors).
  const createWriteStream = ((file: fs.PathLike, opts?: Parameters<typeof real.createWriteStream>[1]): Writable => {
    const out = real.createWriteStream(file, opts);
    if (!Number.isFinite(disk.fullAfter)) return out;
    let left = disk.fullAfter;
    return new Writable({
      write(chunk: Buffer, _enc, done) {
        if (chunk.length > left) {
          const part = chunk.subarray(0, left);
          left = 0;
          // What the kernel does: the bytes that fit are written, then the write fails.
          out.write(part, () => {
            done(
              Object.assign(new Error('ENOSPC: no space left on device, write'), {
                code: 'ENOSPC',
                errno: -28,
                syscall: 'write',
              }),
            );
          });
          return;
        }
        left -= chunk.length;
        out.write(chunk, done);
      },
      final(done) {
        out.end(done);
      },
      destroy(err, done) {
        out.destroy();
        done(err);
      },
    });
  }) as typeof real.createWriteStream;
  return { ...real, default: { ...real, createWriteStream }, createWriteStream };
});

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-full-'));
afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const png = () =>
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200_000, 7)]);
const chunks = (buf: Buffer, size = 16_384) =>
  Readable.from(Array.from({ length: Math.ceil(buf.length / size) }, (_, i) => buf.subarray(i * size, (i + 1) * size)));

describe('a full disk during an upload', () => {
  it('fails the write with ENOSPC and leaves no partial file', async () => {
    const storage = new Storage(dataDir);
    disk.fullAfter = 50_000;
    try {
      const err = await storage.saveStream('images', chunks(png()), { maxBytes: 1_000_000, sniff: () => 'png' }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(isOutOfSpace(err)).toBe(true);
    } finally {
      disk.fullAfter = Infinity;
    }
    expect(fs.readdirSync(path.join(dataDir, 'uploads', 'images'))).toEqual([]);
    // With space again the same upload is stored whole.
    const saved = await storage.saveStream('images', chunks(png()), { maxBytes: 1_000_000, sniff: () => 'png' });
    expect(fs.statSync(path.join(dataDir, 'uploads', saved.url.slice('/media/'.length))).size).toBe(png().length);
    expect(fs.readdirSync(path.join(dataDir, 'uploads', 'images'))).toHaveLength(1);
  });
});

describe('error answers for a full disk and a database out of reach', () => {
  const app = Fastify({ logger: false });
  app.decorateRequest('lang', 'ru');
  app.addHook('onRequest', (req, _reply, done) => {
    (req as unknown as { lang: string }).lang = langFromHeader(req.headers['accept-language']);
    done();
  });
  app.setErrorHandler(errorHandler);
  const cases: Record<string, () => unknown> = {
    enospc: () => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }),
    // drizzle wraps pg's error; PostgreSQL's fast shutdown ends sessions with 57P01.
    shutdown: () =>
      Object.assign(new Error('Failed query: select 1'), {
        cause: Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
      }),
    refused: () =>
      Object.assign(
        new AggregateError([Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })]),
        { code: 'ECONNREFUSED' },
      ),
    cut: () => new Error('Connection terminated unexpectedly'),
    pool: () => new Error('timeout exceeded when trying to connect'),
    other: () => new Error('something else'),
  };
  for (const [name, make] of Object.entries(cases)) {
    app.get(`/${name}`, () => {
      throw make();
    });
  }

  it('answers 507 with a translated detail for ENOSPC', async () => {
    for (const lang of ['ru', 'en', 'de'] as const) {
      const res = await app.inject({ method: 'GET', url: '/enospc', headers: { 'accept-language': lang } });
      expect(res.statusCode).toBe(507);
      expect(res.json()).toEqual({ detail: catalogues[lang].insufficient_storage, code: 'insufficient_storage' });
    }
  });

  it('answers 503 with Retry-After for a lost, refused or exhausted database connection', async () => {
    for (const name of ['shutdown', 'refused', 'cut', 'pool']) {
      const res = await app.inject({ method: 'GET', url: `/${name}`, headers: { 'accept-language': 'en' } });
      expect(res.statusCode, name).toBe(503);
      expect(res.json()).toEqual({ detail: catalogues.en.service_unavailable, code: 'service_unavailable' });
      expect(res.headers['retry-after']).toBe('5');
    }
  });

  it('keeps other failures a 500 without internals', async () => {
    const res = await app.inject({ method: 'GET', url: '/other', headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ detail: catalogues.en.server_error, code: 'server_error' });
    expect(isDatabaseUnavailable(new Error('duplicate key'))).toBe(false);
    expect(isOutOfSpace(Object.assign(new Error('x'), { code: 'EACCES' }))).toBe(false);
  });
});

describe('partial files of a process that died', () => {
  it('are swept by another process, while a live process keeps its incoming folder', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-sweep-'));
    try {
      const live = new Storage(dir);
      await live.save('images', 'png', png());
      const incoming = path.join(dir, 'uploads', '.incoming');
      const folders = () =>
        fs
          .readdirSync(incoming)
          .filter((n) => !n.endsWith('.lock'))
          .sort();
      const [liveFolder] = folders();
      // A process killed mid-write: its folder with a partial file, its lock last refreshed a minute ago.
      const dead = path.join(incoming, 'killed-process');
      fs.mkdirSync(dead);
      fs.writeFileSync(path.join(dead, 'upload.part'), 'half');
      fs.mkdirSync(`${dead}.lock`);
      const old = new Date(Date.now() - 60_000);
      fs.utimesSync(`${dead}.lock`, old, old);
      // One killed before it took its lock.
      fs.mkdirSync(path.join(incoming, 'unlocked-process'));
      expect(folders()).toHaveLength(3);

      const restarted = new Storage(dir);
      expect(await restarted.sweepIncoming()).toBe(2);
      expect(folders()).toEqual([liveFolder]);
      expect(fs.readdirSync(incoming)).toEqual([liveFolder, `${liveFolder}.lock`].sort());

      // A process that stops cleanly takes its folder and lock with it.
      await live.stop();
      expect(fs.readdirSync(incoming)).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
