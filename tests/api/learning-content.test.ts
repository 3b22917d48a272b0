import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../setup/test-app';
import { makeMember } from '../setup/accounts';
import { api, one, type Json } from '../setup/learning';
import { catalogues } from '../../src/server/i18n';

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

describe('books', () => {
  let freeBook: number;
  let paidBook: number;
  beforeAll(async () => {
    freeBook = (
      await one(
        t,
        `insert into books (title, author, description, pdf, is_free, published_at)
      values ('Free one', 'A', '<p>Free <b>book</b></p>', '/media/pdfs/free.pdf', true, now() + interval '1 second') returning id`,
      )
    ).id;
    paidBook = (
      await one(
        t,
        `insert into books (title, author, description, pdf, price_cents, published_at)
      values ('Paid one', 'B', '<p>Paid</p>', '/media/pdfs/paid.pdf', 1250, now() + interval '2 seconds') returning id`,
      )
    ).id;
    await one(
      t,
      `insert into books (title, price_cents, published_at) values ('Future', 500, now() + interval '1 day') returning id`,
    );
    await new Promise((r) => setTimeout(r, 2100));
  });

  it('lists published books newest first with price and purchase state', async () => {
    const res = await api(t, 'GET', '/api/books/list/', { token: member });
    expect(res.statusCode).toBe(200);
    const list = res.json<Json[]>();
    expect(list.map((b) => b.title).slice(0, 2)).toEqual(['Paid one', 'Free one']);
    expect(list.map((b) => b.title)).not.toContain('Future');
    expect(list[0]).toMatchObject({
      is_free: false,
      price: '12.50',
      purchased: false,
      can_read: false,
      purchase_status: null,
    });
    expect(list[1]).toMatchObject({ is_free: true, price: '0.00', can_read: true, description: 'Free book' });
  });

  it('the new book is the newest published one, with its detail', async () => {
    const res = await api(t, 'GET', '/api/books/new/', { token: member });
    expect(res.statusCode).toBe(200);
    expect(res.json().book).toMatchObject({ id: paidBook, pdf: null, description: '<p>Paid</p>' });
  });

  it('the PDF link is given only for a free or bought book, and it is signed', async () => {
    const free = await api(t, 'GET', `/api/books/view/${freeBook}/`, { token: member });
    expect(free.json().pdf).toMatch(/^\/media\/pdfs\/free\.pdf\?exp=\d+&sig=[\w-]+$/);
    const paid = await api(t, 'GET', `/api/books/view/${paidBook}/`, { token: member });
    expect(paid.json()).toMatchObject({ pdf: null, can_read: false });
    expect((await api(t, 'GET', '/api/books/view/999999/', { token: member })).statusCode).toBe(404);
  });

  it('buying records a pending purchase; once paid the PDF is there; free and bought books are refused', async () => {
    const m = await makeMember(t);
    const token = await t.login(m.email, m.password);
    const buy = await api(t, 'POST', '/api/books/purchase/', { token, body: { book: paidBook } });
    expect(buy.statusCode).toBe(200);
    // The payment goes through the checkout (tests/api/payments-books.test.ts pays it).
    expect(buy.json()).toMatchObject({
      status: 'payment_required',
      payment_url: expect.stringMatching(/\/api\/payments\/sandbox\/checkout\/sbx_/),
      book: { purchase_status: 'pending', pdf: null, can_read: false },
    });
    const again = await api(t, 'POST', '/api/books/purchase/', { token, body: { book: paidBook } });
    expect(again.json().status).toBe('payment_required');
    const { rows } = await t.pool.query('select status, price_cents from book_purchases where user_id = $1', [m.id]);
    expect(rows).toEqual([{ status: 'pending', price_cents: 1250 }]);

    // What a paid checkout does (services/payments/settle.ts):
    await t.pool.query(`update book_purchases set status = 'paid', paid_at = now() where user_id = $1`, [m.id]);
    const bought = await api(t, 'GET', `/api/books/view/${paidBook}/`, { token });
    expect(bought.json()).toMatchObject({
      purchased: true,
      can_read: true,
      purchase_status: 'paid',
      pdf: expect.stringMatching(/^\/media\/pdfs\/paid\.pdf\?/),
    });

    const twice = await api(t, 'POST', '/api/books/purchase/', { token, body: { book: paidBook } });
    expect(twice.statusCode).toBe(400);
    expect(Object.keys(twice.json())).toEqual(['non_field_errors']);
    const freeBuy = await api(t, 'POST', '/api/books/purchase/', { token, body: { book: freeBook } });
    expect(freeBuy.statusCode).toBe(400);
    expect(freeBuy.json()).toEqual({ non_field_errors: ['This book is free: you can read it right away.'] });
    expect((await api(t, 'POST', '/api/books/purchase/', { token, body: { book: 999999 } })).statusCode).toBe(404);
  });

  // The new book is written by PostgreSQL, the book page in JavaScript: the two must give the same object.
  it('the new book equals its book page for every purchase state, free and priced', async () => {
    const sameAsPage = async (token: string) => {
      const fresh = (await api(t, 'GET', '/api/books/new/', { token })).json().book as Json;
      const page = (await api(t, 'GET', `/api/books/view/${fresh.id}/`, { token })).json<Json>();
      expect(fresh).toEqual(page);
      return fresh;
    };
    const m = await makeMember(t);
    const token = await t.login(m.email, m.password);
    expect(await sameAsPage(token)).toMatchObject({
      id: paidBook,
      price: '12.50',
      purchased: false,
      can_read: false,
      purchase_status: null,
      pdf: null,
    });
    for (const status of ['pending', 'canceled', 'paid']) {
      await t.pool.query(
        `insert into book_purchases (user_id, book_id, status, price_cents) values ($1, $2, $3, 1250)
         on conflict (user_id, book_id) do update set status = excluded.status`,
        [m.id, paidBook, status],
      );
      expect(await sameAsPage(token)).toMatchObject({ purchase_status: status, can_read: status === 'paid' });
    }
    expect((await sameAsPage(token)).pdf).toMatch(/^\/media\/pdfs\/paid\.pdf\?exp=\d+&sig=[\w-]+$/);

    // A newer free book, with pages, a language and a cover; then none at all.
    const { id } = await one(
      t,
      `insert into books (title, author, description, pdf, cover, is_free, price_cents, pages, language, published_at)
      values ('Newest "free"', 'C', '<p>Ünïcode ✓</p>', '/media/pdfs/n.pdf', '/media/covers/n.png', true, 990, 12, 'de', now() - interval '1 second') returning id`,
    );
    await t.pool.query(`update books set published_at = now() + interval '1 hour' where id in ($1, $2)`, [
      paidBook,
      freeBook,
    ]);
    try {
      expect(await sameAsPage(member)).toMatchObject({
        id,
        is_free: true,
        price: '0.00',
        can_read: true,
        pages: 12,
        language: 'de',
        pdf: expect.stringMatching(/^\/media\/pdfs\/n\.pdf\?/),
      });
      const { rows: hidden } = await t.pool.query<{ id: number }>(
        `update books set is_published = false where is_published returning id`,
      );
      try {
        expect((await api(t, 'GET', '/api/books/new/', { token: member })).json()).toEqual({ book: null });
      } finally {
        await t.pool.query(`update books set is_published = true where id = any($1)`, [hidden.map((r) => r.id)]);
      }
    } finally {
      await t.pool.query(`delete from books where id = $1`, [id]);
      await t.pool.query(`update books set published_at = now() - interval '1 minute' where id in ($1, $2)`, [
        paidBook,
        freeBook,
      ]);
    }
  });
});

