import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogues } from '../../src/server/i18n';
import { makeMember, waitFor } from '../setup/accounts';
import { api, form, makeTag, makeUser, type Json } from '../setup/admin';
import { addElement, leadForm, makeFlow } from '../setup/flows';
import { createTestApp, type TestApp } from '../setup/test-app';

/**
 * A person's time zone comes from where they come from (issue 26): the browser at registration, the
 * visitor's browser on a landing form (else the landing owner's), the import's setting (else the
 * importer's), the creating staff member or admin; never a fixed default. An unknown zone is a 400.
 */
let t: TestApp;
let admin: string;
let consultant: { id: number; token: string };
let tagId: number;
const en = catalogues.en;
const de = catalogues.de;

beforeAll(async () => {
  t = await createTestApp();
  await t.pool.query(
    `update users set language = 'en', time_zone = 'America/Sao_Paulo' where email = 'admin@demo.atrium'`,
  );
  admin = await t.login('admin@demo.atrium');
  const c = await makeUser(t, { role: 'consultant' });
  await t.pool.query(`update users set time_zone = 'Australia/Perth' where id = $1`, [c.id]);
  consultant = { id: c.id, token: await t.login(c.email, c.password) };
  tagId = await makeTag(t, 'Zones');
});
afterAll(async () => {
  await t.close();
});

const zoneOf = async (where: string, value: string | number) =>
  (await t.pool.query<{ time_zone: string }>(`select time_zone from users where ${where} = $1`, [value])).rows[0]
    ?.time_zone;

describe('registration', () => {
  const register = (body: Json, lang = 'en') =>
    api(t, 'POST', '/api/accounts/register/', {
      body: { password: 'long-enough-1', first_name: 'Z', last_name: 'One', ...body },
      headers: { 'accept-language': lang },
    });

  it("stores the browser's zone sent with the form", async () => {
    const res = await register({ email: 'tokyo@tz.test', time_zone: 'Asia/Tokyo' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await zoneOf('email', 'tokyo@tz.test')).toBe('Asia/Tokyo');
  });

  it('refuses an unknown zone in the caller’s language; a form without one (the seed’s clients) gets its language’s', async () => {
    const bad = await register({ email: 'mars@tz.test', time_zone: 'Mars/Olympus' }, 'de');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ time_zone: [de.time_zone_invalid] });
    expect(await zoneOf('email', 'mars@tz.test')).toBeUndefined();
    const none = await register({ email: 'nowhere@tz.test' }, 'de');
    expect(none.statusCode, none.body).toBe(200);
    expect(await zoneOf('email', 'nowhere@tz.test')).toBe('Europe/Berlin');
  });
});

