import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogues } from '../../src/server/i18n';
import { makeMember } from '../setup/accounts';
import { makeUser } from '../setup/admin';
import { api, type Json } from '../setup/learning';
import { createTestApp, type TestApp } from '../setup/test-app';

let t: TestApp;
let member: string;
let other: string;
let consultant: string;

const en = catalogues.en;

beforeAll(async () => {
  t = await createTestApp();
  // Answers in English (the demo member's profile says Russian; the profile language wins over Accept-Language).
  await t.pool.query(`update users set language = 'en' where email = 'member@demo.atrium'`);
  const m = await makeMember(t);
  [member, other, consultant] = await Promise.all([
    t.login('member@demo.atrium'),
    t.login(m.email, m.password),
    t.login('consultant@demo.atrium'),
  ]);
});
afterAll(async () => {
  await t.close();
});

async function category(token: string, name: string, is_particular = false): Promise<Json> {
  const res = await api(t, 'POST', '/api/contacts/category', { token, body: { name, is_particular } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function contact(token: string, body: Json): Promise<Json> {
  const res = await api(t, 'POST', '/api/contacts/', { token, body: { phone: '+49 30 555 0000', ...body } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const list = async (token: string, query = '') => {
  const res = await api(t, 'GET', `/api/contacts/${query}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('statuses and categories', () => {
  it('lists the fixed statuses, translated', async () => {
    const res = await api(t, 'GET', '/api/contacts/status/', { token: other });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((s: Json) => s.name)).toEqual(['New', 'In progress', 'Client', 'Not interested']);
    const russian = await makeMember(t, { language: 'ru' });
    const ru = await api(t, 'GET', '/api/contacts/status/', { token: await t.login(russian.email, russian.password) });
    expect(ru.json()[0]).toMatchObject({ id: 1, name: catalogues.ru.contact_status_new, color: expect.any(String) });
  });

  it('creates, renames, lists with counts and deletes a category', async () => {
    const cat = await category(member, 'Friends');
    expect(cat).toMatchObject({ name: 'Friends', is_particular: false, contacts_count: 0 });
    await contact(member, { first_name: 'Fritz', categories: [cat.id] });
    const put = await api(t, 'PUT', `/api/contacts/category/${cat.id}/`, {
      token: member,
      body: { name: 'Old friends' },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ id: cat.id, name: 'Old friends', contacts_count: 1 });
    const cats = (await api(t, 'GET', '/api/contacts/category', { token: member })).json<Json[]>();
    expect(cats.find((c) => c.id === cat.id)).toMatchObject({ name: 'Old friends', contacts_count: 1 });
    const del = await api(t, 'DELETE', `/api/contacts/category/${cat.id}/`, { token: member });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ detail: en.deleted });
    expect(
      (await api(t, 'GET', '/api/contacts/category', { token: member })).json().some((c: Json) => c.id === cat.id),
    ).toBe(false);
  });

  it('an empty category name is refused', async () => {
    const res = await api(t, 'POST', '/api/contacts/category', { token: other, body: { name: ' ' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().name).toEqual([en.field_empty]);
  });
});

describe('contacts CRUD and validation', () => {
  it('creates, reads, updates and deletes a contact', async () => {
    const cat = await category(member, 'Work');
    const created = await contact(member, {
      first_name: 'Erika',
      last_name: 'Muster',
      email: 'erika@example.com',
      city: 'Berlin',
      country: 'DE',
      notes: 'met at a fair',
      categories: [cat.id],
      status: 1,
      tags: ['vip', 'fair'],
    });
    expect(created).toMatchObject({
      first_name: 'Erika',
      phone: '+49305550000',
      categories: [cat.id],
      status: 1,
      tags: ['vip', 'fair'],
      created_at: expect.any(String),
    });
    const got = await api(t, 'GET', `/api/contacts/${created.id}/`, { token: member });
    expect(got.json()).toEqual(created);

    const put = await api(t, 'PUT', `/api/contacts/${created.id}/`, {
      token: member,
      body: { first_name: 'Erika', status: null, categories: [] },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ status: null, categories: [], email: 'erika@example.com', city: 'Berlin' });

    const del = await api(t, 'DELETE', `/api/contacts/${created.id}/`, { token: member });
    expect(del.json()).toEqual({ detail: en.deleted });
    expect((await api(t, 'GET', `/api/contacts/${created.id}/`, { token: member })).statusCode).toBe(404);
  });

  it("answers the spec's messages for phone, email and a missing channel", async () => {
    const bad = await api(t, 'POST', '/api/contacts/', {
      token: other,
      body: { first_name: 'X', phone: 'call me', email: 'nope@' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ phone: ['Phone is incorrect'], email: ['Please, enter valid email address'] });
    const none = await api(t, 'POST', '/api/contacts/', { token: other, body: { first_name: 'X' } });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ non_field_errors: [en.contact_needs_channel] });
    const empty = await api(t, 'POST', '/api/contacts/', { token: other, body: { first_name: '', phone: '+4930555' } });
    expect(empty.json().first_name).toEqual([en.field_empty]);
    const status = await api(t, 'POST', '/api/contacts/', {
      token: other,
      body: { first_name: 'X', phone: '+49305551234', status: 9 },
    });
    expect(status.json().status).toEqual([en.contact_status_unknown]);
  });

  it('keeps one particular category per contact, on contacts and on categories', async () => {
    const a = await category(member, 'Hot', true);
    const b = await category(member, 'Cold', true);
    const plain = await category(member, 'Plain');
    const two = await api(t, 'POST', '/api/contacts/', {
      token: member,
      body: { first_name: 'P', phone: '+49305551111', categories: [a.id, b.id] },
    });
    expect(two.statusCode).toBe(400);
    expect(two.json().categories).toEqual(['Contact must have only one particular category at a time']);

    const c = await contact(member, { first_name: 'Q', categories: [a.id, plain.id] });
    const promote = await api(t, 'PUT', `/api/contacts/category/${plain.id}/`, {
      token: member,
      body: { name: 'Plain', is_particular: true },
    });
    expect(promote.statusCode).toBe(400);
    expect(promote.json().is_particular).toEqual([en.contact_one_particular]);
    const bulk = await api(t, 'POST', '/api/contacts/bulk/', {
      token: member,
      body: { ids: [c.id], action: 'add_category', category: b.id },
    });
    expect(bulk.statusCode).toBe(400);
    expect(bulk.json().category).toEqual([en.contact_one_particular]);
    expect((await api(t, 'GET', `/api/contacts/${c.id}/`, { token: member })).json().categories).toEqual(
      [a.id, plain.id].sort((x, y) => x - y),
    );
  });

  it("another owner's category in a contact's categories is a 400", async () => {
    const foreign = await category(other, 'Theirs');
    const res = await api(t, 'POST', '/api/contacts/', {
      token: member,
      body: { first_name: 'R', phone: '+49305552222', categories: [foreign.id] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().categories).toEqual([en.contact_category_unknown]);
  });
});

describe('dated notes', () => {
  const notes = (token: string, id: number, query = '') =>
    api(t, 'GET', `/api/contacts/notes/${id}/${query}`, { token });
  const addNote = (token: string, id: number, text: string) =>
    api(t, 'POST', `/api/contacts/notes/${id}/`, { token, body: { text } });

  it('keeps dated notes with their author, newest first, beside the seed’s single field', async () => {
    const c = await contact(member, { first_name: 'Nora', notes: 'met at a fair' });
    expect((await notes(member, c.id)).json()).toMatchObject({ count: 0, results: [] });
    const first = await addNote(member, c.id, '  Called, no answer  ');
    expect(first.statusCode, first.body).toBe(201);
    const me = (await t.pool.query(`select id, first_name, last_name from users where email = 'member@demo.atrium'`))
      .rows[0];
    expect(first.json()).toEqual({
      id: expect.any(Number),
      contact_id: c.id,
      author: expect.objectContaining({ id: me.id, first_name: me.first_name, last_name: me.last_name }),
      text: 'Called, no answer',
      created_at: expect.stringMatching(/Z$/),
    });
    const second = (await addNote(member, c.id, 'Meeting on Friday')).json();
    const page = (await notes(member, c.id)).json();
    expect(page).toMatchObject({ count: 2, total_count: 2, current: 1, next: null, previous: null });
    expect(page.results.map((n: Json) => n.text)).toEqual(['Meeting on Friday', 'Called, no answer']);
    expect((await notes(member, c.id, '?page_size=1&page=2')).json().results.map((n: Json) => n.id)).toEqual([
      first.json().id,
    ]);
    // The seed's single field stays as its clients read and write it.
    const got = (await api(t, 'GET', `/api/contacts/${c.id}/`, { token: member })).json();
    expect(got.notes).toBe('met at a fair');
    const put = await api(t, 'PUT', `/api/contacts/${c.id}/`, {
      token: member,
      body: { first_name: 'Nora', notes: 'called back' },
    });
    expect(put.json().notes).toBe('called back');
    expect((await notes(member, c.id)).json().count).toBe(2);

    // Deleting one takes only that one; a note of another contact is not found through this one.
    const otherContact = await contact(member, { first_name: 'Otto' });
    const wrong = await api(t, 'DELETE', `/api/contacts/notes/${otherContact.id}/${second.id}/`, { token: member });
    expect(wrong.statusCode).toBe(404);
    const del = await api(t, 'DELETE', `/api/contacts/notes/${c.id}/${second.id}/`, { token: member });
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json()).toEqual({ detail: en.deleted });
    expect((await notes(member, c.id)).json().results.map((n: Json) => n.id)).toEqual([first.json().id]);
    const again = await api(t, 'DELETE', `/api/contacts/notes/${c.id}/${second.id}/`, { token: member });
    expect(again.statusCode).toBe(404);

    // They go with their contact.
    await api(t, 'DELETE', `/api/contacts/${c.id}/`, { token: member });
    const left = await t.pool.query('select count(*)::int as n from contact_notes where contact_id = $1', [c.id]);
    expect(left.rows[0].n).toBe(0);
  });

  it('refuses a blank note, and another owner’s contact is a 404 for every note call', async () => {
    const c = await contact(member, { first_name: 'Paula' });
    const blank = await addNote(member, c.id, '   ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ text: [en.field_empty] });
    const mine = (await addNote(member, c.id, 'Private')).json();
    for (const res of await Promise.all([
      notes(other, c.id),
      addNote(other, c.id, 'Stolen'),
      api(t, 'DELETE', `/api/contacts/notes/${c.id}/${mine.id}/`, { token: other }),
      notes(consultant, c.id),
      notes(member, 999999),
    ])) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().code).toBe('not_found');
    }
    expect((await notes(member, c.id)).json().results.map((n: Json) => n.text)).toEqual(['Private']);
    expect((await api(t, 'GET', `/api/contacts/notes/${c.id}/`)).statusCode).toBe(401);
  });
});

describe('the list: search, filters, paging', () => {
  let owner: string;
  let cat: Json;
  beforeAll(async () => {
    const m = await makeMember(t);
    owner = await t.login(m.email, m.password);
    cat = await category(owner, 'Leads');
    await contact(owner, {
      first_name: 'Alice',
      last_name: 'Smith',
      email: 'alice@example.com',
      status: 1,
      categories: [cat.id],
    });
    await contact(owner, { first_name: 'Bob', last_name: 'Jones', phone: '+44 20 7946 0001', status: 2 });
    await contact(owner, { first_name: 'Carol', last_name: 'Smithers', status: 2, categories: [cat.id] });
  });

  it('pages newest first with the paging shape; 0 means all', async () => {
    const body = await list(owner, '?page_size=2');
    expect(Object.keys(body).sort()).toEqual(['count', 'current', 'next', 'previous', 'results', 'total_count']);
    expect(body).toMatchObject({ count: 3, total_count: 3, current: 1, previous: null });
    expect(body.next).toContain('page=2');
    expect(body.results.map((c: Json) => c.first_name)).toEqual(['Carol', 'Bob']);
    const page2 = await list(owner, '?page_size=2&page=2');
    expect(page2.results.map((c: Json) => c.first_name)).toEqual(['Alice']);
    expect((await list(owner, '?category=0&status=0')).count).toBe(3);
  });

  it('searches names, email and phone; filters by category and status; orders', async () => {
    expect((await list(owner, '?search=smith')).results.map((c: Json) => c.first_name).sort()).toEqual([
      'Alice',
      'Carol',
    ]);
    expect((await list(owner, '?search=alice%40example')).count).toBe(1);
    expect((await list(owner, '?search=7946')).results[0].first_name).toBe('Bob');
    const byCat = await list(owner, `?category=${cat.id}`);
    expect(byCat).toMatchObject({ count: 2, total_count: 3 });
    expect((await list(owner, '?status=2')).results.map((c: Json) => c.first_name).sort()).toEqual(['Bob', 'Carol']);
    expect((await list(owner, `?status=2&category=${cat.id}`)).results.map((c: Json) => c.first_name)).toEqual([
      'Carol',
    ]);
    expect((await list(owner, '?ordering=first_name')).results.map((c: Json) => c.first_name)).toEqual([
      'Alice',
      'Bob',
      'Carol',
    ]);
    expect((await list(owner, '?search=%25')).count).toBe(0);
  });

  it("never lists another owner's contacts", async () => {
    const mine = await list(member);
    expect(mine.results.some((c: Json) => ['Alice', 'Bob', 'Carol'].includes(c.first_name))).toBe(false);
  });
});

describe('object rules: only the owner', () => {
  it("another member's contact or category is a 404 for every operation", async () => {
    const c = await contact(member, { first_name: 'Mine' });
    const cat = await category(member, 'Mine too');
    const tries = [
      api(t, 'GET', `/api/contacts/${c.id}/`, { token: other }),
      api(t, 'PUT', `/api/contacts/${c.id}/`, { token: other, body: { first_name: 'Stolen' } }),
      api(t, 'DELETE', `/api/contacts/${c.id}/`, { token: other }),
      api(t, 'POST', '/api/contacts/bulk/', { token: other, body: { ids: [c.id], action: 'delete' } }),
      api(t, 'PUT', `/api/contacts/category/${cat.id}/`, { token: other, body: { name: 'Stolen' } }),
      api(t, 'DELETE', `/api/contacts/category/${cat.id}/`, { token: other }),
      // Staff are no exception: the contacts of a member are the member's.
      api(t, 'GET', `/api/contacts/${c.id}/`, { token: consultant }),
      api(t, 'PUT', `/api/contacts/${c.id}/`, { token: consultant, body: { first_name: 'Stolen' } }),
    ];
    for (const res of await Promise.all(tries)) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().code).toBe('not_found');
    }
    expect((await api(t, 'GET', `/api/contacts/${c.id}/`, { token: member })).json().first_name).toBe('Mine');
    expect((await list(consultant)).results.some((x: Json) => x.id === c.id)).toBe(false);
  });

  it('anonymous callers get 401', async () => {
    expect((await api(t, 'GET', '/api/contacts/')).statusCode).toBe(401);
    expect((await api(t, 'GET', '/api/contacts/export/')).statusCode).toBe(401);
  });
});

describe('bulk actions', () => {
  it('sets a status, adds and removes a category, deletes', async () => {
    const cat = await category(other, 'Bulk');
    const a = await contact(other, { first_name: 'A' });
    const b = await contact(other, { first_name: 'B' });
    const ids = [a.id, b.id];
    const status = await api(t, 'POST', '/api/contacts/bulk/', {
      token: other,
      body: { ids, action: 'set_status', status: 3 },
    });
    expect(status.statusCode, status.body).toBe(200);
    expect(status.json()).toMatchObject({ count: 2 });
    const add = await api(t, 'POST', '/api/contacts/bulk/', {
      token: other,
      body: { ids, action: 'add_category', category: cat.id },
    });
    expect(add.statusCode).toBe(200);
    const after = await list(other, `?category=${cat.id}&status=3`);
    expect(after.results.map((c: Json) => c.id).sort()).toEqual([...ids].sort());
    await api(t, 'POST', '/api/contacts/bulk/', {
      token: other,
      body: { ids: [a.id], action: 'remove_category', category: cat.id },
    });
    expect((await list(other, `?category=${cat.id}`)).results.map((c: Json) => c.id)).toEqual([b.id]);
    const del = await api(t, 'POST', '/api/contacts/bulk/', { token: other, body: { ids, action: 'delete' } });
    expect(del.json()).toEqual({ detail: en.deleted, count: 2 });
    expect((await api(t, 'GET', `/api/contacts/${a.id}/`, { token: other })).statusCode).toBe(404);
  });

  it('is all or nothing: one foreign id changes nothing', async () => {
    const mine = await contact(other, { first_name: 'Keep', status: 1 });
    const theirs = await contact(member, { first_name: 'Theirs' });
    for (const body of [
      { ids: [mine.id, theirs.id], action: 'delete' },
      { ids: [mine.id, theirs.id], action: 'set_status', status: 4 },
    ]) {
      const res = await api(t, 'POST', '/api/contacts/bulk/', { token: other, body });
      expect(res.statusCode).toBe(404);
    }
    expect((await api(t, 'GET', `/api/contacts/${mine.id}/`, { token: other })).json()).toMatchObject({
      first_name: 'Keep',
      status: 1,
    });
    expect((await api(t, 'GET', `/api/contacts/${theirs.id}/`, { token: member })).statusCode).toBe(200);
  });

  it('a foreign category in a bulk is a 400; a missing category is required', async () => {
    const mine = await contact(other, { first_name: 'Z' });
    const foreign = await category(member, 'Not yours');
    const res = await api(t, 'POST', '/api/contacts/bulk/', {
      token: other,
      body: { ids: [mine.id], action: 'add_category', category: foreign.id },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().category).toEqual([en.contact_category_unknown]);
    const missing = await api(t, 'POST', '/api/contacts/bulk/', {
      token: other,
      body: { ids: [mine.id], action: 'add_category' },
    });
    expect(missing.json().category).toEqual([en.field_required]);
  });
});

describe('CSV export', () => {
  it('exports the filtered list for spreadsheets: a BOM, phones as typed, times in the owner’s zone, formula-safe', async () => {
    const m = await makeMember(t);
    await t.pool.query(`update users set time_zone = 'America/New_York' where id = $1`, [m.id]);
    const owner = await t.login(m.email, m.password);
    const cat = await category(owner, 'Export');
    await contact(owner, {
      first_name: '=HYPERLINK("http://evil.example","x")',
      last_name: '@SUM(A1)',
      categories: [cat.id],
      status: 3,
      tags: ['a', 'b'],
      notes: '+cmd|/c calc',
    });
    await contact(owner, { first_name: 'Plain', email: 'plain@example.com' });
    const res = await api(t, 'GET', `/api/contacts/export/?category=${cat.id}`, { token: owner });
    expect(res.statusCode, res.body).toBe(200);
    // Excel reads UTF-8 (Cyrillic, umlauts) only after a byte order mark.
    expect(res.body.startsWith('\ufeff')).toBe(true);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toContain('contacts.csv');
    const rows = Papa.parse<Json>(res.body, { header: true, skipEmptyLines: true }).data;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      first_name: `'=HYPERLINK("http://evil.example","x")`,
      last_name: "'@SUM(A1)",
      phone: '+49305550000',
      notes: "'+cmd|/c calc",
      status: 'Client',
      categories: 'Export',
      tags: 'a; b',
    });
    const { rows: made } = await t.pool.query<{ local: string }>(
      `select to_char(created_at at time zone 'America/New_York', 'YYYY-MM-DD HH24:MI') as local
       from contacts where first_name like '=HYPERLINK%' and owner_id = $1`,
      [m.id],
    );
    expect(rows[0]!.created_at).toBe(made[0]!.local);
    const all = await api(t, 'GET', '/api/contacts/export/?search=plain', { token: owner });
    expect(Papa.parse<Json>(all.body, { header: true, skipEmptyLines: true }).data.map((r) => r.email)).toEqual([
      'plain@example.com',
    ]);
  });
});

describe('a contact who is a member', () => {
  it('names the member of the caller’s structure with the contact’s email or phone, and no one else', async () => {
    const m = await makeMember(t);
    const token = await t.login(m.email, m.password);
    const below = await makeUser(t, { referrerId: m.id, phone: '+4930555123001' });
    const stranger = await makeUser(t);
    const byEmail = await contact(token, { first_name: 'Below', email: below.email.toUpperCase() });
    const byPhone = await contact(token, { first_name: 'Phone', phone: '+49 30 555 123001' });
    const outside = await contact(token, { first_name: 'Stranger', email: stranger.email });
    const rows = (await list(token)).results as Json[];
    const memberOf = (id: number) => rows.find((r) => r.id === id)?.member_id;
    expect([memberOf(byEmail.id), memberOf(byPhone.id), memberOf(outside.id)]).toEqual([below.id, below.id, null]);
    const one = await api(t, 'GET', `/api/contacts/${byEmail.id}/`, { token });
    expect(one.json()).toMatchObject({ id: byEmail.id, member_id: below.id });
    // The member's donations and tasks then load as on the person page.
    const donations = await api(t, 'POST', '/api/team/contact/get_donations/', { token, body: { user_id: below.id } });
    expect(donations.statusCode, donations.body).toBe(200);
  });
});
