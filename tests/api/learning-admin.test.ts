import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract } from '../../src/server/contract';
import { t as t_ } from '../../src/server/i18n';
import { createTestApp, type TestApp } from '../setup/test-app';
import { makeMember } from '../setup/accounts';
import { api, multipart, type Json } from '../setup/learning';

let t: TestApp;
let admin: string;
let member: string;

beforeAll(async () => {
  t = await createTestApp();
  [admin, member] = await Promise.all([t.login('admin@demo.atrium'), t.login('member@demo.atrium')]);
});
afterAll(async () => {
  await t.close();
});

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 1)]);
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(4000, 7)]);

function upload(kind: string, filename: string, content: Buffer, token = admin) {
  const m = multipart('file', filename, content);
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/uploads?kind=${kind}`,
    payload: m.payload,
    headers: { ...m.headers, authorization: `JWT ${token}`, 'accept-language': 'en' },
  });
}

/** Every file under the uploads dir (temporary .part files included). */
function uploadedFiles(): string[] {
  const root = path.join(t.config.dataDir, 'uploads');
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => path.join(d.parentPath, d.name));
}

describe('admin content is for admins only', () => {
  it('a member gets 403 from every admin operation of the contract', async () => {
    const { operations } = await loadContract();
    const adminOnly = operations.filter((o) => o.roles.length === 1 && o.roles[0] === 'admin');
    expect(adminOnly.length).toBeGreaterThanOrEqual(46);
    const consultant = await t.login('consultant@demo.atrium');
    for (const op of adminOnly) {
      for (const token of [member, consultant]) {
        const res = await api(
          t,
          op.method as 'GET',
          `/api${op.path.replace(/\{\w+\}/g, '1')}${op.path === '/admin/uploads' ? '?kind=image' : ''}`,
          {
            token,
            ...(op.contentTypes.includes('application/json') && { body: {} }),
          },
        );
        expect(res.statusCode, `${op.operationId} ${op.method} ${op.path}`).toBe(403);
      }
    }
  });
});

describe('ra-data-simple-rest resources', () => {
  it('lesson categories: create, list with Content-Range, get, update, delete (refused while in use)', async () => {
    const created = await api(t, 'POST', '/api/admin/lesson-categories', {
      token: admin,
      body: { title: 'Admin made', order: 50 },
    });
    expect(created.statusCode).toBe(201);
    const cat = created.json();
    expect(cat).toMatchObject({ title: 'Admin made', order: 50, description: '', image: null, lessons_count: 0 });

    // Sent as ra-data-simple-rest sends a list: with a Range header naming the resource.
    const list = await api(
      t,
      'GET',
      `/api/admin/lesson-categories?sort=${encodeURIComponent('["order","DESC"]')}&range=${encodeURIComponent('[0,1]')}`,
      { token: admin, headers: { range: 'admin/lesson-categories=0-1' } },
    );
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-range']).toBe('lesson-categories 0-1/4');
    expect(list.json()[0].id).toBe(cat.id);
    const many = await api(
      t,
      'GET',
      `/api/admin/lesson-categories?filter=${encodeURIComponent(JSON.stringify({ id: [cat.id] }))}`,
      { token: admin },
    );
    expect(many.json()).toHaveLength(1);
    const q = await api(t, 'GET', `/api/admin/lesson-categories?filter=${encodeURIComponent('{"q":"admin m"}')}`, {
      token: admin,
    });
    expect(q.json().map((c: Json) => c.id)).toEqual([cat.id]);
    expect(
      (await api(t, 'GET', '/api/admin/lesson-categories?sort=["password","ASC"]', { token: admin })).statusCode,
    ).toBe(400);

    // The record's read-only fields are not the update's: refused, naming them (the web app sends only the update's fields).
    const whole = await api(t, 'PUT', `/api/admin/lesson-categories/${cat.id}`, {
      token: admin,
      body: { ...cat, title: 'Renamed' },
    });
    expect(whole.statusCode).toBe(400);
    expect(Object.keys(whole.json()).sort()).toEqual(['created_at', 'id', 'lessons_count', 'updated_at']);
    const updated = await api(t, 'PUT', `/api/admin/lesson-categories/${cat.id}`, {
      token: admin,
      body: { title: 'Renamed', image: '/media/images/x.png' },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ title: 'Renamed', image: '/media/images/x.png', order: 50 });
    const badImage = await api(t, 'PUT', `/api/admin/lesson-categories/${cat.id}`, {
      token: admin,
      body: { image: 'javascript:alert(1)' },
    });
    expect(badImage.statusCode).toBe(400);
    expect(Object.keys(badImage.json())).toEqual(['image']);

    const lesson = await api(t, 'POST', '/api/admin/lessons', {
      token: admin,
      body: { category_id: cat.id, title: 'L1' },
    });
    expect(lesson.statusCode).toBe(201);
    const inUse = await api(t, 'DELETE', `/api/admin/lesson-categories/${cat.id}`, { token: admin });
    expect(inUse.statusCode).toBe(400);
    expect(Object.keys(inUse.json())).toEqual(['non_field_errors']);
    expect((await api(t, 'DELETE', `/api/admin/lessons/${lesson.json().id}`, { token: admin })).json().title).toBe(
      'L1',
    );
    // ra-data-simple-rest sends a DELETE as text/plain without a body.
    const del = await api(t, 'DELETE', `/api/admin/lesson-categories/${cat.id}`, {
      token: admin,
      headers: { 'content-type': 'text/plain' },
    });
    expect(del.statusCode).toBe(200);
    expect(del.json().id).toBe(cat.id);
    expect((await api(t, 'GET', `/api/admin/lesson-categories/${cat.id}`, { token: admin })).statusCode).toBe(404);
  });

  it('lessons: sanitised description, one video source, a real category, filters', async () => {
    const cat = (
      await api(t, 'POST', '/api/admin/lesson-categories', { token: admin, body: { title: 'Videos' } })
    ).json();
    const res = await api(t, 'POST', '/api/admin/lessons', {
      token: admin,
      body: {
        category_id: cat.id,
        title: 'Clip',
        description: '<p onclick="x()">Hi<script>1</script></p>',
        video_url: 'https://youtu.be/ScMzIvxBSi4',
        is_free: true,
        order: 3,
        duration_seconds: 90,
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      description: '<p>Hi</p>',
      video_url: 'https://youtu.be/ScMzIvxBSi4',
      video_file: null,
      is_free: true,
      is_published: true,
    });
    const both = await api(t, 'PUT', `/api/admin/lessons/${res.json().id}`, {
      token: admin,
      body: { video_file: '/media/videos/a.mp4' },
    });
    expect(both.statusCode).toBe(400);
    expect(Object.keys(both.json())).toEqual(['video_file']);
    const swap = await api(t, 'PUT', `/api/admin/lessons/${res.json().id}`, {
      token: admin,
      body: { video_url: null, video_file: '/media/videos/a.mp4' },
    });
    expect(swap.json()).toMatchObject({ video_url: null, video_file: '/media/videos/a.mp4' });
    const noCat = await api(t, 'POST', '/api/admin/lessons', {
      token: admin,
      body: { category_id: 999999, title: 'X' },
    });
    expect(noCat.statusCode).toBe(400);
    expect(Object.keys(noCat.json())).toEqual(['category_id']);
    const missing = await api(t, 'POST', '/api/admin/lessons', { token: admin, body: { title: 'X' } });
    expect(missing.statusCode).toBe(400);
    const filtered = await api(
      t,
      'GET',
      `/api/admin/lessons?filter=${encodeURIComponent(JSON.stringify({ category_id: cat.id, is_free: true }))}`,
      { token: admin },
    );
    expect(filtered.headers['content-range']).toBe('lessons 0-0/1');
  });

  it('lesson materials need a file or a link', async () => {
    const lessonId = (await t.pool.query('select id from lessons order by id limit 1')).rows[0].id;
    const none = await api(t, 'POST', '/api/admin/lesson-materials', {
      token: admin,
      body: { lesson_id: lessonId, title: 'Empty' },
    });
    expect(none.statusCode).toBe(400);
    const ok = await api(t, 'POST', '/api/admin/lesson-materials', {
      token: admin,
      body: {
        lesson_id: lessonId,
        title: 'Workbook',
        file: '/media/documents/w.pdf',
        size_bytes: 1234,
        mime_type: 'application/pdf',
      },
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ file: '/media/documents/w.pdf', url: null, size_bytes: 1234 });
    const byLesson = await api(
      t,
      'GET',
      `/api/admin/lesson-materials?filter=${encodeURIComponent(JSON.stringify({ lesson_id: lessonId }))}`,
      { token: admin },
    );
    expect(byLesson.json().map((m: Json) => m.title)).toContain('Workbook');
  });

  it('books: price in USD strings, free books cost nothing, a priced book needs a price', async () => {
    const paid = await api(t, 'POST', '/api/admin/books', {
      token: admin,
      body: { title: 'Priced', price: '9.9', pdf: '/media/pdfs/p.pdf' },
    });
    expect(paid.statusCode).toBe(201);
    expect(paid.json()).toMatchObject({ price: '9.90', is_free: false, pdf: '/media/pdfs/p.pdf' });
    const free = await api(t, 'PUT', `/api/admin/books/${paid.json().id}`, { token: admin, body: { is_free: true } });
    expect(free.json()).toMatchObject({ price: '0.00', is_free: true });
    const noPrice = await api(t, 'PUT', `/api/admin/books/${paid.json().id}`, {
      token: admin,
      body: { is_free: false },
    });
    expect(noPrice.statusCode).toBe(400);
    expect(Object.keys(noPrice.json())).toEqual(['price']);
    const outside = await api(t, 'POST', '/api/admin/books', {
      token: admin,
      body: { title: 'X', price: '1.00', pdf: 'https://example.com/x.pdf' },
    });
    expect(outside.statusCode).toBe(400);
  });

  it('books: a book on sale (priced and published) needs its file; a draft or a free one may wait for it', async () => {
    const noFile = await api(t, 'POST', '/api/admin/books', {
      token: admin,
      body: { title: 'No file', price: '5.00' },
    });
    expect(noFile.statusCode).toBe(400);
    // The admin's language (Russian) names what is missing.
    expect(noFile.json()).toEqual({ pdf: [t_('ru', 'book_pdf_required')] });
    const draft = await api(t, 'POST', '/api/admin/books', {
      token: admin,
      body: { title: 'Draft', price: '5.00', is_published: false },
    });
    expect(draft.statusCode).toBe(201);
    // Publishing it, or taking its file away once on sale, is refused the same way.
    const publish = await api(t, 'PUT', `/api/admin/books/${draft.json().id}`, {
      token: admin,
      body: { is_published: true },
    });
    expect(publish.statusCode).toBe(400);
    expect(Object.keys(publish.json())).toEqual(['pdf']);
    const withFile = await api(t, 'PUT', `/api/admin/books/${draft.json().id}`, {
      token: admin,
      body: { is_published: true, pdf: '/media/pdfs/d.pdf' },
    });
    expect(withFile.json()).toMatchObject({ is_published: true, pdf: '/media/pdfs/d.pdf' });
    const drop = await api(t, 'PUT', `/api/admin/books/${draft.json().id}`, { token: admin, body: { pdf: null } });
    expect(drop.statusCode).toBe(400);
    expect(Object.keys(drop.json())).toEqual(['pdf']);
    const free = await api(t, 'POST', '/api/admin/books', {
      token: admin,
      body: { title: 'Free later', is_free: true },
    });
    expect(free.statusCode).toBe(201);
  });

  it('events: a valid time zone and an end after the start', async () => {
    const start = new Date(Date.now() + 86400_000).toISOString();
    const ev = await api(t, 'POST', '/api/admin/events', {
      token: admin,
      body: {
        title: 'Webinar',
        starts_at: start,
        time_zone: 'Europe/Berlin',
        online_url: 'https://meet.example.com/w',
      },
    });
    expect(ev.statusCode).toBe(201);
    expect(ev.json()).toMatchObject({ time_zone: 'Europe/Berlin', ends_at: null, place: null });
    const before = await api(t, 'PUT', `/api/admin/events/${ev.json().id}`, {
      token: admin,
      body: { ends_at: new Date(Date.now()).toISOString() },
    });
    expect(before.statusCode).toBe(400);
    expect(Object.keys(before.json())).toEqual(['ends_at']);
    const zone = await api(t, 'PUT', `/api/admin/events/${ev.json().id}`, {
      token: admin,
      body: { time_zone: 'Mars/Olympus' },
    });
    expect(zone.statusCode).toBe(400);
  });

  it('news, configs, footer links and packages', async () => {
    const draft = await api(t, 'POST', '/api/admin/news', {
      token: admin,
      body: { title: 'Draft', published_at: null, is_important: true },
    });
    expect(draft.json()).toMatchObject({ published_at: null, is_important: true });
    expect((await api(t, 'GET', `/api/news/view/${draft.json().id}`, { token: member })).statusCode).toBe(404);

    const cfg = await api(t, 'POST', '/api/admin/configs', {
      token: admin,
      body: { key: 'feature.books', value: true },
    });
    expect(cfg.statusCode).toBe(201);
    expect(cfg.json()).toMatchObject({ key: 'feature.books', value: true, is_public: true });
    const dupe = await api(t, 'POST', '/api/admin/configs', {
      token: admin,
      body: { key: 'feature.books', value: false },
    });
    expect(dupe.statusCode).toBe(400);
    expect(Object.keys(dupe.json())).toEqual(['key']);
    expect((await api(t, 'GET', '/api/configs/get_all_configs/')).json().configs['feature.books']).toBe(true);

    const link = await api(t, 'POST', '/api/admin/footer-links', {
      token: admin,
      body: { title: 'Events', url: '/events', order: 9 },
    });
    expect(link.statusCode).toBe(201);
    for (const url of ['javascript:alert(1)', '//evil.example', 'data:text/html,x']) {
      const bad = await api(t, 'POST', '/api/admin/footer-links', { token: admin, body: { title: 'Bad', url } });
      expect(bad.statusCode, url).toBe(400);
    }

    const cats = (await t.pool.query('select id from lesson_categories order by id limit 2')).rows.map(
      (r) => r.id as number,
    );
    const pkg = await api(t, 'POST', '/api/admin/packages', {
      token: admin,
      body: { name: 'Gold', category_ids: cats },
    });
    expect(pkg.statusCode).toBe(201);
    expect(pkg.json()).toMatchObject({ name: 'Gold', is_active: true, category_ids: cats });
    const narrowed = await api(t, 'PUT', `/api/admin/packages/${pkg.json().id}`, {
      token: admin,
      body: { category_ids: [cats[1]] },
    });
    expect(narrowed.json().category_ids).toEqual([cats[1]]);
    const unknown = await api(t, 'PUT', `/api/admin/packages/${pkg.json().id}`, {
      token: admin,
      body: { category_ids: [999999] },
    });
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(unknown.json())).toEqual(['category_ids']);
    expect((await api(t, 'GET', `/api/admin/packages/${pkg.json().id}`, { token: admin })).json().category_ids).toEqual(
      [cats[1]],
    );

    const m = await makeMember(t);
    await t.pool.query('insert into user_packages (user_id, package_id) values ($1, $2)', [m.id, pkg.json().id]);
    expect((await api(t, 'DELETE', `/api/admin/packages/${pkg.json().id}`, { token: admin })).statusCode).toBe(400);
  });
});

describe('uploads', () => {
  it('stores an image under a generated name and serves it from /media', async () => {
    const res = await upload('image', 'my photo.png', PNG);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'my photo.png', size: PNG.length, content_type: 'image/png' });
    expect(res.json().url).toMatch(/^\/media\/images\/[0-9a-f-]{36}\.png$/);
    const served = await t.app.inject({ method: 'GET', url: res.json().url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);
  });

  it('a text file claiming to be a PNG is refused (400) and nothing is kept', async () => {
    const before = uploadedFiles().length;
    const m = multipart('file', 'evil.png', Buffer.from('<script>alert(1)</script> definitely a png'), 'image/png');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/uploads?kind=image',
      payload: m.payload,
      headers: { ...m.headers, authorization: `JWT ${admin}`, 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toEqual(['file']);
    expect(uploadedFiles()).toHaveLength(before);
    const asPdf = await upload('pdf', 'x.pdf', PNG);
    expect(asPdf.statusCode).toBe(400);
  });

  it('an over-limit file is refused (400, not 413) and no file is left in the uploads dir', async () => {
    const before = uploadedFiles();
    const big = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024, 0)]);
    const res = await upload('image', 'big.png', big);
    expect(res.statusCode).toBe(400);
    // The demo admin's profile language is Russian.
    expect(res.json()).toEqual({ file: [t_('ru', 'file_too_large', { limit: 10 })] });
    expect(uploadedFiles()).toEqual(before);
  });

  it('a missing file part is a 400; a part under another name is refused as an unknown field', async () => {
    const m = multipart('other', 'a.png', PNG);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/uploads?kind=image',
      payload: m.payload,
      headers: { ...m.headers, authorization: `JWT ${admin}` },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ other: [t_('ru', 'field_unknown')] });
    const boundary = '----empty';
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/admin/uploads?kind=image',
      payload: `--${boundary}--\r\n`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `JWT ${admin}` },
    });
    expect(none.statusCode).toBe(400);
    expect(Object.keys(none.json())).toEqual(['file']);
  });

  it('a lesson video plays through a signed link with Range requests (206); unsigned links are refused', async () => {
    const up = await upload('video', 'clip.mp4', MP4);
    expect(up.statusCode).toBe(201);
    expect(up.json()).toMatchObject({ content_type: 'video/mp4', size: MP4.length });
    const cat = (
      await api(t, 'POST', '/api/admin/lesson-categories', { token: admin, body: { title: 'Uploaded' } })
    ).json();
    const lesson = (
      await api(t, 'POST', '/api/admin/lessons', {
        token: admin,
        body: { category_id: cat.id, title: 'Own video', is_free: true, video_file: up.json().url },
      })
    ).json();

    const page = await api(t, 'GET', `/api/navigator/lesson/view/${lesson.id}/`, { token: member });
    expect(page.json()).toMatchObject({ video_type: 'file' });
    const signed = page.json().video_url as string;
    expect(signed.startsWith(`${up.json().url}?exp=`)).toBe(true);

    const part = await t.app.inject({ method: 'GET', url: signed, headers: { range: 'bytes=0-99' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-99/${MP4.length}`);
    expect(part.rawPayload.equals(MP4.subarray(0, 100))).toBe(true);

    expect((await t.app.inject({ method: 'GET', url: up.json().url })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `${signed.slice(0, -3)}abc` })).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: up.json().url.replace('/videos/', '/images/..%2Fvideos/') }))
        .statusCode,
    ).not.toBe(200);
  });

  it('PDFs upload too', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
    const res = await upload('pdf', 'book.pdf', pdf);
    expect(res.statusCode).toBe(201);
    expect(res.json().url).toMatch(/^\/media\/pdfs\/.+\.pdf$/);
  });
});
