import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../setup/accounts';
import { api, form, makeTag, makeUser, type Json } from '../setup/admin';
import { createTestApp, type TestApp } from '../setup/test-app';

/**
 * Issue 29: every data line of a file ends as imported, skipped with its reason, or imported with its
 * warnings (success + skipped = total, blank lines not counted); a malformed line is skipped on its
 * own and the lines after it are read as usual; the skipped rows download as a CSV with reasons.
 * The files are in tests/fixtures/imports/.
 */
const FIXTURES = path.join(import.meta.dirname, '../fixtures/imports');

let t: TestApp;
let admin: string;
let consultant: number;
let tagId: number;

beforeAll(async () => {
  t = await createTestApp();
  await t.pool.query(`update users set language = 'en' where email = 'admin@demo.atrium'`);
  admin = await t.login('admin@demo.atrium');
  consultant = (await makeUser(t, { role: 'consultant' })).id;
  tagId = await makeTag(t, 'Counted');
  await makeUser(t, { email: 'existing@messy.test' });
  await makeUser(t, { email: 'existing-cp@imp.test' });
});
afterAll(async () => {
  await t.close();
});

async function importFile(name: string, mapping: Record<string, string>, defaultRegion: string) {
  const body = form([
    { name: 'file', filename: name, content: readFileSync(path.join(FIXTURES, name)), type: 'text/csv' },
  ]);
  const saved = await t.app.inject({
    method: 'POST',
    url: '/api/accounts/import_users/save/',
    ...body,
    headers: { ...body.headers, authorization: `JWT ${admin}` },
  });
  expect(saved.statusCode, saved.body).toBe(201);
  const imp = saved.json();
  const started = await api(t, 'POST', '/api/accounts/import_users/start/', {
    token: admin,
    body: { import_id: imp.id, mapping, consultant_id: consultant, tag_id: tagId, default_region: defaultRegion },
  });
  expect(started.statusCode, started.body).toBe(200);
  const done = await waitFor(
    async () => {
      const list = (await api(t, 'POST', '/api/accounts/import_users/list/', { token: admin })).json();
      const found = list.results.find((r: Json) => r.id === imp.id);
      return found?.status === 'completed' || found?.status === 'failed' ? found : null;
    },
    `import ${imp.id}`,
    30_000,
  );
  return { saved: imp, done };
}

async function rejected(id: number) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/accounts/import_users/${id}/rejected/`,
    headers: { authorization: `JWT ${admin}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(res.headers['content-disposition']).toBe(`attachment; filename="rejected-rows-${id}.csv"`);
  return res.rawPayload;
}

const emailsLike = async (pattern: string) =>
  (await t.pool.query(`select email::text from users where email like $1 order by email`, [pattern])).rows.map(
    (r: { email: string }) => r.email,
  );

