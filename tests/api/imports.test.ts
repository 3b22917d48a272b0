import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../setup/accounts';
import { api, form, makeTag, makeUser, type Json } from '../setup/admin';
import { createTestApp, type TestApp } from '../setup/test-app';
import { t as translate } from '../../src/server/i18n';

let t: TestApp;
let admin: string;
let consultant: { id: number; token: string };
let tagId: number;

beforeAll(async () => {
  t = await createTestApp();
  await t.pool.query(`update users set language = 'en' where email = 'admin@demo.atrium'`);
  admin = await t.login('admin@demo.atrium');
  const c = await makeUser(t, { role: 'consultant' });
  consultant = { id: c.id, token: await t.login(c.email, c.password) };
  tagId = await makeTag(t, 'Imported');
  await makeUser(t, { email: 'existing@imp.test' });
});
afterAll(async () => {
  await t.close();
});

async function upload(token: string, name: string, content: Buffer) {
  const body = form([{ name: 'file', filename: name, content, type: 'text/csv' }]);
  return t.app.inject({
    method: 'POST',
    url: '/api/accounts/import_users/save/',
    ...body,
    headers: { ...body.headers, authorization: `JWT ${token}`, 'accept-language': 'en' },
  });
}
const start = (token: string, body: Json) => api(t, 'POST', '/api/accounts/import_users/start/', { token, body });
const list = async (token: string) => (await api(t, 'POST', '/api/accounts/import_users/list/', { token })).json();
const finished = (token: string, id: number) =>
  waitFor(
    async () => {
      const imp = (await list(token)).results.find((r: Json) => r.id === id);
      return imp?.status === 'completed' || imp?.status === 'failed' ? imp : null;
    },
    `import ${id}`,
    20_000,
  );

const GOOD_BAD_DUP = [
  'Vorname;Nachname;E-Mail;Telefon;Stadt',
  'Anna;Alpha;anna@imp.test;+49 30 100 001;Berlin',
  'Bernd;Beta;bernd@imp.test;;Köln',
  'Anna;Again;ANNA@imp.test;;Berlin', // duplicate email within the file
  'Ex;Isting;existing@imp.test;;Bonn', // duplicate of a user already there
  'No;Mail;not-an-email;;',
  ';Nameless;nameless@imp.test;;',
  '',
  'Phil;Phone;;+49 30 100 002;Hamburg',
  'Bad;Phone;;12ab;',
  '',
].join('\r\n');

