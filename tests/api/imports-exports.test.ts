import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogues } from '../../src/server/i18n';
import { mailsTo, waitFor } from '../setup/accounts';
import { api, form, makeTag, makeUser, type Json } from '../setup/admin';
import { createTestApp, type TestApp } from '../setup/test-app';

/**
 * Files shaped like real exports (tests/fixtures/imports/): the mapping the server suggests for each,
 * accepted as it is, imports each file with exact figures; per-import defaults, saved mappings,
 * invitations and deleting an upload never started (issue 29).
 */
let t: TestApp;
let admin: string;
let adminId: number;
let tagId: number;

const FIXTURES = path.join(import.meta.dirname, '../fixtures/imports');
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name));

beforeAll(async () => {
  t = await createTestApp();
  await t.pool.query(`update users set language = 'en', country = 'DE' where email = 'admin@demo.atrium'`);
  admin = await t.login('admin@demo.atrium');
  adminId = (await t.pool.query<{ id: number }>(`select id from users where email = 'admin@demo.atrium'`)).rows[0]!.id;
  tagId = await makeTag(t, 'From exports');
  await makeUser(t, { email: 'existing@gc.test' });
});
afterAll(async () => {
  await t.close();
});

async function upload(name: string, content: Buffer) {
  const body = form([{ name: 'file', filename: name, content, type: 'text/csv' }]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/accounts/import_users/save/',
    ...body,
    headers: { ...body.headers, authorization: `JWT ${admin}`, 'accept-language': 'en' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Json>();
}
const start = (body: Json) => api(t, 'POST', '/api/accounts/import_users/start/', { token: admin, body });
const list = async () => (await api(t, 'POST', '/api/accounts/import_users/list/', { token: admin })).json();
const finished = (id: number) =>
  waitFor(
    async () => {
      const imp = (await list()).results.find((r: Json) => r.id === id);
      return imp?.status === 'completed' || imp?.status === 'failed' ? imp : null;
    },
    `import ${id}`,
    20_000,
  );
const person = async (email: string) =>
  (
    await t.pool.query(
      'select first_name, last_name, phone, country, city, language, time_zone from users where email = $1',
      [email],
    )
  ).rows[0] as Json | undefined;

/** Uploads a fixture, starts it with the suggested mapping untouched, and waits for the end. */
async function importAsSuggested(name: string, extra: Json = {}) {
  const saved = await upload(name, fixture(name));
  const res = await start({
    import_id: saved.id,
    mapping: saved.preview.suggested_mapping,
    consultant_id: adminId,
    tag_id: tagId,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(200);
  return { saved, done: await finished(saved.id) };
}

describe('imports of real exports', () => {
  it('Google Contacts (56 columns): given and family name, not the full name; the first of several emails, with a warning', async () => {
    const { saved, done } = await importAsSuggested('google-contacts.csv');
    expect(saved.preview.columns).toHaveLength(56);
    expect(saved.preview.mapping_saved).toBe(false);
    expect(saved.preview.suggested_mapping).toEqual({
      'Given Name': 'first_name',
      'Family Name': 'last_name',
      'E-mail 1 - Value': 'email',
      'Phone 1 - Value': 'phone',
      'Phone 2 - Value': 'phone_other',
      'Address 1 - Country': 'country',
      'Address 1 - City': 'city',
      Birthday: 'date_birth',
      Language: 'language',
    });
    expect(done).toMatchObject({ status: 'completed', total: 8, success: 4, skipped: 4 });
    expect(await person('boris@gc.test')).toMatchObject({ first_name: 'Boris', last_name: 'Petrov', country: 'RU' });
    expect(await person('boris.home@gc.test')).toBeUndefined();
    expect(done.warnings.map((w: Json) => w.reason)).toContain('The cell held several values: the first one was taken');
    expect(await person('anna.schmidt@gc.test')).toMatchObject({
      city: 'Berlin',
      country: 'DE',
      phone: '+4915123456701',
    });
  });

  it('Outlook: First/Last Name, E-mail Address, Mobile Phone, home city and country; 0/0/00 is no birthday', async () => {
    const { saved, done } = await importAsSuggested('outlook.csv');
    expect(saved.preview.suggested_mapping).toEqual({
      'First Name': 'first_name',
      'Last Name': 'last_name',
      'E-mail Address': 'email',
      'Mobile Phone': 'phone',
      // Every other phone column of Outlook's (faxes and the pager are no phones).
      "Assistant's Phone": 'phone_other',
      'Business Phone': 'phone_other',
      'Business Phone 2': 'phone_other',
      'Car Phone': 'phone_other',
      'Company Main Phone': 'phone_other',
      'Home Phone': 'phone_other',
      'Home Phone 2': 'phone_other',
      'Other Phone': 'phone_other',
      'Primary Phone': 'phone_other',
      'Radio Phone': 'phone_other',
      'TTY/TDD Phone': 'phone_other',
      'Home Country/Region': 'country',
      'Home City': 'city',
      Birthday: 'date_birth',
      Language: 'language',
    });
    expect(done).toMatchObject({ status: 'completed', total: 4, success: 3, skipped: 1 });
    expect(await person('frank.miller@ol.test')).toMatchObject({ country: 'US', city: 'San Francisco' });
  });

  it('HubSpot: Phone Number, Mobile Phone Number and Country/Region', async () => {
    const { saved, done } = await importAsSuggested('hubspot.csv');
    expect(saved.preview.suggested_mapping).toEqual({
      'First Name': 'first_name',
      'Last Name': 'last_name',
      Email: 'email',
      'Phone Number': 'phone',
      'Mobile Phone Number': 'phone_other',
      'Country/Region': 'country',
      City: 'city',
    });
    // Lena's '12ab' is no phone: dropped with a warning, she is imported by her email.
    expect(done).toMatchObject({ status: 'completed', total: 5, success: 4, skipped: 1, warnings_count: 1 });
    expect(await person('jana@hs.test')).toMatchObject({ country: 'PL', phone: '+48512345601' });
    expect(await person('lena@hs.test')).toMatchObject({ phone: null });
    expect(await person('mila@hs.test')).toMatchObject({ country: 'GB', phone: '+447911123456' });
  });

  it('Pipedrive: Person - Name is split (no separate name columns); the settings of the import fill the rest', async () => {
    const { saved, done } = await importAsSuggested('pipedrive.csv', {
      default_country: 'ES',
      language: 'de',
      time_zone: 'Europe/Madrid',
    });
    expect(saved.preview.suggested_mapping).toEqual({
      'Person - Name': 'full_name',
      'Person - Email - Work': 'email',
      'Person - Phone - Mobile': 'phone',
      'Person - Phone - Work': 'phone_other',
    });
    expect(done).toMatchObject({ status: 'completed', total: 4, success: 3, skipped: 1 });
    expect(done).toMatchObject({ default_country: 'ES', language: 'de', time_zone: 'Europe/Madrid' });
    expect(await person('rita@pd.test')).toMatchObject({
      first_name: 'Rita Maria',
      last_name: 'Lopez',
      country: 'ES',
      language: 'de',
      time_zone: 'Europe/Madrid',
    });
    expect(await person('olga@pd.test')).toMatchObject({ first_name: 'Olga', last_name: 'Ivanova' });
  });

  it('keeps a row whose optional field is bad (the field left empty, a warning) and takes the first valid of every phone', async () => {
    const csv = [
      'Given Name,Family Name,Birthday,E-mail 1 - Value,Phone 1 - Value,Phone 2 - Value,Language,Time Zone',
      'Yara,Less,--07-01,yara@gc2.test,,,en,',
      'Multi,Phone,,multi@gc2.test,12 ::: +44 20 7946 0958,,,',
      'Uk,Number,,,+44 7700 900123,,,',
      'Lang,Bad,1990-02-30,lang@gc2.test,,,xx,Mars/Base',
      'Second,Column,,,,+49 151 23456799,,',
    ].join('\n');
    const saved = await upload('optional.csv', Buffer.from(csv, 'utf8'));
    expect(saved.preview.suggested_mapping).toMatchObject({
      'Phone 1 - Value': 'phone',
      'Phone 2 - Value': 'phone_other',
    });
    await start({
      import_id: saved.id,
      mapping: saved.preview.suggested_mapping,
      consultant_id: adminId,
      tag_id: tagId,
    });
    const done = await finished(saved.id);
    expect(done).toMatchObject({ success: 4, skipped: 1, warnings_count: 3 });
    const en = catalogues.en;
    const reasons = Object.fromEntries(done.warnings.map((w: Json) => [w.row, w.reason]));
    expect(reasons).toEqual({
      2: en.import_date_dropped,
      3: en.import_multi_value,
      4: en.import_phone_not_a_number,
      5: [en.import_date_dropped, en.import_language_dropped, en.import_time_zone_dropped].join('; '),
    });
    expect(await person('yara@gc2.test')).toMatchObject({ first_name: 'Yara', language: 'en' });
    expect(await person('multi@gc2.test')).toMatchObject({ phone: '+442079460958' });
    const second = await t.pool.query(`select phone from users where last_name = 'Column' and first_name = 'Second'`);
    expect(second.rows).toEqual([{ phone: '+4915123456799' }]);
  });

  it("maps every phone column of a Google export and loses none: the first valid is the person's phone, the rest a note in their history", async () => {
    const csv = [
      'Given Name,Family Name,E-mail 1 - Value,Phone 1 - Type,Phone 1 - Value,Phone 2 - Type,Phone 2 - Value,Phone 3 - Type,Phone 3 - Value,Fax 1 - Value',
      'Tri,Phone,tri@gc3.test,Mobile,+1 212 555 0150,Work,+1 212 555 0151 ::: +1 212 555 0152,Home,+1 646 555 0153,+1 212 555 0199',
      'Bad,First,bad@gc3.test,Mobile,12ab,Work,,Home,+49 151 23456780,',
    ].join('\n');
    const saved = await upload('three-phones.csv', Buffer.from(csv, 'utf8'));
    expect(saved.preview.suggested_mapping).toEqual({
      'Given Name': 'first_name',
      'Family Name': 'last_name',
      'E-mail 1 - Value': 'email',
      'Phone 1 - Value': 'phone',
      'Phone 2 - Value': 'phone_other',
      'Phone 3 - Value': 'phone_other',
    });
    // Only "other phone" may take several columns.
    const twice = await start({
      import_id: saved.id,
      mapping: { ...saved.preview.suggested_mapping, 'Fax 1 - Value': 'email' },
      consultant_id: adminId,
      tag_id: tagId,
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toEqual({ mapping: [catalogues.en.import_mapping_repeated] });
    const res = await start({
      import_id: saved.id,
      mapping: saved.preview.suggested_mapping,
      consultant_id: adminId,
      tag_id: tagId,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await finished(saved.id)).toMatchObject({ status: 'completed', success: 2, skipped: 0 });
    const notes = async (email: string) =>
      (
        await t.pool.query(
          `select a.details ->> 'text' as text, a.actor_id from action_logs a join users u on u.id = a.subject_id
           where u.email = $1 and a.kind = 'note_added'`,
          [email],
        )
      ).rows;
    const label = catalogues.en.import_other_phones; // the importer's language
    expect(await person('tri@gc3.test')).toMatchObject({ phone: '+12125550150' });
    expect(await notes('tri@gc3.test')).toEqual([
      { text: `${label}: +12125550151, +12125550152, +16465550153`, actor_id: adminId },
    ]);
    // The first column's value is no number: the next valid one is the phone, the bad one is kept as written.
    expect(await person('bad@gc3.test')).toMatchObject({ phone: '+4915123456780' });
    expect(await notes('bad@gc3.test')).toEqual([{ text: `${label}: 12ab`, actor_id: adminId }]);
    // The person page shows the note in the person's history.
    const id = (await t.pool.query(`select id from users where email = 'tri@gc3.test'`)).rows[0].id;
    const history = await api(t, 'POST', `/api/accounts/user/action_logs/?subject_id=${id}`, { token: admin });
    expect(history.statusCode, history.body).toBe(200);
    expect(JSON.stringify(history.json())).toContain('+16465550153');
  });

  it('suggests from Russian and German headers and Atrium’s own field names', async () => {
    const ru = await upload(
      'ru.csv',
      Buffer.from('ФИО;Эл. почта;Мобильный телефон;Город;Страна;Дата рождения\n', 'utf8'),
    );
    expect(ru.preview.suggested_mapping).toEqual({
      ФИО: 'full_name',
      'Эл. почта': 'email',
      'Мобильный телефон': 'phone',
      Город: 'city',
      Страна: 'country',
      'Дата рождения': 'date_birth',
    });
    const de = await upload('de.csv', Buffer.from('Vorname;Nachname;Name;E-Mail-Adresse;Handy;Ort;Land\n', 'utf8'));
    expect(de.preview.suggested_mapping).toEqual({
      Vorname: 'first_name',
      Nachname: 'last_name',
      'E-Mail-Adresse': 'email',
      Handy: 'phone',
      Ort: 'city',
      Land: 'country',
    });
    const own = 'first_name,last_name,email,phone,country,city,date_birth,language,time_zone\n';
    const atrium = await upload('atrium.csv', Buffer.from(own, 'utf8'));
    expect(Object.values(atrium.preview.suggested_mapping)).toEqual(own.trim().split(','));
  });

  it('offers the mapping started for a file with the same header again', async () => {
    const header = 'Who,Mail,Town\nAnn Lee,ann.lee@saved.test,Oslo\n';
    const first = await upload('a.csv', Buffer.from(header, 'utf8'));
    expect(first.preview).toMatchObject({ mapping_saved: false, suggested_mapping: { Mail: 'email', Town: 'city' } });
    const mapping = { Who: 'full_name', Mail: 'email', Town: 'city' };
    const res = await start({ import_id: first.id, mapping, consultant_id: adminId, tag_id: tagId });
    expect(res.statusCode, res.body).toBe(200);
    const again = await upload('b.csv', Buffer.from('Who,Mail,Town\nBo Ek,bo.ek@saved.test,Bergen\n', 'utf8'));
    expect(again.preview).toMatchObject({ mapping_saved: true, suggested_mapping: mapping });
    const other = await upload('c.csv', Buffer.from('Who,Mail\nBo Ek,bo.ek@saved.test\n', 'utf8'));
    expect(other.preview.mapping_saved).toBe(false);
  });

  it('invites the imported people who have an email, each in their language', async () => {
    const csv = 'First Name,Last Name,Email,Language\nUma,Invited,uma@inv.test,de\nVic,Invited,vic@inv.test,\n';
    const saved = await upload('invite.csv', Buffer.from(csv, 'utf8'));
    await start({
      import_id: saved.id,
      mapping: saved.preview.suggested_mapping,
      consultant_id: adminId,
      tag_id: tagId,
      language: 'en',
      send_invitations: true,
    });
    expect(await finished(saved.id)).toMatchObject({ success: 2, send_invitations: true });
    const uma = await waitFor(async () => (await mailsTo(t, 'uma@inv.test'))[0], 'invitation to uma', 15_000);
    const vic = await waitFor(async () => (await mailsTo(t, 'vic@inv.test'))[0], 'invitation to vic', 15_000);
    expect(uma.text).toContain('/set-password/');
    expect(uma.subject).not.toEqual(vic.subject); // German and English
  });

  it('gives people naming no zone or language those of their country or phone; the import settings only where neither tells', async () => {
    const csv =
      'First Name,Last Name,Email,Phone,Country\n' +
      'Wes,Washington,wes@tz.test,+1 202 555 0143,United States\n' +
      'Shu,Shanghai,shu@tz.test,+86 21 6288 0000,\n' +
      'Nia,Nowhere,nia@tz.test,,\n';
    const saved = await upload('zones.csv', Buffer.from(csv, 'utf8'));
    await start({
      import_id: saved.id,
      mapping: saved.preview.suggested_mapping,
      consultant_id: adminId,
      tag_id: tagId,
      language: 'de',
      time_zone: 'Europe/Berlin',
    });
    expect(await finished(saved.id)).toMatchObject({ success: 3 });
    expect(await person('wes@tz.test')).toMatchObject({ time_zone: 'America/New_York', language: 'en' });
    expect(await person('shu@tz.test')).toMatchObject({ time_zone: 'Asia/Shanghai', language: 'de' });
    expect(await person('nia@tz.test')).toMatchObject({ time_zone: 'Europe/Berlin', language: 'de' });
  });

  it('gives an upload never started back with its preview, so it can be continued; to its creator or an admin only', async () => {
    const saved = await upload(
      'later.csv',
      Buffer.from('First Name,Last Name,Email\nAnn,Later,ann@later.test\n', 'utf8'),
    );
    const again = await api(t, 'GET', `/api/accounts/import_users/${saved.id}/`, { token: admin });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({
      id: saved.id,
      status: 'uploaded',
      file_name: 'later.csv',
      preview: saved.preview,
    });
    const c = await makeUser(t, { role: 'consultant' });
    const other = await api(t, 'GET', `/api/accounts/import_users/${saved.id}/`, {
      token: await t.login(c.email, c.password),
    });
    expect(other.statusCode).toBe(403);
    const none = await api(t, 'GET', '/api/accounts/import_users/999999/', { token: admin });
    expect(none.statusCode).toBe(404);
    // Continued, it starts as one just uploaded would.
    const res = await start({
      import_id: saved.id,
      mapping: again.json().preview.suggested_mapping,
      consultant_id: adminId,
      tag_id: tagId,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await finished(saved.id)).toMatchObject({ success: 1 });
  });

  it('deletes an upload never started, and only that', async () => {
    const saved = await upload('gone.csv', Buffer.from('Email\nx@gone.test\n', 'utf8'));
    const del = await api(t, 'DELETE', `/api/accounts/import_users/${saved.id}/`, { token: admin });
    expect(del.statusCode, del.body).toBe(200);
    expect((await list()).results.some((r: Json) => r.id === saved.id)).toBe(false);
    const again = await api(t, 'DELETE', `/api/accounts/import_users/${saved.id}/`, { token: admin });
    expect(again.statusCode).toBe(404);
    const started = (await list()).results.find((r: Json) => r.status === 'completed');
    const refused = await api(t, 'DELETE', `/api/accounts/import_users/${started.id}/`, { token: admin });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().non_field_errors).toEqual(['Only an import not yet started can be deleted']);
  });
});
