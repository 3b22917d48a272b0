import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { makeMember, waitFor, type Json } from '../setup/accounts';
import { form } from '../setup/admin';
import { startS3, type TestStore } from '../../scripts/soak/s3';
import { startServerProcess, stopServerProcesses, waitHealthy, type ServerProcess } from '../setup/server-process';
import { openEvents, type EventReader } from '../setup/sse';
import { makeEmployee } from '../setup/staff';
import { auth, createTestApp, type TestApp } from '../setup/test-app';

/**
 * Two machines behind a load balancer, stood for by two server processes with data dirs of their
 * own, on one PostgreSQL and one S3 store (s3rver): a file uploaded through one is served through
 * the other, a video is read with Range through either, the bell and a logout cross, and a job runs
 * once. With uploads on each machine's disk (the file store), the first of these fails.
 */

const METRICS_TOKEN = 'two-machines-metrics-token';
let s3: TestStore;
let t: TestApp;
let a: ServerProcess;
let b: ServerProcess;
const dirs: string[] = [];
const readers: EventReader[] = [];

beforeAll(async () => {
  s3 = await startS3();
  // The demo comes from machine A's start (SEED_DEMO=1), as a first start with the demo does.
  t = await createTestApp({ seed: false });
  // Only the two servers work the queues: the test's own app must not take their jobs.
  await t.app.ctx.jobs.stop();
  const machine = async (seedDemo: boolean) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-machine-'));
    dirs.push(dir);
    const server = await startServerProcess({
      ...s3.env,
      DATABASE_URL: t.databaseUrl,
      DATA_DIR: dir,
      METRICS_TOKEN,
      SEED_DEMO: seedDemo ? '1' : '0',
    });
    await waitHealthy(server, 150_000);
    return server;
  };
  [a, b] = await Promise.all([machine(true), machine(false)]);
}, 180_000);
afterAll(async () => {
  for (const r of readers) r.close();
  await stopServerProcesses();
  await t.close();
  await s3.close();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

async function login(server: ServerProcess, email: string, password = 'demo-password'): Promise<string> {
  const res = await fetch(`${server.base}/api/accounts/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: email, password }).toString(),
  });
  const body = (await res.json()) as { token?: string };
  if (!body.token) throw new Error(`login as ${email} failed: ${res.status}`);
  return body.token;
}

const send = (server: ServerProcess, method: string, url: string, token: string, body?: unknown) =>
  fetch(`${server.base}${url}`, {
    method,
    headers: {
      ...auth(token),
      'accept-language': 'en',
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });

function postFile(server: ServerProcess, url: string, token: string, field: string, filename: string, content: Buffer) {
  const body = form([{ name: field, filename, content }]);
  return fetch(`${server.base}${url}`, {
    method: 'POST',
    body: body.payload,
    headers: { ...body.headers, ...auth(token), 'accept-language': 'en' },
  });
}

/** Receipts this process ran, by its /metrics. */
async function receiptsRun(server: ServerProcess): Promise<number> {
  const text = await (
    await fetch(`${server.base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
  ).text();
  const line = /^atrium_job_duration_seconds_count\{queue="payments\.receipt",result="ok"\} (\d+)$/m.exec(text);
  return Number(line?.[1] ?? 0);
}

describe('two machines on one database and one object store', () => {
  it('an avatar uploaded through one is served through the other', async () => {
    const m = await makeMember(t);
    const token = await login(a, m.email, m.password);
    const photo = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#c33' } })
      .png()
      .toBuffer();
    const res = await postFile(a, '/api/accounts/me/', token, 'avatar', 'me.png', photo);
    expect(res.status).toBe(200);
    const avatar = ((await res.json()) as Json).user.avatar as string;
    const there = await fetch(`${b.base}${avatar}`);
    expect(there.status).toBe(200);
    expect(there.headers.get('content-type')).toBe('image/webp');
    expect((await sharp(Buffer.from(await there.arrayBuffer())).metadata()).width).toBe(512);
  });

  it("the demo books' PDFs, seeded by one machine's start, are in the store", async () => {
    const { rows } = await t.pool.query<{ pdf: string | null }>('select pdf from books order by id');
    expect(rows.length).toBeGreaterThan(0);
    for (const { pdf } of rows) {
      expect(pdf).toMatch(/^\/media\/pdfs\//);
      expect((await s3.head(pdf!, 5))?.toString('latin1')).toBe('%PDF-');
    }
  });

  it('a lesson video uploaded through one is read with Range through either, by the link either signs', async () => {
    const admin = await login(a, 'admin@demo.atrium');
    const video = Buffer.alloc(300_000, 9);
    Buffer.from([0, 0, 0, 0x18, ...Buffer.from('ftypmp42')]).copy(video);
    video.write('the middle', 150_000, 'latin1');
    const res = await postFile(a, '/api/admin/uploads?kind=video', admin, 'file', 'lesson.mp4', video);
    expect(res.status).toBe(201);
    const { url } = (await res.json()) as { url: string };
    const lessonId = (await t.pool.query<{ id: number }>('select id from lessons order by id limit 1')).rows[0]!.id;
    await t.pool.query('update lessons set video_file = $1 where id = $2', [url, lessonId]);
    for (const [signer, reader] of [
      [b, a],
      [a, b],
    ] as const) {
      const lesson = await send(signer, 'GET', `/api/navigator/lesson/view/${String(lessonId)}/`, admin);
      const link = ((await lesson.json()) as Json).video_url as string;
      expect(link).toMatch(/^\/media\/videos\/.+\?exp=\d+&sig=/);
      // fetch follows the redirect to the store, Range header and all.
      const part = await fetch(`${reader.base}${link}`, { headers: { range: 'bytes=150000-150009' } });
      expect(part.status).toBe(206);
      expect(part.headers.get('content-range')).toBe(`bytes 150000-150009/${String(video.length)}`);
      expect(await part.text()).toBe('the middle');
    }
  });

  it('the bell of a consultant whose stream is held by one rings for a ticket opened through the other', async () => {
    const consultant = await makeEmployee(t);
    const m = await makeMember(t, { responsibleId: consultant.id });
    const stream = await openEvents(`${b.base}/api/notifications/stream/`, auth(consultant.token));
    readers.push(stream);
    await stream.waitFor('ready');
    const token = await login(a, m.email, m.password);
    const created = await send(a, 'POST', '/api/tickets/create/', token, {
      type: 'technical',
      subject: 'Across machines',
      message: 'Hello from machine A.',
    });
    expect(created.status).toBe(201);
    await stream.waitFor('notifications', 1, 15_000);
  });

  it('a logout through one ends the session on the other at once (its session cache included)', async () => {
    const m = await makeMember(t);
    const token = await login(a, m.email, m.password);
    // Checked, and so cached for SESSION_CACHE_SECONDS (10), by the other machine.
    expect((await send(b, 'GET', '/api/accounts/me/', token)).status).toBe(200);
    expect((await send(a, 'POST', '/api/accounts/logout/', token)).status).toBe(200);
    await waitFor(
      async () => (await send(b, 'GET', '/api/accounts/me/', token)).status === 401,
      'the logout on B',
      3_000,
    );
  });

  it('a job (a paid book’s receipt) runs once, on one of the two', async () => {
    const m = await makeMember(t);
    const token = await login(a, m.email, m.password);
    const book = (
      await t.pool.query<{ id: number }>(
        'select id from books where not is_free and price_cents > 0 order by id limit 1',
      )
    ).rows[0]!.id;
    const before = (await receiptsRun(a)) + (await receiptsRun(b));
    const bought = await send(a, 'POST', '/api/books/purchase/', token, { book });
    expect(bought.status).toBe(200);
    const checkout = new URL(((await bought.json()) as Json).payment_url as string).pathname;
    // The payer's browser lands on the other machine.
    const paid = await fetch(`${b.base}${checkout}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'action=pay',
    });
    expect(paid.status).toBe(200);
    await waitFor(async () => (await receiptsRun(a)) + (await receiptsRun(b)) > before, 'the receipt job', 15_000);
    // A second run would show within a poll (half a second): give it two.
    await sleep(1_000);
    expect((await receiptsRun(a)) + (await receiptsRun(b))).toBe(before + 1);
    const mails = await t.pool.query('select id from mail_outbox where "to" = $1', [m.email]);
    expect(mails.rowCount).toBe(1);
  });

  it('neither machine logged the AWS SDK’s Node version notice', () => {
    expect(a.output() + b.output()).not.toContain('NodeVersionSupportWarning');
  });
});