describe('user imports', () => {
  it('previews, maps, imports good rows once and names each skipped row with its reason', async () => {
    const saved = await upload(consultant.token, 'leads.csv', Buffer.from(`\ufeff${GOOD_BAD_DUP}`, 'utf8'));
    expect(saved.statusCode, saved.body).toBe(201);
    const imp = saved.json();
    // Blank lines are not rows.
    expect(imp).toMatchObject({ status: 'uploaded', total: 8, success: 0, mapping: null });
    expect(imp.preview.columns).toEqual(['Vorname', 'Nachname', 'E-Mail', 'Telefon', 'Stadt']);
    expect(imp.preview.rows[0]).toEqual(['Anna', 'Alpha', 'anna@imp.test', '+49 30 100 001', 'Berlin']);
    expect(imp.preview.suggested_mapping).toEqual({
      Vorname: 'first_name',
      Nachname: 'last_name',
      'E-Mail': 'email',
      Telefon: 'phone',
      Stadt: 'city',
    });

    const missing = await start(consultant.token, {
      import_id: imp.id,
      mapping: imp.preview.suggested_mapping,
      consultant_id: consultant.id,
      tag_id: 999999,
    });
    expect(missing.json()).toEqual({ tag_id: ['Please, select tag'] });
    const res = await start(consultant.token, {
      import_id: imp.id,
      mapping: imp.preview.suggested_mapping,
      consultant_id: consultant.id,
      tag_id: tagId,
    });
    expect(res.statusCode, res.body).toBe(200);
    const again = await start(consultant.token, {
      import_id: imp.id,
      mapping: imp.preview.suggested_mapping,
      consultant_id: consultant.id,
      tag_id: tagId,
    });
    expect(again.statusCode).toBe(400);

    const done = await finished(consultant.token, imp.id);
    expect(done).toMatchObject({
      status: 'completed',
      total: 8,
      success: 3,
      skipped: 5,
      warnings_count: 0,
      progress: 100,
    });
    // Each reason says what happened: a repeat inside the file is not an existing user's email.
    expect(done.warnings).toEqual([
      { row: 4, skipped: true, reason: 'Duplicate of line 2 in this file (same email)' },
      { row: 5, skipped: true, reason: 'Email is already taken' },
      { row: 6, skipped: true, reason: 'Please, enter valid email address' },
      { row: 7, skipped: true, reason: 'First name is missing' },
      {
        row: 10,
        skipped: true,
        reason: 'The phone is not a valid number (no country code and no region to read it in)',
      },
    ]);
    const { rows } = await t.pool.query(
      `select u.email::text, u.phone, u.city, u.responsible_id, array_agg(ut.tag_id) as tags, u.path::text = u.id::text as own_root
       from users u join user_tags ut on ut.user_id = u.id
       where u.email like '%@imp.test' or u.phone = '+4930100002' group by u.id order by u.id`,
    );
    // Each imported user is the root of their own (empty) tree.
    expect(rows).toEqual([
      {
        email: 'anna@imp.test',
        phone: '+4930100001',
        city: 'Berlin',
        responsible_id: consultant.id,
        tags: [tagId],
        own_root: true,
      },
      {
        email: 'bernd@imp.test',
        phone: null,
        city: 'Köln',
        responsible_id: consultant.id,
        tags: [tagId],
        own_root: true,
      },
      {
        email: null,
        phone: '+4930100002',
        city: 'Hamburg',
        responsible_id: consultant.id,
        tags: [tagId],
        own_root: true,
      },
    ]);
    // The history has one entry for the whole import, with its counts, not one per row.
    const logged = await t.pool.query(
      `select actor_id, subject_id, kind, details from action_logs where details->>'import_id' = $1
         or subject_id in (select id from users where email like '%@imp.test' or phone = '+4930100002')`,
      [String(imp.id)],
    );
    expect(logged.rows).toEqual([
      {
        actor_id: consultant.id,
        subject_id: consultant.id,
        kind: 'import_completed',
        details: { import_id: imp.id, file_name: 'leads.csv', total: 8, imported: 3, skipped: 5, warnings: 0 },
      },
    ]);
    // Yet each imported person's lead source is the import, with its file: read from the import that made them.
    const anna = (await t.pool.query(`select id from users where email = 'anna@imp.test'`)).rows[0].id as number;
    const details = await api(t, 'POST', '/api/accounts/user/details/', {
      token: consultant.token,
      body: { user_id: anna },
    });
    expect(details.statusCode, details.body).toBe(200);
    expect(details.json().lead_source).toEqual({ kind: 'import', name: 'leads.csv' });
    // And her own history says she was imported from that file, by whom, when the import ended: the
    // import's one entry read as hers (before, only the consultant's history had it), in ru, en and de.
    const [own] = (
      await t.pool.query(`select id, created_at from action_logs where details->>'import_id' = $1`, [String(imp.id)])
    ).rows as { id: string; created_at: Date }[];
    const importer = (
      await t.pool.query(`select first_name || ' ' || last_name as name from users where id = $1`, [consultant.id])
    ).rows[0] as { name: string };
    for (const lang of ['ru', 'en', 'de'] as const) {
      await t.pool.query(`update users set language = $2 where id = $1`, [consultant.id, lang]);
      const hers = await api(t, 'POST', `/api/accounts/user/action_logs/?subject_id=${String(anna)}`, {
        token: consultant.token,
      });
      expect(hers.statusCode, hers.body).toBe(200);
      expect(hers.json()).toMatchObject({ count: 1 });
      expect(hers.json().results).toMatchObject([
        {
          id: Number(own!.id),
          kind: 'user_imported',
          actor: { id: consultant.id },
          subject: { id: anna, first_name: 'Anna', last_name: 'Alpha' },
          created_at: own!.created_at.toISOString(),
          description: translate(lang, 'action_user_imported', {
            actor: importer.name,
            subject: 'Anna Alpha',
            file_name: 'leads.csv',
          }),
        },
      ]);
    }
    // The waiting leads read the same source: given back to the pool, she is an imported lead.
    await t.pool.query(`update users set responsible_id = null, lead_status = 'waiting' where id = $1`, [anna]);
    const waiting = await api(t, 'POST', `/api/team/get_waiting_users/?source=import&id=${String(anna)}`, {
      token: admin,
    });
    expect(waiting.statusCode, waiting.body).toBe(200);
    expect(waiting.json().results).toMatchObject([{ id: anna, source_kind: 'import', source: null }]);
    const history = await api(t, 'POST', `/api/accounts/user/action_logs/?kind=import_completed`, {
      token: consultant.token,
    });
    expect(history.statusCode, history.body).toBe(200);
    const entry = history.json().results.find((e: { data: { import_id?: number } }) => e.data.import_id === imp.id);
    const me = (
      await t.pool.query(`select first_name || ' ' || last_name as name, language from users where id = $1`, [
        consultant.id,
      ])
    ).rows[0];
    expect(entry.description).toBe(
      translate(me.language, 'action_import_completed', {
        actor: me.name,
        subject: me.name,
        file_name: 'leads.csv',
        imported: 3,
        skipped: 5,
        warnings: 0,
      }),
    );
  });

  it('reads Windows-1251 with commas, and re-starting a finished import adds nothing', async () => {
    const text = 'Имя,Фамилия,Email\r\nИван,Петров,ivan@imp.test\r\nОльга,Сидорова,olga@imp.test\r\n';
    const saved = (await upload(admin, 'ru.csv', iconv.encode(text, 'win1251'))).json();
    expect(saved.preview.rows).toEqual([
      ['Иван', 'Петров', 'ivan@imp.test'],
      ['Ольга', 'Сидорова', 'olga@imp.test'],
    ]);
    expect(saved.preview.suggested_mapping).toEqual({ Имя: 'first_name', Фамилия: 'last_name', Email: 'email' });
    const body = {
      import_id: saved.id,
      mapping: saved.preview.suggested_mapping,
      consultant_id: consultant.id,
      tag_id: tagId,
    };
    expect((await start(admin, body)).statusCode).toBe(200);
    expect(await finished(admin, saved.id)).toMatchObject({ success: 2, skipped: 0 });
    // A failed run may be started again; it resumes after its cursor and never repeats a row.
    await t.pool.query(`update user_imports set status = 'failed' where id = $1`, [saved.id]);
    expect((await start(admin, body)).statusCode).toBe(200);
    expect(await finished(admin, saved.id)).toMatchObject({ status: 'completed', success: 2, skipped: 0 });
    expect(
      (await t.pool.query(`select count(*)::int as n from users where email in ('ivan@imp.test', 'olga@imp.test')`))
        .rows[0].n,
    ).toBe(2);
  });

  it('refuses binary files, unknown columns and other consultants’ imports', async () => {
    expect((await upload(admin, 'x.csv', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 1]))).json()).toEqual({
      file: ['The file is not a readable .csv file'],
    });
    expect((await upload(admin, 'x.txt', Buffer.from('a,b\n1,2\n'))).statusCode).toBe(400);
    const saved = (await upload(admin, 'y.csv', Buffer.from('first,last,email\na,b,c@d.ee\n'))).json();
    const bad = await start(admin, {
      import_id: saved.id,
      mapping: { nope: 'email', first: 'first_name', last: 'last_name' },
      consultant_id: consultant.id,
      tag_id: tagId,
    });
    expect(bad.json()).toEqual({ mapping: ['The file has no column nope'] });
    const other = await start(consultant.token, {
      import_id: saved.id,
      mapping: { first: 'first_name', last: 'last_name', email: 'email' },
      consultant_id: consultant.id,
      tag_id: tagId,
    });
    expect(other.statusCode).toBe(403);
    expect((await list(consultant.token)).results.map((r: Json) => r.id)).not.toContain(saved.id);
    const outsider = await makeUser(t, { role: 'consultant' });
    const mine = (await upload(consultant.token, 'z.csv', Buffer.from('first,last,email\na,b,c@d.ee\n'))).json();
    const foreign = await start(consultant.token, {
      import_id: mine.id,
      mapping: { first: 'first_name', last: 'last_name', email: 'email' },
      consultant_id: outsider.id,
      tag_id: tagId,
    });
    expect(foreign.statusCode).toBe(403);
    const member = await makeUser(t);
    expect(
      (await upload(await t.login(member.email, member.password), 'm.csv', Buffer.from('a\n1\n'))).statusCode,
    ).toBe(403);
  });
});
