import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createTestApp, type TestApp } from '../setup/test-app';
import { loadContractModel, type ContractModel, type OperationModel } from '../quality/contract-model';
import { form, PNG } from './payments-support';
import { rng, validValue } from '../quality/generate';
import { t as translate } from '../../src/server/i18n';

/**
 * Numbers, ids and unknown fields (issue 24): integer parameters are plain decimal integers within
 * the contract's bounds, simple-REST filters name only the list's own keys, and a request body with
 * a field the contract does not list is refused, naming the field, with nothing changed.
 */
let t: TestApp;
let model: ContractModel;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  model = await loadContractModel();
  for (const role of ['admin', 'consultant', 'member'] as const) tokens[role] = await t.login(`${role}@demo.atrium`);
});
afterAll(async () => t.close());

/** A token of a role the operation lets in (none for a public one). */
const tokenFor = (op: OperationModel) =>
  op.roles.includes('public')
    ? {}
    : auth(tokens[(['admin', 'consultant', 'member'] as const).find((r) => op.roles.includes(r))!]!);

/**
 * A body the contract accepts, in the operation's first media type (Fastify checks the body before
 * the query string), so the parameters are what is judged.
 */
function someBody(op: OperationModel): { headers: Record<string, string>; payload?: string | Buffer } {
  const type = Object.keys(op.bodies)[0];
  if (!type) return { headers: {} };
  if (type === 'multipart/form-data') {
    const f = form({});
    return { headers: f.headers, payload: f.payload };
  }
  const value = validValue(op.bodies[type], rng(7), model.deref) as Record<string, unknown>;
  if (type === 'application/json') return { headers: { 'content-type': type }, payload: JSON.stringify(value) };
  return {
    headers: { 'content-type': type },
    payload: new URLSearchParams(Object.entries(value).map(([k, v]) => [k, String(v)])).toString(),
  };
}

const integerSchema = (op: OperationModel, name: string) => {
  const s = model.deref(op.parameters.find((p) => p.name === name)!.schema);
  return s.type === 'integer' ? s : undefined;
};

function urlOf(op: OperationModel, path: Record<string, string>, query: Record<string, string>) {
  let url = `/api${op.path}`;
  for (const p of op.parameters.filter((x) => x.in === 'path')) url = url.replace(`{${p.name}}`, path[p.name] ?? '1');
  const qs = Object.entries(query)
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  return qs ? `${url}?${qs}` : url;
}

async function send(op: OperationModel, path: Record<string, string>, query: Record<string, string>) {
  const body = someBody(op);
  return t.app.inject({
    method: op.method as 'GET',
    url: urlOf(op, path, query),
    headers: { ...tokenFor(op), ...body.headers, 'accept-language': 'en' },
    payload: body.payload,
  });
}

// As they appear in the URL (already percent-encoded where the text needs it).
const NOT_PLAIN_INTEGERS = [
  '1e309',
  'Infinity',
  '%2B1',
  '1.0',
  '%201',
  '0x1',
  '01',
  '-0',
  '1e0',
  '1%20',
  '9'.repeat(400),
  '9007199254740993',
];

