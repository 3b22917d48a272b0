import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { clock } from '../../src/server/clock';
import { makeMember, type Json } from '../setup/accounts';
import { form } from '../setup/admin';
import { png } from '../setup/images';
import { startS3, S3RVER_CREDENTIALS, type TestStore } from '../../scripts/soak/s3';
import { createTestApp, type TestApp } from '../setup/test-app';

/**
 * The S3 driver against a third-party S3 implementation (s3rver): uploads land in the bucket under
 * the STORAGE_URL prefix and nothing under DATA_DIR; public files are passed on by Atrium, private
 * ones answered by a redirect to a presigned GET that reads Range straight from the store and
 * expires with the link; a refused upload (type, size, pixels, also after a multipart part went up)
 * leaves no object; a replaced avatar's object is deleted; an import reads its CSV from the store.
 */

const MB = 1024 * 1024;
let s3: TestStore;
let t: TestApp;
let base: string;
let admin: string;

beforeAll(async () => {
  s3 = await startS3();
  // The SDK reads credentials from the environment, as it does in production.
  Object.assign(process.env, S3RVER_CREDENTIALS);
  t = await createTestApp({ env: s3.env });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${String((t.app.server.address() as AddressInfo).port)}`;
  admin = await t.login('admin@demo.atrium');
}, 60_000);
afterAll(async () => {
  await t.close();
  await s3.close();
});
afterEach(() => {
  clock.reset();
});

function postFile(url: string, field: string, filename: string, content: Buffer) {
  const body = form([{ name: field, filename, content }]);
  return fetch(`${base}${url}`, {
    method: 'POST',
    body: body.payload,
    headers: { ...body.headers, authorization: `JWT ${admin}`, 'accept-language': 'en' },
  });
}
const upload = (kind: string, filename: string, content: Buffer) =>
  postFile(`/api/admin/uploads?kind=${kind}`, 'file', filename, content);

/** An MP4's first box, then `size` bytes that tell their own offset (so a range's bytes can be checked). */
function mp4(size: number): Buffer {
  const buf = Buffer.alloc(size);
  for (let i = 0; i < size; i += 4) buf.writeUInt32BE(i, i);
  Buffer.from([0, 0, 0, 0x18, ...Buffer.from('ftypmp42')]).copy(buf, 0);
  return buf;
}

const keyOf = (url: string) => `uploads/${url.slice('/media/'.length).split('?')[0] ?? ''}`;

describe('uploads in an S3 store', () => {
  it('an avatar is stored in the bucket, passed on by Atrium, and the replaced one is deleted', async () => {
    const m = await makeMember(t);
    const token = await t.login(m.email, m.password);
    const setAvatar = async () => {
      const photo = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3a7' } })
        .png()
        .toBuffer();
      const body = form([{ name: 'avatar', filename: 'me.png', content: photo, type: 'image/png' }]);
      const res = await fetch(`${base}/api/accounts/me/`, {
        method: 'POST',
        body: body.payload,
        headers: { ...body.headers, authorization: `JWT ${token}` },
      });
      expect(res.status).toBe(200);
      return ((await res.json()) as Json).user.avatar as string;
    };
    const first = await setAvatar();
    expect(first).toMatch(/^\/media\/avatars\/[\w-]+\.webp$/);
    expect(await s3.keys()).toContain(keyOf(first));
    expect(fs.existsSync(path.join(t.config.dataDir, 'uploads', 'avatars'))).toBe(false);

    const served = await fetch(`${base}${first}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('content-security-policy')).toContain('sandbox');
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(512);
    const again = await fetch(`${base}${first}`, { headers: { 'if-none-match': served.headers.get('etag') ?? '' } });
    expect(again.status).toBe(304);

    const second = await setAvatar();
    const keys = await s3.keys();
    expect(keys).toContain(keyOf(second));
    expect(keys).not.toContain(keyOf(first));
    expect((await fetch(`${base}${first}`)).status).toBe(404);
  });

  it('a video (two multipart parts) is read with Range through a presigned link that expires with the signed one', async () => {
    const video = mp4(7 * MB);
    const res = await upload('video', 'lesson.mp4', video);
    expect(res.status).toBe(201);
    const { url, size } = (await res.json()) as { url: string; size: number };
    expect(size).toBe(video.length);
    expect(await s3.keys()).toContain(keyOf(url));

    // Unsigned, a private file is refused as on disk.
    expect((await fetch(`${base}${url}`, { redirect: 'manual' })).status).toBe(403);
    const link = t.app.ctx.storage.signedUrl(url);
    const redirect = await fetch(`${base}${link}`, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    const presigned = redirect.headers.get('location') ?? '';
    expect(presigned.startsWith(`${s3.endpoint}/${s3.bucket}/uploads/videos/`)).toBe(true);
    const from = 6 * MB + 12;
    const part = await fetch(presigned, { headers: { range: `bytes=${String(from)}-${String(from + 99)}` } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(
      `bytes ${String(from)}-${String(from + 99)}/${String(video.length)}`,
    );
    expect(Buffer.from(await part.arrayBuffer()).equals(video.subarray(from, from + 100))).toBe(true);
    // The pages may load media from the store: its origin is in their CSP.
    const page = await fetch(`${base}/`);
    expect(page.headers.get('content-security-policy')).toMatch(new RegExp(`media-src [^;]*${s3.endpoint}`));

    // Two seconds before the signed link ends, the presigned one holds for those two seconds only.
    const exp = Number(new URL(link, base).searchParams.get('exp'));
    clock.advance(exp * 1000 - clock.now().getTime() - 2_000);
    const late = await fetch(`${base}${link}`, { redirect: 'manual' });
    expect(late.status).toBe(302);
    const short = late.headers.get('location') ?? '';
    expect(Number(new URL(short).searchParams.get('X-Amz-Expires'))).toBeLessThanOrEqual(2);
    expect((await fetch(short, { headers: { range: 'bytes=0-9' } })).status).toBe(206);
    await sleep(3_100);
    expect((await fetch(short, { headers: { range: 'bytes=0-9' } })).status).toBe(403);
    clock.advance(5_000);
    expect((await fetch(`${base}${link}`, { redirect: 'manual' })).status).toBe(403);
  });

  it('a book PDF redirects to the store, which serves it whole', async () => {
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(3000, 0x20), Buffer.from('\n%%EOF\n')]);
    const res = await upload('pdf', 'book.pdf', pdf);
    expect(res.status).toBe(201);
    const { url } = (await res.json()) as { url: string };
    expect(await s3.keys()).toContain(keyOf(url));
    const link = t.app.ctx.storage.signedUrl(url);
    const redirect = await fetch(`${base}${link}`, { redirect: 'manual' });
    expect(redirect.headers.get('location')?.startsWith(s3.endpoint)).toBe(true);
    const served = await fetch(`${base}${link}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await served.arrayBuffer()).equals(pdf)).toBe(true);
  });

  it('refused uploads leave no object: wrong type, too large after a part went up, too many pixels', async () => {
    const before = await s3.keys();
    const wrong = await upload('video', 'not-a-video.mp4', Buffer.from('plain text, not a video'));
    expect(wrong.status).toBe(400);
    // 10 MB is the image limit: the first 5 MB part is sent before the rest breaks it.
    const big = Buffer.concat([png(10, 10), Buffer.alloc(11 * MB, 1)]);
    const large = await upload('image', 'big.png', big);
    expect(large.status).toBe(400);
    expect(((await large.json()) as Json).file[0]).toContain('10');
    const huge = await upload('image', 'huge.png', png(6000, 6000));
    expect(huge.status).toBe(400);
    expect(((await huge.json()) as Json).file[0]).toContain('25');
    expect(await s3.keys()).toEqual(before);
    // Smaller images pass, by the same judgement, into the bucket.
    const fine = await upload('image', 'fine.png', png(4000, 4000));
    expect(fine.status).toBe(201);
    expect(await s3.keys()).toContain(keyOf(((await fine.json()) as { url: string }).url));
  });

  it('an import reads its CSV from the store', async () => {
    const csv = 'email,first_name\nann@example.com,Ann\nbob@example.com,Bob\n';
    const res = await postFile('/api/accounts/import_users/save/', 'file', 'people.csv', Buffer.from(csv));
    expect(res.status).toBe(201);
    const created = (await res.json()) as Json;
    expect(created.total).toBe(2);
    expect(created.preview.columns).toEqual(['email', 'first_name']);
    expect((await s3.keys()).some((k) => k.startsWith('uploads/documents/imports/'))).toBe(true);
  });
});