describe('honest import counts', () => {
  it('a messy UTF-8 file (BOM, CRLF, unclosed quote, blank lines, extra columns): every line accounted for', async () => {
    const { saved, done } = await importFile(
      'messy-utf8-bom-crlf.csv',
      { first_name: 'first_name', last_name: 'last_name', email: 'email', phone: 'phone', city: 'city' },
      'DE',
    );
    // 18 lines after the header: 3 blank, line 15 is the second line of line 14's quoted field.
    expect(saved.total).toBe(15);
    expect(done).toMatchObject({ status: 'completed', total: 15, success: 7, skipped: 8, warnings_count: 1 });
    expect(Number(done.success) + Number(done.skipped)).toBe(done.total);
    expect(done.warnings).toEqual([
      { row: 3, skipped: true, reason: 'Malformed line: a quote is not closed' },
      { row: 7, skipped: true, reason: 'Malformed line: 7 fields where the header has 5' },
      { row: 9, skipped: true, reason: 'Malformed line: 2 fields where the header has 5' },
      { row: 10, skipped: true, reason: 'Duplicate of line 2 in this file (same email)' },
      { row: 11, skipped: true, reason: 'Email is already taken' },
      { row: 12, skipped: true, reason: 'Please, enter valid email address' },
      { row: 13, skipped: true, reason: 'The phone is not a valid number for the region DE' },
      { row: 17, skipped: true, reason: 'Duplicate of line 2 in this file (same phone)' },
      {
        row: 18,
        skipped: false,
        reason: "The phone had no country code: its country was assumed (the import's region)",
      },
    ]);
    // The lines after the malformed one are imported; the quoted field over two lines is one value.
    expect(await emailsLike('%@messy.test')).toEqual([
      'anna@messy.test',
      'cara@messy.test',
      'dirk@messy.test',
      'existing@messy.test',
      'finn@messy.test',
      'lea@messy.test',
      'olga@messy.test',
    ]);
    const lea = (await t.pool.query(`select last_name, city from users where email = 'lea@messy.test'`)).rows[0] as {
      last_name: string;
      city: string;
    };
    expect(lea).toEqual({ last_name: 'My, "Quoted" Name', city: 'Line one\nLine two' });
    expect((await t.pool.query(`select count(*)::int as n from users where phone = '+4930100003'`)).rows[0].n).toBe(1);

    const csv = await rejected(done.id);
    expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(csv.subarray(3).toString('utf8').split('\r\n')).toEqual([
      'Line,Reason,first_name,last_name,email,phone,city',
      '3,Malformed line: a quote is not closed,Bert,"Beta,bert@messy.test,+49 30 100 002,Köln"',
      '7,Malformed line: 7 fields where the header has 5,Emma,Epsilon,emma@messy.test,,Hamburg,extra,more',
      '9,Malformed line: 2 fields where the header has 5,Gus,Eta',
      '10,Duplicate of line 2 in this file (same email),Hana,Theta,ANNA@messy.test,,Kiel',
      '11,Email is already taken,Ida,Iota,existing@messy.test,,Ulm',
      '12,"Please, enter valid email address",Jan,Kappa,not-an-email,,',
      '13,The phone is not a valid number for the region DE,Kai,Lambda,,12ab,',
      '17,Duplicate of line 2 in this file (same phone),Nora,Xi,nora@messy.test,+49 30 100 001,Trier',
      '',
    ]);
  });

  it('an Excel file (Windows-1251, semicolons, a row of separators only): exact figures and reasons', async () => {
    const { saved, done } = await importFile(
      'excel-cp1251-semicolon.csv',
      {
        Имя: 'first_name',
        Фамилия: 'last_name',
        'Электронная почта': 'email',
        Телефон: 'phone',
        Город: 'city',
        Страна: 'country',
      },
      'RU',
    );
    expect(saved.total).toBe(10);
    // Sergey's '12345' is no phone: left empty beside his email, with a warning (#40 finding 13).
    expect(done).toMatchObject({ status: 'completed', total: 10, success: 6, skipped: 4, warnings_count: 3 });
    expect(done.warnings).toEqual([
      { row: 4, skipped: true, reason: 'Neither email nor phone is filled in' },
      { row: 5, skipped: true, reason: 'First name is missing' },
      { row: 6, skipped: true, reason: 'Duplicate of line 2 in this file (same email)' },
      { row: 7, skipped: false, reason: 'The phone is not a valid number: left empty (the email is kept)' },
      {
        row: 10,
        skipped: false,
        reason: "The phone had no country code: its country was assumed (the import's region)",
      },
      { row: 11, skipped: true, reason: 'Email is already taken' },
      { row: 12, skipped: false, reason: 'Unknown country, left empty' },
    ]);
    expect(await emailsLike('%@cp.test')).toEqual([
      'dmitry@cp.test',
      'ivan.petrov@cp.test',
      'klim@cp.test',
      'maria@cp.test',
      'olga@cp.test',
      'sergey@cp.test',
    ]);
    // Excel gets the file's own separator back, in UTF-8 with a byte order mark.
    const csv = (await rejected(done.id)).toString('utf8');
    expect(csv.split('\r\n')).toEqual([
      '\ufeffLine;Reason;Имя;Фамилия;Электронная почта;Телефон;Город;Страна',
      '4;Neither email nor phone is filled in;Пётр;Иванов;;;Тверь;Россия',
      '5;First name is missing;;Кузнецова;anna.k@cp.test;;;Россия',
      '6;Duplicate of line 2 in this file (same email);Анна;Смирнова;IVAN.PETROV@cp.test;;;',
      '11;Email is already taken;Елена;Морозова;existing-cp@imp.test;;;',
      '',
    ]);
  });

  it("gives the rejected rows only to the import's creator or an admin", async () => {
    const other = await makeUser(t, { role: 'consultant' });
    const token = await t.login(other.email, other.password);
    const { rows } = await t.pool.query<{ id: number }>(`select id from user_imports order by id limit 1`);
    const id = rows[0]!.id;
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/accounts/import_users/${id}/rejected/`,
      headers: { authorization: `JWT ${token}` },
    });
    expect(res.statusCode).toBe(403);
    const missing = await t.app.inject({
      method: 'GET',
      url: `/api/accounts/import_users/999999/rejected/`,
      headers: { authorization: `JWT ${admin}` },
    });
    expect(missing.statusCode).toBe(404);
  });
});