describe('news', () => {
  let important: number;
  beforeAll(async () => {
    important = (
      await one(
        t,
        `insert into news (title, summary, body, is_important, published_at)
      values ('Big news', 'Read it', '<p>Body</p>', true, now() - interval '1 minute') returning id`,
      )
    ).id;
    await t.pool.query(
      `insert into news (title, published_at) values ('Draft', null), ('Scheduled', now() + interval '1 day')`,
    );
  });

  it('pages published news newest first, searchable, filterable', async () => {
    const res = await api(t, 'GET', '/api/news/list?page_size=2', { token: member });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.results).toHaveLength(2);
    expect(body.count).toBe(5); // 4 demo news + ours; no draft, nothing scheduled
    expect(body.results[0].title).toBe('Big news');
    const search = await api(t, 'GET', '/api/news/list?search=big', { token: member });
    expect(search.json()).toMatchObject({ count: 1, total_count: 5 });
    const imp = await api(t, 'GET', '/api/news/list?is_important=true', { token: member });
    expect((imp.json().results as Json[]).every((n) => n.is_important)).toBe(true);
  });

  it('important news for the dashboard', async () => {
    const res = await api(t, 'GET', '/api/news/important/', { token: member });
    expect(res.statusCode).toBe(200);
    expect(res.json<Json[]>().map((n) => n.id)).toContain(important);
    expect(res.json<Json[]>().every((n) => n.is_important)).toBe(true);
  });

  it('one news item with its body; drafts and scheduled ones are 404', async () => {
    const res = await api(t, 'GET', `/api/news/view/${important}`, { token: member });
    expect(res.json()).toMatchObject({ title: 'Big news', body: '<p>Body</p>', is_important: true });
    const { rows } = await t.pool.query(`select id from news where title in ('Draft', 'Scheduled')`);
    for (const r of rows)
      expect((await api(t, 'GET', `/api/news/view/${r.id}`, { token: member })).statusCode).toBe(404);
  });

  it('a body saved through the admin API is sanitised', async () => {
    const created = await api(t, 'POST', '/api/admin/news', {
      token: admin,
      body: {
        title: 'Sanitised',
        summary: '<b>Lead</b>',
        body: '<p>Hi<img src=x onerror=alert(1)><script>alert(1)</script><a href="javascript:alert(1)">bad</a><a href="https://ok.example">ok</a><img src="/media/images/a.png"></p>',
        published_at: new Date(Date.now() - 1000).toISOString(),
      },
    });
    expect(created.statusCode).toBe(201);
    const res = await api(t, 'GET', `/api/news/view/${created.json().id}`, { token: member });
    const body = res.json().body as string;
    expect(body).not.toMatch(/script|onerror|javascript:|src="x"/i);
    expect(body).toContain('<a href="https://ok.example" rel="noopener noreferrer">ok</a>');
    expect(body).toContain('<img src="/media/images/a.png" />');
    expect(res.json().summary).toBe('Lead');
  });
});