describe('integer query parameters', () => {
  it('page=1e309 and page_size=1e309 are a 400 naming the parameter on every paged list', async () => {
    const paged = () => model.operations.filter((o) => o.parameters.some((p) => p.in === 'query' && p.name === 'page'));
    expect(paged().length).toBeGreaterThanOrEqual(14);
    const wrong: string[] = [];
    for (const op of paged()) {
      for (const name of ['page', 'page_size']) {
        const res = await send(op, {}, { [name]: '1e309' });
        if (res.statusCode !== 400 || !res.json<Record<string, unknown>>()[name])
          wrong.push(`${op.operationId} ${name}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('every integer query parameter refuses what is not a plain integer, and a value past its bounds', async () => {
    const wrong: string[] = [];
    let checked = 0;
    for (const op of model.operations) {
      for (const p of op.parameters.filter((x) => x.in === 'query' && integerSchema(op, x.name))) {
        const s = integerSchema(op, p.name)!;
        for (const value of [
          ...NOT_PLAIN_INTEGERS,
          String((s.maximum ?? 2147483647) + 1),
          String((s.minimum ?? 0) - 1),
        ]) {
          const res = await send(op, {}, { [p.name]: value });
          checked++;
          if (res.statusCode !== 400 || !res.json<Record<string, unknown>>()[p.name])
            wrong.push(`${op.operationId} ${p.name}=${value}: ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
      }
    }
    expect(checked).toBeGreaterThan(300);
    expect(wrong).toEqual([]);
  });

  it('says what is wrong in the caller language, and a plain integer still works', async () => {
    await t.pool.query(`update users set language = 'en' where email = 'consultant@demo.atrium'`);
    const en = await t.app.inject({
      method: 'GET',
      url: '/api/contacts/?page=1e309',
      headers: { ...auth(tokens.consultant!), 'accept-language': 'en' },
    });
    expect(en.statusCode).toBe(400);
    expect(en.json()).toEqual({ page: ['Enter a whole number.'] });
    await t.pool.query(`update users set language = 'de' where email = 'consultant@demo.atrium'`);
    const de = await t.app.inject({ method: 'GET', url: '/api/contacts/%2B5/', headers: auth(tokens.consultant!) });
    expect(de.json()).toEqual({ id: ['Geben Sie eine ganze Zahl ein.'] });
    await t.pool.query(`update users set language = 'ru' where email = 'consultant@demo.atrium'`);
    const ok = await t.app.inject({
      method: 'GET',
      url: '/api/contacts/?page=1&page_size=5',
      headers: auth(tokens.consultant!),
    });
    expect(ok.statusCode).toBe(200);
  });

  it('integer list parameters (tags, groups) check each item', async () => {
    const op = model.operations.find((o) => o.parameters.some((p) => p.name === 'tags'))!;
    const bad = await send(op, {}, { tags: '0x1' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('tags');
    const mixed = await send(op, {}, { tags: '1&tags=1.0' });
    expect(mixed.statusCode).toBe(400);
  });
});

describe('integer path parameters', () => {
  it('ids written " 1", "+1", "1.0", "0x1" (and the like) are a 400 naming the parameter, on every operation', async () => {
    const wrong: string[] = [];
    let checked = 0;
    for (const op of model.operations) {
      for (const p of op.parameters.filter((x) => x.in === 'path' && integerSchema(op, x.name))) {
        // (A path segment over 100 characters is refused by the router itself, before any parameter is named.)
        for (const value of [...NOT_PLAIN_INTEGERS.filter((v) => v.length <= 100), '2147483648', '0']) {
          const res = await send(op, { [p.name]: value }, {});
          checked++;
          if (res.statusCode !== 400 || !res.json<Record<string, unknown>>()[p.name])
            wrong.push(`${op.operationId} ${p.name}=${value}: ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
      }
    }
    expect(checked).toBeGreaterThan(500);
    expect(wrong).toEqual([]);
  });
});

describe('simple-REST lists', () => {
  const lists = () => model.operations.filter((o) => o.parameters.some((p) => p.in === 'query' && p.name === 'filter'));

  it('a filter key the list does not know (__proto__, constructor, any other) is a 400, on every list', async () => {
    expect(lists().length).toBeGreaterThanOrEqual(10);
    const wrong: string[] = [];
    for (const op of lists()) {
      for (const filter of ['{"__proto__":1}', '{"constructor":1}', '{"toString":"x"}', '{"no_such_field":1}']) {
        const res = await send(op, {}, { filter: encodeURIComponent(filter) });
        if (res.statusCode !== 400 || !res.json<Record<string, unknown>>().filter)
          wrong.push(`${op.operationId} ${filter}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('range and sort are checked the same way; the lists own filters still work', async () => {
    const headers = { ...auth(tokens.admin!), 'accept-language': 'en' };
    const get = (q: string) => t.app.inject({ method: 'GET', url: `/api/admin/news?${q}`, headers });
    for (const range of ['[0,1e309]', '[0]', '[0,1,2]', '[0.5,3]', '["0","3"]', '[0,2147483648]']) {
      const res = await get(`range=${encodeURIComponent(range)}`);
      expect([range, res.statusCode, Object.keys(res.json())]).toEqual([range, 400, ['range']]);
    }
    for (const sort of ['["__proto__","ASC"]', '["id"]', '["id","ASC","x"]', '[["id"],"ASC"]']) {
      const res = await get(`sort=${encodeURIComponent(sort)}`);
      expect([sort, res.statusCode, Object.keys(res.json())]).toEqual([sort, 400, ['sort']]);
    }
    const ok = await get(
      `filter=${encodeURIComponent('{"q":"x","is_important":true,"id":[1,2]}')}&range=${encodeURIComponent('[0,9]')}`,
    );
    expect(ok.statusCode).toBe(200);
    const payments = await t.app.inject({
      method: 'GET',
      url: `/api/staff/payments?filter=${encodeURIComponent('{"state":"paid","manual":true}')}`,
      headers,
    });
    expect(payments.statusCode).toBe(200);
    const outbox = await t.app.inject({
      method: 'GET',
      url: `/api/admin/outbox?filter=${encodeURIComponent('{"q":"x"}')}`,
      headers,
    });
    expect(outbox.statusCode).toBe(200);
  });
});

describe('request bodies with a field the contract does not list', () => {
  const en = (token: string) => ({ ...auth(token), 'accept-language': 'en' });
  // The demo accounts speak Russian, which wins over the header once signed in.
  const UNKNOWN = translate('ru', 'field_unknown');

  it('JSON: an admin content update carrying a read-only or unknown field is refused, naming it, and nothing changes', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/news',
      headers: en(tokens.admin!),
      payload: { title: 'Before', summary: 'x' },
    });
    expect(created.statusCode).toBe(201);
    const news = created.json<{ id: number; title: string }>();
    for (const extra of [
      { id: news.id },
      { created_at: '2020-01-01T00:00:00Z' },
      { bogus: 1 },
      { constructor: 1 },
      { toString: 'x' },
    ]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/admin/news/${news.id}`,
        headers: en(tokens.admin!),
        payload: { title: 'After', ...extra },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ [Object.keys(extra)[0]!]: [UNKNOWN] });
    }
    const after = await t.app.inject({ method: 'GET', url: `/api/admin/news/${news.id}`, headers: en(tokens.admin!) });
    expect(after.json()).toMatchObject({ title: 'Before' });
    // A create (an allOf of the update and its required fields) is closed the same way.
    const create = await t.app.inject({
      method: 'POST',
      url: '/api/admin/news',
      headers: en(tokens.admin!),
      payload: { title: 'New', is_admin: true },
    });
    expect(create.statusCode).toBe(400);
    expect(create.json()).toEqual({ is_admin: [UNKNOWN] });
    expect((await t.pool.query(`select count(*)::int as n from news where title = 'New'`)).rows[0].n).toBe(0);
  });

  it('JSON: nested objects are closed too, and one variant of a oneOf is judged by its own fields', async () => {
    const flow = await t.app.inject({
      method: 'POST',
      url: '/api/user_flows/',
      headers: en(tokens.member!),
      payload: { name: 'F', landing_name: `f${Date.now()}` },
    });
    if (flow.statusCode !== 201) throw new Error(`flow: ${flow.statusCode} ${flow.body}`);
    const id = flow.json<{ id: number }>().id;
    const count = async () =>
      (await t.pool.query(`select count(*)::int as n from landing_elements`)).rows[0].n as number;
    const before = await count();
    const nested = await t.app.inject({
      method: 'POST',
      url: `/api/user_flows/landing_edit/${id}/`,
      headers: en(tokens.member!),
      payload: { type: 'heading', order: 0, content: { text: 'Hi', colour: 'red' } },
    });
    expect(nested.statusCode).toBe(400);
    // Only the heading variant's fields are judged, not every variant's.
    expect(nested.json()).toEqual({ 'content.colour': [UNKNOWN] });
    const noVariant = await t.app.inject({
      method: 'POST',
      url: `/api/user_flows/landing_edit/${id}/`,
      headers: en(tokens.member!),
      payload: { type: 'marquee', order: 0, content: {} },
    });
    expect(noVariant.statusCode).toBe(400);
    expect(Object.keys(noVariant.json())).toEqual(['type']);
    expect(await count()).toBe(before);
    const ok = await t.app.inject({
      method: 'POST',
      url: `/api/user_flows/landing_edit/${id}/`,
      headers: en(tokens.member!),
      payload: { type: 'heading', order: 0, content: { text: 'Hi' } },
    });
    expect(ok.statusCode).toBe(201);
  });

  it('form: a login with an extra field is refused and opens no session', async () => {
    const sessions = async () => (await t.pool.query(`select count(*)::int as n from sessions`)).rows[0].n as number;
    const before = await sessions();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/login/',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en' },
      payload: new URLSearchParams({ username: 'member@demo.atrium', password: 'x', is_superuser: 'true' }).toString(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ is_superuser: ['Unknown field.'] });
    expect(await sessions()).toBe(before);
  });

  it('multipart: a manual donation with an extra part is refused, naming it, and records nothing', async () => {
    const methods = await t.pool.query<{ id: number }>(`select id from payment_methods where code = 'bank_transfer'`);
    const payments = async () => (await t.pool.query(`select count(*)::int as n from payments`)).rows[0].n as number;
    const before = await payments();
    const body = form(
      {
        amount: '10.00',
        payment_method: String(methods.rows[0]!.id),
        payment_datetime: new Date(Date.now() - 3600_000).toISOString(),
        status: 'paid',
      },
      { field: 'check', name: 'c.png', type: 'image/png', content: PNG },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/manual_donation/',
      headers: { ...en(tokens.member!), ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: [UNKNOWN] });
    expect(await payments()).toBe(before);
    // A part named like an Object.prototype member is refused too (@fastify/multipart itself refuses those names).
    for (const name of ['constructor', '__proto__']) {
      const hostile = form({ [name]: 'x', amount: '10.00' });
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/payments/manual_donation/',
        headers: { ...en(tokens.member!), ...hostile.headers },
        payload: hostile.payload,
      });
      expect(refused.statusCode).toBe(400);
    }
    expect(await payments()).toBe(before);
  });

  it('multipart: an admin upload with an extra part before the file is refused', async () => {
    const f = form({ note: 'x' }, { field: 'file', name: 'a.png', type: 'image/png', content: PNG });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/uploads?kind=image',
      headers: { ...en(tokens.admin!), ...f.headers },
      payload: f.payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ note: [UNKNOWN] });
  });

  it('the admin user update takes the password its contract lists, and refuses what it does not', async () => {
    const member = (await t.pool.query<{ id: number }>(`select id from users where email = 'member@demo.atrium'`))
      .rows[0]!.id;
    const bad = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/users/${member}`,
      headers: en(tokens.admin!),
      payload: { first_name: 'M', is_superuser: true },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ is_superuser: [UNKNOWN] });
    const short = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/users/${member}`,
      headers: en(tokens.admin!),
      payload: { password: 'short' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toHaveProperty('password');
  });
});
