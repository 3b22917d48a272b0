import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogues } from '../../src/server/i18n';
import { makeMember } from '../setup/accounts';
import { addElement, heading, landingName, leadForm, makeFlow, multipartFields } from '../setup/flows';
import { api, type Json } from '../setup/learning';
import { auth, createTestApp, type TestApp } from '../setup/test-app';
import { conversion } from '../../src/server/services/flows/stats';

let t: TestApp;
let member: string;
let other: string;
let consultant: string;
let admin: string;
const en = catalogues.en;

beforeAll(async () => {
  t = await createTestApp();
  const [a, b] = await Promise.all([makeMember(t), makeMember(t)]);
  // The consultant is responsible for the member: flows still stay the owner's own.
  await t.pool.query(
    `update users set responsible_id = (select id from users where email = 'consultant@demo.atrium') where id = $1`,
    [a.id],
  );
  await t.pool.query(`update users set language = 'en' where email in ('consultant@demo.atrium', 'admin@demo.atrium')`);
  [member, other, consultant, admin] = await Promise.all([
    t.login(a.email, a.password),
    t.login(b.email, b.password),
    t.login('consultant@demo.atrium'),
    t.login('admin@demo.atrium'),
  ]);
});
afterAll(async () => {
  await t.close();
});

const elements = async (token: string, id: number) => {
  const res = await api(t, 'GET', `/api/user_flows/landing_edit/${id}/`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Json>();
};

describe('flows CRUD', () => {
  it('creates a draft, lists it with zero stats, renames, publishes and deletes it', async () => {
    const name = landingName('crud');
    const flow = await makeFlow(t, member, { name: '  Spring  ', landing_name: name });
    expect(flow).toMatchObject({
      name: 'Spring',
      landing_name: name,
      is_published: false,
      stats: { views: 0, signups: 0, conversion: 0 },
    });
    expect(flow.landing_url).toBe(`${t.config.publicUrl}/l/${name}`);
    const list = (await api(t, 'GET', '/api/user_flows/', { token: member })).json<Json[]>();
    expect(list.map((f) => f.id)).toContain(flow.id);
    expect((await api(t, 'GET', '/api/user_flows/', { token: other })).json()).toEqual([]);

    const put = await api(t, 'PUT', `/api/user_flows/${flow.id}/`, {
      token: member,
      body: { name: 'Summer', landing_name: `${name}-x`, is_published: true },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ name: 'Summer', landing_name: `${name}-x`, is_published: true });

    const del = await api(t, 'DELETE', `/api/user_flows/${flow.id}/`, { token: member });
    expect(del.json()).toEqual({ detail: en.deleted });
    expect(
      (await api(t, 'GET', '/api/user_flows/', { token: member })).json().some((f: Json) => f.id === flow.id),
    ).toBe(false);
    // The address is free again.
    await makeFlow(t, other, { landing_name: `${name}-x` });
  });

  it('lists each flow as its write answers it, the conversion written by PostgreSQL as conversion() computes it', async () => {
    const flow = await makeFlow(t, member, { name: 'Totals' });
    const put = (
      await api(t, 'PUT', `/api/user_flows/${flow.id}/`, {
        token: member,
        body: { name: 'Totals', landing_name: flow.landing_name, is_published: true },
      })
    ).json();
    const totals = [
      [0, 0],
      [3, 1],
      [7, 2],
      [8, 1],
      [6, 1],
      [200_000, 1],
      [1, 5],
      [2_000_000_000, 1_999_999_999],
    ];
    for (const [views, signups] of totals) {
      await t.pool.query('update flows set views_total = $2, signups_total = $3 where id = $1', [
        flow.id,
        views,
        signups,
      ]);
      const listed = (await api(t, 'GET', '/api/user_flows/', { token: member }))
        .json<Json[]>()
        .find((f) => f.id === flow.id);
      expect(listed).toEqual({
        ...put,
        stats: { views, signups, conversion: conversion({ views: views!, signups: signups! }) },
      });
      const stats = (await api(t, 'GET', `/api/user_flows/stats/${flow.id}/?days=3`, { token: member })).json();
      expect(stats).toMatchObject({ views, signups, conversion: conversion({ views: views!, signups: signups! }) });
      expect(stats.days.map((d: Json) => d.day)).toHaveLength(3);
    }
  });

  it('refuses a taken, malformed or empty name with field messages and changes nothing', async () => {
    const flow = await makeFlow(t, member);
    const taken = await api(t, 'POST', '/api/user_flows/', {
      token: other,
      body: { name: 'Copy', landing_name: flow.landing_name },
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ landing_name: [en.landing_name_taken] });
    const bad = await api(t, 'POST', '/api/user_flows/', {
      token: other,
      body: { name: 'X', landing_name: 'Bad Name!' },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(['landing_name']);
    const empty = await api(t, 'PUT', `/api/user_flows/${flow.id}/`, {
      token: member,
      body: { name: '   ', landing_name: flow.landing_name, is_published: true },
    });
    expect(empty.json()).toEqual({ name: [en.field_empty] });
    const { rows } = await t.pool.query('select name, is_published from flows where id = $1', [flow.id]);
    expect(rows[0]).toEqual({ name: 'My funnel', is_published: false });
  });

  it('checks a landing name while typing: free, taken, own, invalid', async () => {
    const flow = await makeFlow(t, member);
    const check = async (token: string, body: Json) =>
      (await api(t, 'POST', '/api/user_flows/landing_edit/check_unique_name/', { token, body })).json();
    expect(await check(other, { name: landingName('free') })).toEqual({ matches: false, error: null });
    expect(await check(other, { name: flow.landing_name })).toEqual({ matches: true, error: en.landing_name_taken });
    expect(await check(member, { name: flow.landing_name, flow_id: flow.id })).toEqual({ matches: false, error: null });
    expect(await check(member, { name: 'No' })).toEqual({ matches: true, error: en.landing_name_invalid });
    // When the check itself fails (here: its table is briefly unavailable), the answer is matches=true with the generic text.
    await t.pool.query('alter table flows rename to flows_away');
    try {
      expect(await check(member, { name: landingName('any') })).toEqual({
        matches: true,
        error: en.landing_name_check_failed,
      });
    } finally {
      await t.pool.query('alter table flows_away rename to flows');
    }
    // Naming someone else's flow does not make its name free.
    expect(await check(other, { name: flow.landing_name, flow_id: flow.id })).toEqual({
      matches: true,
      error: en.landing_name_taken,
    });
  });

  it('keeps the names of the app and those that look official from members, on create, rename and the check', async () => {
    const check = async (body: Json) =>
      (await api(t, 'POST', '/api/user_flows/landing_edit/check_unique_name/', { token: member, body })).json();
    const before = (await t.pool.query('select count(*)::int n from flows')).rows[0].n;
    for (const name of ['admin', 'api', 'login', 'support', 'healthz', 'atrium', 'atrium-help']) {
      const created = await api(t, 'POST', '/api/user_flows/', {
        token: member,
        body: { name: 'Official', landing_name: name },
      });
      expect(created.statusCode, name).toBe(400);
      expect(created.json(), name).toEqual({ landing_name: [en.landing_name_reserved] });
      expect(await check({ name }), name).toEqual({ matches: true, error: en.landing_name_reserved });
      // Case does not help: the check compares lowercased (the contract's pattern refuses capitals on save).
      expect(await check({ name: name.toUpperCase() }), name).toMatchObject({ matches: true });
    }
    expect((await t.pool.query('select count(*)::int n from flows')).rows[0].n).toBe(before);
    // Not even an admin, for someone else's flow.
    const flow = await makeFlow(t, member);
    for (const [token, landing_name] of [
      [member, 'logout'],
      [admin, 'help'],
    ] as const) {
      const renamed = await api(t, 'PUT', `/api/user_flows/${flow.id}/`, {
        token,
        body: { name: 'Mine', landing_name, is_published: true },
      });
      expect(renamed.json(), landing_name).toEqual({ landing_name: [en.landing_name_reserved] });
    }
    expect(
      (await t.pool.query('select landing_name, is_published from flows where id = $1', [flow.id])).rows[0],
    ).toEqual({ landing_name: flow.landing_name, is_published: false });
    // A flow named so before names were reserved keeps its name through edits (and its own check).
    await t.pool.query(`update flows set landing_name = 'docs' where id = $1`, [flow.id]);
    const kept = await api(t, 'PUT', `/api/user_flows/${flow.id}/`, {
      token: member,
      body: { name: 'Renamed', landing_name: 'docs', is_published: true },
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(await check({ name: 'docs', flow_id: flow.id })).toEqual({ matches: false, error: null });
    // Names that merely contain a reserved word stay free.
    expect(await check({ name: landingName('admin-course') })).toEqual({ matches: false, error: null });
  });
});

describe('landing elements', () => {
  it('adds at a position, reorders, edits and deletes, keeping positions dense', async () => {
    const flow = await makeFlow(t, member);
    await addElement(t, member, flow.id, heading('A'));
    await addElement(t, member, flow.id, heading('B'));
    let res = await addElement(t, member, flow.id, heading('C', 0));
    expect(res.elements.map((e: Json) => [e.content.text, e.order])).toEqual([
      ['C', 0],
      ['A', 1],
      ['B', 2],
    ]);
    const c = res.elements[0];
    const moved = await api(t, 'PUT', `/api/user_flows/landing_edit/${flow.id}/${c.id}/`, {
      token: member,
      body: { type: 'heading', order: 2, content: { text: 'C2', level: 2 } },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().elements.map((e: Json) => [e.content.text, e.order])).toEqual([
      ['A', 0],
      ['B', 1],
      ['C2', 2],
    ]);
    const a = moved.json().elements[0];
    const del = await api(t, 'DELETE', `/api/user_flows/landing_edit/${flow.id}/${a.id}/`, { token: member });
    expect(del.json()).toEqual({ detail: en.deleted });
    res = await elements(member, flow.id);
    expect(res.elements.map((e: Json) => [e.content.text, e.order])).toEqual([
      ['B', 0],
      ['C2', 1],
    ]);
    expect(res.can_add_elements).toBe(true);
  });

  it('allows one lead form, needs email or phone in it, and stops at 50 elements', async () => {
    const flow = await makeFlow(t, member);
    const noContact = await api(t, 'POST', `/api/user_flows/landing_edit/${flow.id}/`, {
      token: member,
      body: leadForm(0, [{ name: 'city', required: true }]),
    });
    expect(noContact.json()).toEqual({ 'content.fields': [en.landing_form_needs_contact] });
    await addElement(t, member, flow.id, leadForm());
    const second = await api(t, 'POST', `/api/user_flows/landing_edit/${flow.id}/`, {
      token: member,
      body: leadForm(),
    });
    expect(second.json()).toEqual({ type: [en.landing_one_form] });
    await t.pool.query(
      `insert into landing_elements (flow_id, type, position, content) select $1, 'heading', g, '{"text":"x","level":1}' from generate_series(1, 49) g`,
      [flow.id],
    );
    expect((await elements(member, flow.id)).can_add_elements).toBe(false);
    const full = await api(t, 'POST', `/api/user_flows/landing_edit/${flow.id}/`, {
      token: member,
      body: heading('too many'),
    });
    expect(full.statusCode).toBe(400);
    expect(full.json()).toEqual({ non_field_errors: [en.landing_elements_limit.replace('{limit}', '50')] });
  });

  it('sanitises rich text and refuses unsafe links, foreign images and unknown video hosts', async () => {
    const flow = await makeFlow(t, member);
    const res = await addElement(t, member, flow.id, {
      type: 'text',
      order: 0,
      content: {
        html: '<p onclick="x()">Hi <img src=x onerror=alert(1)><a href="javascript:alert(1)">js</a> <a href="https://ok.example/">ok</a><script>alert(2)</script></p>',
      },
    });
    const html = res.elements[0].content.html as string;
    expect(html).not.toMatch(/onerror|onclick|javascript:|<script|<img/i);
    expect(html).toBe(
      '<p>Hi <a rel="noopener noreferrer nofollow">js</a> <a rel="noopener noreferrer nofollow" href="https://ok.example/">ok</a></p>',
    );
    const bad = async (body: Json) =>
      (await api(t, 'POST', `/api/user_flows/landing_edit/${flow.id}/`, { token: member, body })).json();
    expect(await bad({ type: 'button', order: 1, content: { label: 'Go', link: 'javascript:alert(1)' } })).toEqual({
      'content.link': [en.landing_url_invalid],
    });
    expect(await bad({ type: 'image', order: 1, content: { image: 'https://evil.example/x.png' } })).toEqual({
      'content.image': [en.landing_image_invalid],
    });
    expect(await bad({ type: 'video', order: 1, content: { url: 'https://evil.example/v' } })).toEqual({
      'content.url': [en.landing_video_invalid],
    });
    expect(await bad({ type: 'text', order: 1, content: { html: '<script>only()</script>' } })).toEqual({
      'content.html': [en.field_empty],
    });
    expect((await elements(member, flow.id)).elements).toHaveLength(1);
    // A content key the contract does not list is refused, naming it, and nothing is stored.
    expect(await bad({ type: 'heading', order: 1, content: { text: ' x ', extra: '<script>' } })).toEqual({
      'content.extra': [en.field_unknown],
    });
    expect((await elements(member, flow.id)).elements).toHaveLength(1);
  });

  it('stores an uploaded image and refuses a file that is not one', async () => {
    const flow = await makeFlow(t, member);
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const up = multipartFields(
      { type: 'image', order: '0', alt: 'A square', caption: 'Blue' },
      { field: 'image', name: 'sq.png', content: png, type: 'image/png' },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/user_flows/landing_edit/${flow.id}/`,
      payload: up.payload,
      headers: { ...up.headers, ...auth(member), 'accept-language': 'en' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const img = res.json().elements[0];
    expect(img).toMatchObject({ type: 'image', order: 0, content: { alt: 'A square', caption: 'Blue', link: null } });
    expect(img.content.image).toMatch(/^\/media\/images\/[\w-]+\.png$/);
    expect((await t.app.inject({ method: 'GET', url: img.content.image })).statusCode).toBe(200);

    const fake = multipartFields(
      { type: 'image', order: '0' },
      { field: 'image', name: 'x.png', content: Buffer.from('<svg onload=alert(1)>'), type: 'image/png' },
    );
    const refused = await t.app.inject({
      method: 'PUT',
      url: `/api/user_flows/landing_edit/${flow.id}/${img.id}/`,
      payload: fake.payload,
      headers: { ...fake.headers, ...auth(member), 'accept-language': 'en' },
    });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json())).toEqual(['image']);
    expect((await elements(member, flow.id)).elements[0].content.image).toBe(img.content.image);
  });
});

describe('object permissions: every flows operation', () => {
  it('another member and a consultant (even responsible for the owner) get 404 and change nothing; an admin may act', async () => {
    const flow = await makeFlow(t, member, { is_published: true });
    const {
      elements: [el],
    } = await addElement(t, member, flow.id, heading('Mine'));
    const ops: Array<[string, string, Json | undefined]> = [
      ['PUT', `/api/user_flows/${flow.id}/`, { name: 'Stolen', landing_name: flow.landing_name, is_published: false }],
      ['DELETE', `/api/user_flows/${flow.id}/`, undefined],
      ['GET', `/api/user_flows/stats/${flow.id}/`, undefined],
      ['GET', `/api/user_flows/landing_edit/${flow.id}/`, undefined],
      ['POST', `/api/user_flows/landing_edit/${flow.id}/`, heading('Injected', 0)],
      ['PUT', `/api/user_flows/landing_edit/${flow.id}/${el.id}/`, heading('Changed', 0)],
      ['DELETE', `/api/user_flows/landing_edit/${flow.id}/${el.id}/`, undefined],
    ];
    for (const token of [other, consultant]) {
      for (const [method, url, body] of ops) {
        const res = await api(t, method as 'GET', url, { token, body });
        expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(404);
      }
      const list = (await api(t, 'GET', '/api/user_flows/', { token })).json<Json[]>();
      expect(list.some((f) => f.id === flow.id)).toBe(false);
    }
    // An element id of another flow is not reachable through one's own flow either.
    const mine = await makeFlow(t, other);
    const cross = await api(t, 'PUT', `/api/user_flows/landing_edit/${mine.id}/${el.id}/`, {
      token: other,
      body: heading('x', 0),
    });
    expect(cross.statusCode).toBe(404);
    const after = await elements(member, flow.id);
    expect(after.elements.map((e: Json) => e.content.text)).toEqual(['Mine']);
    const { rows } = await t.pool.query('select name, is_published from flows where id = $1', [flow.id]);
    expect(rows[0]).toEqual({ name: 'My funnel', is_published: true });

    // Admins moderate: unpublishing someone's page is allowed and goes into the action history.
    const mod = await api(t, 'PUT', `/api/user_flows/${flow.id}/`, {
      token: admin,
      body: { name: 'My funnel', landing_name: flow.landing_name, is_published: false },
    });
    expect(mod.statusCode, mod.body).toBe(200);
    const log = await t.pool.query(
      `select kind, details from action_logs where kind = 'flow_update' and (details->>'flow_id')::int = $1`,
      [flow.id],
    );
    expect(log.rows).toHaveLength(1);
  });

  it('anonymous callers get 401 on every non-public operation', async () => {
    for (const [method, url] of [
      ['GET', '/api/user_flows/'],
      ['POST', '/api/user_flows/'],
      ['GET', '/api/user_flows/landing_edit/1/'],
      ['POST', '/api/user_flows/landing_edit/check_unique_name/'],
      ['GET', '/api/user_flows/stats/1/'],
    ] as const) {
      expect((await api(t, method, url, { body: method === 'POST' ? {} : undefined })).statusCode, url).toBe(401);
    }
  });
});