describe('landing form', () => {
  let landing: string;
  let ownerId: number;
  beforeAll(async () => {
    const m = await makeMember(t);
    ownerId = m.id;
    await t.pool.query(`update users set time_zone = 'Africa/Nairobi' where id = $1`, [m.id]);
    const token = await t.login(m.email, m.password);
    const flow = await makeFlow(t, token, { is_published: true });
    await addElement(t, token, flow.id, leadForm());
    landing = flow.landing_name as string;
  });
  const page = () => t.app.inject({ method: 'GET', url: `/l/${landing}`, headers: { 'accept-language': 'en' } });
  const formToken = async () => /name="form_token" value="([^"]+)"/.exec((await page()).body)?.[1] ?? '';
  const signup = (body: Json, ip: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/landings/${landing}/signup/`,
      payload: body,
      remoteAddress: ip,
      headers: { 'accept-language': 'en' },
    });

  it("has a hidden time-zone field the page's script fills from the browser", async () => {
    const html = (await page()).body;
    expect(html).toContain('<input type="hidden" name="time_zone" value="">');
    expect(html).toContain('resolvedOptions().timeZone');
  });

  it("stores the visitor's zone; without one the landing owner's; an unknown one is a 400", async () => {
    const form_token = await formToken();
    const sent = await signup(
      { first_name: 'V', email: 'visitor@tz.test', time_zone: 'Pacific/Auckland', form_token },
      '198.51.100.201',
    );
    expect(sent.statusCode, sent.body).toBe(201);
    expect(await zoneOf('email', 'visitor@tz.test')).toBe('Pacific/Auckland');
    const none = await signup({ first_name: 'N', email: 'nojs@tz.test', time_zone: '', form_token }, '198.51.100.202');
    expect(none.statusCode, none.body).toBe(201);
    expect(await zoneOf('email', 'nojs@tz.test')).toBe(await zoneOf('id', ownerId));
    const bad = await signup(
      { first_name: 'B', email: 'bad@tz.test', time_zone: 'Nowhere/Land', form_token },
      '198.51.100.203',
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ time_zone: [en.time_zone_invalid] });
    expect(await zoneOf('email', 'bad@tz.test')).toBeUndefined();
  });
});

describe('import', () => {
  async function upload(csv: string) {
    const body = form([{ name: 'file', filename: 'zones.csv', content: Buffer.from(csv, 'utf8'), type: 'text/csv' }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/import_users/save/',
      ...body,
      headers: { ...body.headers, authorization: `JWT ${consultant.token}`, 'accept-language': 'en' },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Json>();
  }
  const start = (imp: Json, extra: Json = {}) =>
    api(t, 'POST', '/api/accounts/import_users/start/', {
      token: consultant.token,
      body: {
        import_id: imp.id,
        mapping: imp.preview.suggested_mapping,
        consultant_id: consultant.id,
        tag_id: tagId,
        ...extra,
      },
    });
  const done = (id: number) =>
    waitFor(
      async () => {
        const list = (await api(t, 'POST', '/api/accounts/import_users/list/', { token: consultant.token })).json();
        const imp = list.results.find((r: Json) => r.id === id);
        return imp?.status === 'completed' ? imp : null;
      },
      `import ${id}`,
      20_000,
    );

  it("gives people the zone chosen on the import (a row's own zone wins); refuses an unknown one", async () => {
    const imp = await upload(
      'first_name,last_name,email,time_zone\nIda,Imp,ida@tz.test,\nOla,Own,ola@tz.test,Europe/Oslo\n',
    );
    const bad = await start(imp, { time_zone: 'Atlantis/Capital' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ time_zone: [en.time_zone_invalid] });
    const res = await start(imp, { time_zone: 'Asia/Kolkata' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ time_zone: 'Asia/Kolkata' });
    await done(imp.id);
    expect(await zoneOf('email', 'ida@tz.test')).toBe('Asia/Kolkata');
    expect(await zoneOf('email', 'ola@tz.test')).toBe('Europe/Oslo');
  });

  it("without a choice, the importer's zone", async () => {
    const imp = await upload('first_name,last_name,email\nPia,Plain,pia@tz.test\n');
    expect((await start(imp)).statusCode).toBe(200);
    await done(imp.id);
    expect(await zoneOf('email', 'pia@tz.test')).toBe('Australia/Perth');
  });
});

describe('people and events made by staff', () => {
  const lead = (body: Json) =>
    api(t, 'POST', '/api/accounts/user/create_lead_user/', {
      token: consultant.token,
      body: { first_name: 'L', last_name: 'Lead', tag_id: tagId, consultant_id: consultant.id, ...body },
    });

  it("a lead gets the creator's zone unless given; an unknown one is a 400", async () => {
    expect((await lead({ email: 'mine@tz.test' })).statusCode).toBe(201);
    expect(await zoneOf('email', 'mine@tz.test')).toBe('Australia/Perth');
    expect((await lead({ email: 'given@tz.test', time_zone: 'America/Denver' })).statusCode).toBe(201);
    expect(await zoneOf('email', 'given@tz.test')).toBe('America/Denver');
    const bad = await lead({ email: 'badlead@tz.test', time_zone: 'Moon/Base' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ time_zone: [en.time_zone_invalid] });
  });

  it("an admin's user and event get the admin's zone unless given", async () => {
    const user = await api(t, 'POST', '/api/v1/users/', {
      token: admin,
      body: { first_name: 'A', last_name: 'Made', email: 'made@tz.test', role: 'member' },
    });
    expect(user.statusCode, user.body).toBe(201);
    expect(await zoneOf('email', 'made@tz.test')).toBe('America/Sao_Paulo');
    const ev = await api(t, 'POST', '/api/admin/events', {
      token: admin,
      body: { title: 'Zoned', starts_at: '2030-01-01T10:00:00Z' },
    });
    expect(ev.statusCode, ev.body).toBe(201);
    expect(ev.json()).toMatchObject({ time_zone: 'America/Sao_Paulo' });
  });
});

describe('the database', () => {
  it('has no fixed zone of its own: a row that names none is refused', async () => {
    await expect(
      t.pool.query(`insert into users (first_name, promo_code) values ('Zoneless', 'ZONELESS1')`),
    ).rejects.toThrow(/time_zone/);
    await expect(t.pool.query(`insert into events (title, starts_at) values ('Zoneless', now())`)).rejects.toThrow(
      /time_zone/,
    );
    const defaults = await t.pool.query<{ table_name: string; column_default: string | null }>(
      `select table_name, column_default from information_schema.columns
        where column_name = 'time_zone' and table_name in ('users', 'events') order by table_name`,
    );
    expect(defaults.rows).toEqual([
      { table_name: 'events', column_default: null },
      { table_name: 'users', column_default: null },
    ]);
  });
});