describe('events', () => {
  let soon: number;
  beforeAll(async () => {
    soon = (
      await one(
        t,
        `insert into events (title, description, starts_at, ends_at, time_zone, place, online_url)
      values ('Soon, really; soon', '<p>Talk</p>', now() + interval '1 hour', now() + interval '2 hours', 'Asia/Tokyo', 'Room 1, Berlin', 'https://meet.example.com/x')
      returning id`,
      )
    ).id;
    await t.pool.query(
      `insert into events (title, starts_at, ends_at, time_zone) values ('Past', now() - interval '2 days', now() - interval '1 day', 'Europe/Moscow')`,
    );
    await t.pool.query(
      `insert into events (title, starts_at, is_published, time_zone) values ('Hidden', now() + interval '1 day', false, 'Europe/Moscow')`,
    );
  });

  it('nearest: upcoming first, without past or unpublished events', async () => {
    const res = await api(t, 'GET', '/api/events/nearest/', { token: member });
    expect(res.statusCode).toBe(200);
    const list = res.json<Json[]>();
    expect(list[0]).toMatchObject({
      id: soon,
      time_zone: 'Asia/Tokyo',
      place: 'Room 1, Berlin',
      ics_url: `/api/events/view/${soon}/ics`,
    });
    expect(list.map((e) => e.title)).not.toContain('Past');
    expect(list.map((e) => e.title)).not.toContain('Hidden');
    const starts = list.map((e) => Date.parse(e.starts_at));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect((await api(t, 'GET', '/api/events/nearest/?limit=1', { token: member })).json()).toHaveLength(1);
  });

  it('all events by period', async () => {
    const past = await api(t, 'GET', '/api/events/list/?period=past', { token: member });
    expect(past.json().results.map((e: Json) => e.title)).toEqual(['Past']);
    const all = await api(t, 'GET', '/api/events/list/?period=all', { token: member });
    expect(all.json()).toMatchObject({ count: 5, total_count: 5 });
  });

  it('search: title or description text, within the period, paged, never the markup or an unpublished event', async () => {
    await t.pool.query(
      `insert into events (title, description, starts_at, time_zone, is_published) values
        ('Harvest fair', '<p>Apples</p>', now() + interval '3 days', 'UTC', true),
        ('Quiz night', '<p>Bring a <strong>harvest</strong> dish</p>', now() + interval '4 days', 'UTC', true),
        ('Old harvest', '', now() - interval '9 days', 'UTC', true),
        ('Secret harvest', '', now() + interval '5 days', 'UTC', false),
        ('100% fun', '', now() + interval '6 days', 'UTC', true)`,
    );
    const titles = async (query: string) => {
      const res = await api(t, 'GET', `/api/events/list/?${query}`, { token: member });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ count: number; total_count: number; next: string | null; results: Json[] }>();
    };
    // Any case, in the title or the description's text; upcoming soonest first; not the past or hidden one.
    const upcoming = await titles('search=HARVEST');
    expect(upcoming.results.map((e) => e.title)).toEqual(['Harvest fair', 'Quiz night']);
    expect(upcoming).toMatchObject({ count: 2, total_count: 9 });
    expect((await titles('search=harvest&period=past')).results.map((e) => e.title)).toEqual(['Old harvest']);
    expect((await titles('search=harvest&period=all')).count).toBe(3);
    // Paged: the next page's link keeps the search.
    const first = await titles('search=harvest&page_size=1');
    expect(first.results.map((e) => e.title)).toEqual(['Harvest fair']);
    expect(new URLSearchParams(first.next ?? '').get('search')).toBe('harvest');
    expect((await titles('search=harvest&page_size=1&page=2')).results.map((e) => e.title)).toEqual(['Quiz night']);
    // The tags are not text: <strong> and <p> match nothing; % and _ are plain characters; blank is no search.
    expect((await titles('search=strong')).count).toBe(0);
    expect((await titles('search=%3Cp%3E')).count).toBe(0);
    expect((await titles('search=100%25')).results.map((e) => e.title)).toEqual(['100% fun']);
    expect((await titles('search=_')).count).toBe(0);
    expect((await titles('search=%20%20')).count).toBe((await titles('')).count);
  });

  it('search: bad input is a 400 naming the field; the roles are unchanged', async () => {
    const tooLong = await api(t, 'GET', `/api/events/list/?search=${'a'.repeat(201)}`, { token: member });
    expect(tooLong.statusCode).toBe(400);
    // In the member's language (the demo member reads Russian).
    expect(tooLong.json()).toEqual({ search: [catalogues.ru.field_too_long.replace('{limit}', '200')] });
    const nul = await api(t, 'GET', '/api/events/list/?search=a%00b', { token: member });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toEqual({ search: [catalogues.ru.field_invalid] });
    const badPage = await api(t, 'GET', '/api/events/list/?search=x&page=0', { token: member });
    expect(badPage.statusCode).toBe(400);
    expect(Object.keys(badPage.json<Json>())).toEqual(['page']);
    expect((await api(t, 'GET', `/api/events/list/?search=${'a'.repeat(200)}`, { token: member })).statusCode).toBe(
      200,
    );
    // Signed-in people of every role may search; nobody else.
    expect((await api(t, 'GET', '/api/events/list/?search=soon')).statusCode).toBe(401);
    const consultant = await t.login('consultant@demo.atrium');
    for (const token of [member, consultant, admin]) {
      const res = await api(t, 'GET', '/api/events/list/?search=soon', { token });
      expect(res.statusCode).toBe(200);
      expect(res.json<{ results: Json[] }>().results.map((e) => e.id)).toEqual([soon]);
    }
  });

  it('one event, and its .ics file', async () => {
    const res = await api(t, 'GET', `/api/events/view/${soon}/`, { token: member });
    expect(res.json()).toMatchObject({
      title: 'Soon, really; soon',
      description: '<p>Talk</p>',
      online_url: 'https://meet.example.com/x',
    });
    const ics = await api(t, 'GET', `/api/events/view/${soon}/ics`, { token: member });
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-type']).toMatch(/^text\/calendar/);
    expect(ics.headers['content-disposition']).toBe(`attachment; filename="event-${soon}.ics"`);
    const text = ics.body;
    expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(text).toContain(`UID:event-${soon}@`);
    expect(text).toContain('SUMMARY:Soon\\, really\\; soon');
    expect(text).toMatch(/DTSTART:\d{8}T\d{6}Z\r\n/);
    expect(text).toMatch(/DTSTAMP:\d{8}T\d{6}Z\r\n/);
    expect(text).toContain('LOCATION:Room 1\\, Berlin');
    expect(text.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    expect((await api(t, 'GET', '/api/events/view/999999/ics', { token: member })).statusCode).toBe(404);
    expect((await api(t, 'GET', `/api/events/view/${soon}/ics`)).statusCode).toBe(401);
  });
});

describe('configs and footer links', () => {
  it('public configs are served before login, private ones never', async () => {
    await t.pool.query(`insert into configs (key, value, is_public) values ('internal.secret', '"x"', false)`);
    const res = await api(t, 'GET', '/api/configs/get_all_configs/');
    expect(res.statusCode).toBe(200);
    expect(res.json().configs).toMatchObject({
      'support.email': 'support@example.com',
      'donations.enabled': true,
      'donations.min_amount': 5,
    });
    expect(res.json().configs['internal.secret']).toBeUndefined();
    expect(res.json().items.find((i: Json) => i.key === 'app.name')).toMatchObject({
      value: 'Atrium',
      description: expect.any(String),
    });
  });

  it('footer links in order, for signed-in users', async () => {
    const res = await api(t, 'GET', '/api/pages/footer_links/', { token: member });
    expect(res.statusCode).toBe(200);
    expect(res.json<Json[]>().map((l) => l.url)).toEqual([
      '/news',
      'https://example.com/privacy',
      'mailto:support@example.com',
    ]);
    expect((await api(t, 'GET', '/api/pages/footer_links/')).statusCode).toBe(401);
  });

  it("footer link titles in the reader's language: the seed's and an admin's, the one title where none is given", async () => {
    const titles = async (language: 'ru' | 'en' | 'de') => {
      const reader = await makeMember(t, { language });
      const res = await api(t, 'GET', '/api/pages/footer_links/', {
        token: await t.login(reader.email, reader.password),
      });
      return res.json<Json[]>().map((l) => l.title as string);
    };
    expect((await titles('ru')).slice(0, 3)).toEqual(['Новости', 'Политика конфиденциальности', 'Поддержка']);
    expect((await titles('de')).slice(0, 3)).toEqual(['Neuigkeiten', 'Datenschutz', 'Support']);

    const made = await api(t, 'POST', '/api/admin/footer-links', {
      token: admin,
      body: { title: 'Help', title_translations: { de: ' Hilfe ', ru: '  ' }, url: '/support', order: 50 },
    });
    expect(made.statusCode).toBe(201);
    // Kept trimmed, without the language left empty.
    expect(made.json().title_translations).toEqual({ de: 'Hilfe' });
    expect((await titles('de')).at(-1)).toBe('Hilfe');
    expect((await titles('ru')).at(-1)).toBe('Help');

    // A language the app does not speak, or a title too long: refused, nothing changed.
    for (const title_translations of [{ fr: 'Aide' }, { en: 'x'.repeat(301) }]) {
      const bad = await api(t, 'PUT', `/api/admin/footer-links/${made.json().id}`, {
        token: admin,
        body: { title_translations },
      });
      expect(bad.statusCode, JSON.stringify(title_translations)).toBe(400);
    }
    const kept = await api(t, 'GET', `/api/admin/footer-links/${made.json().id}`, { token: admin });
    expect(kept.json()).toMatchObject({ title: 'Help', title_translations: { de: 'Hilfe' } });
  });
});
