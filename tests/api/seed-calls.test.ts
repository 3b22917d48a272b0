import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { clock } from '../../src/server/clock';
import { issueBotLoginToken } from '../../src/server/services/accounts';
import { call, mailsTo, makeMember, tokenOf, waitFor, type Json } from '../setup/accounts';
import { form } from '../setup/admin';
import { makeEmployee, makeLead } from '../setup/staff';
import { png } from '../setup/images';
import { sandboxDecide } from './payments-support';
import { createTestApp, type TestApp } from '../setup/test-app';

/**
 * The seed's calls as the seed's clients send them (PRODUCT-SPEC.md's call list): fields the contract
 * added later are optional, and fields those clients send that the contract does not need are accepted.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const zoneOf = async (email: string) =>
  (await t.pool.query<{ time_zone: string }>('select time_zone from users where email = $1', [email])).rows[0]
    ?.time_zone;

describe('POST accounts/register/ without time_zone', () => {
  for (const [language, zone] of [
    ['ru', 'Europe/Moscow'],
    ['de', 'Europe/Berlin'],
    ['en', 'UTC'],
  ] as const) {
    it(`registers a ${language} newcomer in ${zone}`, async () => {
      const email = `seed-${language}-${String(Date.now())}@test.atrium`;
      const res = await call(t, 'POST', '/api/accounts/register/', {
        body: { email, password: 'seed-password-1', first_name: 'Sid', last_name: 'Seed' },
        headers: { 'accept-language': language },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(await zoneOf(email)).toBe(zone);
    });
  }

  it('still takes the browser zone when it is sent, and refuses a zone that does not exist', async () => {
    const email = `seed-tz-${String(Date.now())}@test.atrium`;
    const body = { email, password: 'seed-password-1', first_name: 'Sid', last_name: 'Seed' };
    const bad = await call(t, 'POST', '/api/accounts/register/', { body: { ...body, time_zone: 'Mars/Olympus' } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json<Json>())).toEqual(['time_zone']);
    const ok = await call(t, 'POST', '/api/accounts/register/', { body: { ...body, time_zone: 'Asia/Tokyo' } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await zoneOf(email)).toBe('Asia/Tokyo');
  });
});

describe('POST subscription/package_purchase/ with the period the package was picked under', () => {
  it('buys with the package’s own period, and refuses another period on that field', async () => {
    const m = await makeMember(t);
    const token = await t.login(m.email, m.password);
    const packages = (await call(t, 'POST', '/api/subscription/packages/', { token, body: {} })).json<Json[]>();
    const pkg = packages[0] as { id: number; period: { id: number } };
    const other = (
      await t.pool.query<{ id: number }>('select id from subscription_periods where id <> $1', [pkg.period.id])
    ).rows[0]!.id;
    const wrong = await call(t, 'POST', '/api/subscription/package_purchase/', {
      token,
      body: { package: pkg.id, period: other },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ period: ['This package is not sold for that period'] });
    const buy = await call(t, 'POST', '/api/subscription/package_purchase/', {
      token,
      body: { package: pkg.id, period: pkg.period.id },
    });
    expect(buy.statusCode, buy.body).toBe(200);
    expect(buy.json<Json>().payment_url).toEqual(expect.any(String));
  });
});

/**
 * Every call of PRODUCT-SPEC.md §7, "METHOD path" under the API base (a `{query}` suffix there is a
 * query string, so not part of the path). The replay below must name each of them, once.
 */
const SPEC_CALLS = `
POST /accounts/login/
POST /token-auth-bot/
POST /accounts/register/
GET /accounts/me/
PUT /accounts/me/
POST /accounts/me/
POST /menu/check_access/
GET /menu/main/
GET /menu/dropdown/
GET /accounts/admin_reg_link/
POST /accounts/google_auth/connect/
POST /accounts/google_auth/disconnect/
POST /accounts/set_language/
POST /password_reset/
POST /password_reset/confirm/
GET /v1/users/
POST /v1/users/
PUT /v1/users/{id}
GET /books/new/
GET /books/list/
GET /books/view/{id}/
POST /books/purchase/
GET /navigator/categories/list/
GET /navigator/lesson/free/list/
POST /navigator/lesson/list/
GET /navigator/lesson/view/{id}/
POST /navigator/lesson/view/{id}/
GET /navigator/comments/
GET /navigator/comments/{id}/
POST /navigator/comments/
GET /navigator/lessons/dashboard/
GET /news/important/
GET /news/view/{id}
GET /news/list
GET /events/nearest/
GET /events/view/{id}/
POST /subscription/periods/
POST /subscription/packages/
POST /subscription/package_purchase/
GET /subscription/info/
POST /subscription/info/
POST /payments/donation/
POST /payments/manual_donation/
POST /payments/get_payment_methods/
GET /team/get_children/
GET /team/get_children/{pk}/
POST /team/get_my_structure_users/
GET /team/get_my_structure_users/choices/
POST /team/contact/get_donations/
POST /team/contact/get_completed_tasks/
POST /team/get_waiting_users/
POST /team/reject_responsible_user/
GET /contacts/status/
GET /contacts/category
POST /contacts/category
PUT /contacts/category/{id}/
DELETE /contacts/category/{id}/
GET /contacts/
POST /contacts/
PUT /contacts/{id}/
GET /user_flows/
POST /user_flows/
PUT /user_flows/{id}/
DELETE /user_flows/{id}/
GET /user_flows/landing_edit/{id}/
POST /user_flows/landing_edit/{id}/
PUT /user_flows/landing_edit/{id}/{elementId}/
DELETE /user_flows/landing_edit/{id}/{elementId}/
POST /user_flows/landing_edit/check_unique_name/
POST /landings/validate_email/
POST /landings/validate_phone/
POST /accounts/dashboard/statistics/
POST /accounts/dashboard/statistics_by_countries/
POST /accounts/dashboard/staff_statistics/
POST /user_tasks/list/
POST /user_tasks/create/
POST /user_tasks/create_new_lead_task/
POST /user_tasks/update/
GET /user_tasks/get_users_to_link/
POST /accounts/user/update_work_times/
POST /accounts/user/details/
POST /accounts/user/action_logs/
POST /accounts/user/block_unblock_user/
POST /accounts/user/remove_user/
POST /accounts/user/consultant_settings/
POST /accounts/user/create_lead_user/
POST /accounts/user/create_partner_user/
POST /accounts/user/get_partner_details/
POST /accounts/user/update_settings/
POST /accounts/user/give_away_user/
POST /accounts/manager/give_away_user/
GET /accounts/tags_groups/
GET /accounts/user/reset_credentials/
POST /accounts/user/reset_credentials/
PUT /accounts/user/reset_credentials/
GET /tickets/tickets_choices/
POST /tickets/create/
POST /tickets/consultant/list/
POST /tickets/consultant/detail/
POST /tickets/consultant/update_ticket/
POST /tickets/consultant/reject_ticket/
POST /tickets/consultant/create_ticket/
POST /chatbot_telegram/send_msg_through_chatbot/
GET /configs/get_all_configs/
GET /pages/footer_links/
POST /accounts/import_users/list/
POST /accounts/import_users/save/
POST /accounts/import_users/start/
`
  .trim()
  .split('\n');

/** How the seed's client sends a call: a JSON body, a form (login, bot login) or multipart (files). */
type Send = {
  token?: string;
  query?: Record<string, string | number>;
  json?: unknown;
  form?: Record<string, string>;
  multipart?: ReturnType<typeof form>;
};

function send(method: string, path: string, s: Send = {}): Promise<LightMyRequestResponse> {
  const qs = s.query
    ? `?${new URLSearchParams(Object.entries(s.query).map(([k, v]) => [k, String(v)])).toString()}`
    : '';
  const headers: Record<string, string> = { 'accept-language': 'en' };
  if (s.token) headers.authorization = `JWT ${s.token}`;
  let payload: InjectOptions['payload'];
  if (s.form) {
    payload = new URLSearchParams(s.form).toString();
    headers['content-type'] = 'application/x-www-form-urlencoded';
  } else if (s.multipart) {
    payload = s.multipart.payload;
    Object.assign(headers, s.multipart.headers);
  } else if (s.json !== undefined) payload = s.json as InjectOptions['payload'];
  return t.app.inject({ method: method as 'GET', url: `/api${path}${qs}`, headers, payload });
}

describe('the replay of every call in the spec, as its clients send it', () => {
  const replayed = new Map<string, number>();
  /** One call: `template` names it as the spec does; the answer must be `want` (any 2xx by default). */
  async function replay(template: string, url: string, s: Send = {}, want?: number): Promise<Json> {
    const res = await send(template.slice(0, template.indexOf(' ')), url, s);
    replayed.set(template, res.statusCode);
    if (want === undefined) expect(res.statusCode, `${template}: ${res.body}`).toBeLessThan(300);
    else expect(res.statusCode, `${template}: ${res.body}`).toBe(want);
    return res.body ? res.json<Json>() : {};
  }

  let member: string;
  let consultant: string;
  let admin: string;
  const ids = { member: 0, consultant: 0, admin: 0 };

  beforeAll(async () => {
    const idOf = async (email: string) =>
      (await t.pool.query<{ id: number }>('select id from users where email = $1', [email])).rows[0]!.id;
    ids.member = await idOf('member@demo.atrium');
    ids.consultant = await idOf('consultant@demo.atrium');
    ids.admin = await idOf('admin@demo.atrium');
    member = await t.login('member@demo.atrium');
    consultant = await t.login('consultant@demo.atrium');
    admin = await t.login('admin@demo.atrium');
  });

  it('auth and profile', async () => {
    const login = await replay('POST /accounts/login/', '/accounts/login/', {
      form: { username: 'member@demo.atrium', password: 'demo-password' },
    });
    expect(login.token).toEqual(expect.any(String));
    const bot = await issueBotLoginToken(t.app.ctx, ids.member);
    expect((await replay('POST /token-auth-bot/', '/token-auth-bot/', { form: { token: bot.token } })).token).toEqual(
      expect.any(String),
    );
    await replay('POST /accounts/register/', '/accounts/register/', {
      json: {
        email: `replay-${Date.now()}@test.atrium`,
        password: 'replay-password-1',
        first_name: 'Rita',
        last_name: 'Replay',
        phone: '+49 30 1234 5678',
        promo: (await t.pool.query<{ promo_code: string }>('select promo_code from users where id = $1', [ids.admin]))
          .rows[0]!.promo_code,
      },
    });

    const fresh = await makeMember(t);
    const token = await t.login(fresh.email, fresh.password);
    await replay('GET /accounts/me/', '/accounts/me/', { token });
    await replay('PUT /accounts/me/', '/accounts/me/', {
      token,
      json: { first_name: 'Fresh', last_name: 'Member', city: 'Berlin', country: 'DE', date_birth: '1990-09-09' },
    });
    await replay('POST /accounts/me/', '/accounts/me/', {
      token,
      multipart: form([{ name: 'avatar', filename: 'me.png', content: png(4, 4), type: 'image/png' }]),
    });
    expect(
      await replay('POST /menu/check_access/', '/menu/check_access/', { token, json: { path: '/staff/tasks' } }),
    ).toEqual({
      exists: true,
      allow: false,
    });
    await replay('GET /menu/main/', '/menu/main/', { token });
    await replay('GET /menu/dropdown/', '/menu/dropdown/', { token });
    await replay('GET /accounts/admin_reg_link/', '/accounts/admin_reg_link/');
    const started = await replay('POST /accounts/google_auth/connect/', '/accounts/google_auth/connect/', {
      token,
      json: { password: fresh.password },
    });
    const secret = started.secret as string;
    await replay('POST /accounts/google_auth/connect/', '/accounts/google_auth/connect/', {
      token,
      json: { code: await generate({ secret, epoch: Math.floor(clock.now().getTime() / 1000) }) },
    });
    clock.advance(31_000);
    try {
      await replay('POST /accounts/google_auth/disconnect/', '/accounts/google_auth/disconnect/', {
        token,
        json: { code: await generate({ secret, epoch: Math.floor(clock.now().getTime() / 1000) }) },
      });
    } finally {
      clock.reset();
    }
    await replay('POST /accounts/set_language/', '/accounts/set_language/', { token, json: { language: 'de' } });
    await replay('POST /password_reset/', '/password_reset/', { json: { email: fresh.email } });
    const mail = await waitFor(
      async () => (await mailsTo(t, fresh.email)).find((m) => m.text.includes('/password-reset/')),
      'the reset mail',
    );
    const resetToken = tokenOf(mail.text, /password-reset\/([^\s/?#]+)/);
    await replay('POST /password_reset/confirm/', '/password_reset/confirm/', {
      json: { password: 'brand-new-password-2', token: resetToken },
    });
  });
  it('users, books, lessons, news and events', async () => {
    await replay('GET /v1/users/', '/v1/users/', { token: consultant });
    const created = await replay('POST /v1/users/', '/v1/users/', {
      token: admin,
      json: { first_name: 'Uma', last_name: 'User', role: 'member', email: `uma-${Date.now()}@test.atrium` },
    });
    await replay('PUT /v1/users/{id}', `/v1/users/${created.id}`, { token: admin, json: { city: 'Hamburg' } });

    const m = await makeMember(t);
    const token = await t.login(m.email, m.password);
    await replay('GET /books/new/', '/books/new/', { token });
    const books = await replay('GET /books/list/', '/books/list/', { token });
    const book = (books.results ?? books)[0] as Json;
    await replay('GET /books/view/{id}/', `/books/view/${book.id}/`, { token });
    const paid = (await t.pool.query<{ id: number }>('select id from books where price_cents > 0 order by id limit 1'))
      .rows[0]!.id;
    await replay('POST /books/purchase/', '/books/purchase/', { token, json: { book: paid } });

    const categories = await replay('GET /navigator/categories/list/', '/navigator/categories/list/', { token });
    const category = ((categories.results ?? categories) as Json[])[0]!;
    await replay('GET /navigator/lesson/free/list/', '/navigator/lesson/free/list/', { token });
    await replay('POST /navigator/lesson/list/', '/navigator/lesson/list/', { token, json: { category: category.id } });
    const free = (await t.pool.query<{ id: number }>('select id from lessons where is_free order by id limit 1'))
      .rows[0]!.id;
    await replay('GET /navigator/lesson/view/{id}/', `/navigator/lesson/view/${free}/`, { token });
    await replay('POST /navigator/lesson/view/{id}/', `/navigator/lesson/view/${free}/`, { token, json: { time: 30 } });
    const comment = await replay('POST /navigator/comments/', '/navigator/comments/', {
      token,
      json: { text: 'Thank you!', lesson: free },
    });
    await replay('GET /navigator/comments/', '/navigator/comments/', { token, query: { lesson: free } });
    await replay('GET /navigator/comments/{id}/', `/navigator/comments/${comment.id}/`, { token });
    await replay('GET /navigator/lessons/dashboard/', '/navigator/lessons/dashboard/', { token });

    await replay('GET /news/important/', '/news/important/', { token });
    const news = await replay('GET /news/list', '/news/list', { token });
    await replay('GET /news/view/{id}', `/news/view/${(news.results as Json[])[0]!.id}`, { token });
    const events = await replay('GET /events/nearest/', '/events/nearest/', { token });
    await replay('GET /events/view/{id}/', `/events/view/${((events.results ?? events) as Json[])[0]!.id}/`, {
      token,
    });
  });

  it('subscription and payments', async () => {
    const m = await makeMember(t);
    const token = await t.login(m.email, m.password);
    const periods = await replay('POST /subscription/periods/', '/subscription/periods/', { token });
    const period = ((periods.results ?? periods) as Json[])[0]!;
    const packages = await replay('POST /subscription/packages/', '/subscription/packages/', {
      token,
      json: { period: period.id },
    });
    const pkg = ((packages.results ?? packages) as Json[])[0]!;
    const purchase = await replay('POST /subscription/package_purchase/', '/subscription/package_purchase/', {
      token,
      json: { package: pkg.id, period: pkg.period.id },
    });
    await sandboxDecide(t, purchase.payment_url as string);
    await replay('GET /subscription/info/', '/subscription/info/', { token });
    await replay('POST /subscription/info/', '/subscription/info/', { token, json: { auto_pay: false } });
    const methods = (await replay('POST /payments/get_payment_methods/', '/payments/get_payment_methods/', {
      token,
    })) as unknown as Json[];
    const online = methods.find((x) => x.kind === 'online')!;
    const manual = methods.find((x) => x.kind === 'manual')!;
    await replay('POST /payments/donation/', '/payments/donation/', {
      token,
      json: { amount: '10', payment_method: online.id },
    });
    await replay('POST /payments/donation/', '/payments/donation/', {
      token,
      multipart: form([
        { name: 'amount', value: '5' },
        { name: 'payment_method', value: String(online.id) },
      ]),
    });
    await replay('POST /payments/manual_donation/', '/payments/manual_donation/', {
      token,
      multipart: form([
        { name: 'amount', value: '20' },
        { name: 'payment_method', value: String(manual.id) },
        { name: 'payment_datetime', value: new Date(Date.now() - 3600_000).toISOString() },
        { name: 'check', filename: 'check.png', content: png(8, 8), type: 'image/png' },
      ]),
    });
  });

  it('team and contacts', async () => {
    await replay('GET /team/get_children/', '/team/get_children/', { token: member });
    await replay('GET /team/get_children/{pk}/', `/team/get_children/${ids.member}/`, { token: consultant });
    await replay('POST /team/get_my_structure_users/', '/team/get_my_structure_users/', {
      token: consultant,
      query: { page: 1, search: 'a' },
      json: { status: 'active' },
    });
    await replay('GET /team/get_my_structure_users/choices/', '/team/get_my_structure_users/choices/', {
      token: consultant,
      query: { search: 'a' },
    });
    await replay('POST /team/contact/get_donations/', '/team/contact/get_donations/', {
      token: consultant,
      query: { page: 1 },
      json: { user_id: ids.member },
    });
    await replay('POST /team/contact/get_completed_tasks/', '/team/contact/get_completed_tasks/', {
      token: consultant,
      json: { user_id: ids.member },
    });
    await replay('POST /team/get_waiting_users/', '/team/get_waiting_users/', {
      token: consultant,
      query: { page: 1 },
    });
    const lead = await makeLead(t, { responsibleId: ids.consultant, status: 'processing' });
    await replay('POST /team/reject_responsible_user/', '/team/reject_responsible_user/', {
      token: consultant,
      json: { user_id: lead },
    });

    const token = member;
    await replay('GET /contacts/status/', '/contacts/status/', { token });
    await replay('GET /contacts/category', '/contacts/category', { token });
    const category = await replay('POST /contacts/category', '/contacts/category', {
      token,
      json: { name: 'Friends' },
    });
    await replay('PUT /contacts/category/{id}/', `/contacts/category/${category.id}/`, {
      token,
      json: { name: 'Old friends' },
    });
    // The seed's list asks with its defaults: no category (0) and no status (0).
    await replay('GET /contacts/', '/contacts/', { token, query: { search: '', category: 0, status: 0 } });
    const contact = await replay('POST /contacts/', '/contacts/', {
      token,
      json: {
        first_name: 'Carla',
        last_name: 'Contact',
        phone: '+49 30 5555 0101',
        email: 'carla@contact.test',
        city: 'Berlin',
        notes: 'Met at the summer meet-up',
        categories: [category.id],
      },
    });
    await replay('PUT /contacts/{id}/', `/contacts/${contact.id}/`, {
      token,
      json: { first_name: 'Carla', last_name: 'Contact', notes: 'Called back' },
    });
    await replay('DELETE /contacts/category/{id}/', `/contacts/category/${category.id}/`, { token });
  });

  it('flows and landings', async () => {
    const m = await makeMember(t);
    const token = await t.login(m.email, m.password);
    const landing = `replay-${Date.now().toString(36)}`;
    await replay('POST /user_flows/landing_edit/check_unique_name/', '/user_flows/landing_edit/check_unique_name/', {
      token,
      json: { name: landing },
    });
    const flow = await replay('POST /user_flows/', '/user_flows/', {
      token,
      json: { name: 'Replay funnel', landing_name: landing },
    });
    await replay('GET /user_flows/', '/user_flows/', { token });
    await replay('PUT /user_flows/{id}/', `/user_flows/${flow.id}/`, {
      token,
      json: { name: 'Replay funnel', landing_name: landing, is_published: true },
    });
    await replay('GET /user_flows/landing_edit/{id}/', `/user_flows/landing_edit/${flow.id}/`, { token });
    const afterHeading = await replay('POST /user_flows/landing_edit/{id}/', `/user_flows/landing_edit/${flow.id}/`, {
      token,
      json: { type: 'heading', order: 1, content: { text: 'Welcome', level: 1 } },
    });
    const afterForm = await replay('POST /user_flows/landing_edit/{id}/', `/user_flows/landing_edit/${flow.id}/`, {
      token,
      json: {
        type: 'lead_form',
        order: 2,
        content: {
          title: 'Join us',
          fields: [
            { name: 'first_name', required: true },
            { name: 'email', required: true },
            { name: 'phone', required: false },
          ],
          button_label: 'Join',
          success_message: 'Welcome aboard!',
        },
      },
    });
    // Adding answers the landing's elements, in order.
    const heading = (afterHeading.elements as Json[])[0]!;
    expect((afterForm.elements as Json[]).map((e) => e.type)).toEqual(['heading', 'lead_form']);
    await replay(
      'PUT /user_flows/landing_edit/{id}/{elementId}/',
      `/user_flows/landing_edit/${flow.id}/${heading.id}/`,
      { token, json: { type: 'heading', order: 1, content: { text: 'Hello', level: 1 } } },
    );
    // The public landing page hands its form a token; the checks are asked with it.
    const page = await t.app.inject({ method: 'GET', url: `/l/${landing}` });
    const formToken = /name="form_token" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
    await replay('POST /landings/validate_email/', '/landings/validate_email/', {
      json: { email: 'new-visitor@landing.test', landing_name: landing, form_token: formToken },
    });
    await replay('POST /landings/validate_phone/', '/landings/validate_phone/', {
      json: { phone: '+49 30 5555 0199', landing_name: landing, form_token: formToken },
    });
    await replay(
      'DELETE /user_flows/landing_edit/{id}/{elementId}/',
      `/user_flows/landing_edit/${flow.id}/${heading.id}/`,
      { token },
    );
    await replay('DELETE /user_flows/{id}/', `/user_flows/${flow.id}/`, { token });
  });

  it('staff: statistics, tasks and people', async () => {
    const token = consultant;
    for (const op of ['statistics', 'statistics_by_countries', 'staff_statistics'])
      await replay(`POST /accounts/dashboard/${op}/`, `/accounts/dashboard/${op}/`, {
        token,
        json: { period: 'today' },
      });
    const lead = await makeLead(t, { responsibleId: ids.consultant, status: 'processing' });
    await replay('GET /user_tasks/get_users_to_link/', '/user_tasks/get_users_to_link/', {
      token,
      query: { search: 'Lead' },
    });
    const task = await replay('POST /user_tasks/create/', '/user_tasks/create/', {
      token,
      json: { type: 'call', start_in: 'now', description: 'First call', linked_user_id: lead },
    });
    await replay('POST /user_tasks/create_new_lead_task/', '/user_tasks/create_new_lead_task/', {
      token,
      json: {
        first_name: 'Nina',
        last_name: 'New',
        phone: '+49 30 5555 0202',
        type: 'meet',
        start_in: '15',
        description: 'Meet the new lead',
      },
    });
    await replay('POST /user_tasks/list/', '/user_tasks/list/', { token, query: { tab: 'today', page: 1 } });
    await replay('POST /user_tasks/update/', '/user_tasks/update/', {
      token,
      json: { task_id: task.id ?? task.task?.id, action: 'complete', result: 'Reached, will call again' },
    });

    await replay('POST /accounts/user/update_work_times/', '/accounts/user/update_work_times/', {
      token,
      json: {
        user_id: ids.consultant,
        work_times: ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'].map((weekday, i) => ({
          weekday,
          time_from: i < 5 ? '09:00' : null,
          time_to: i < 5 ? '18:00' : null,
          is_day_off: i >= 5,
        })),
      },
    });
    await replay('POST /accounts/user/details/', '/accounts/user/details/', { token, json: { user_id: lead } });
    await replay('POST /accounts/user/action_logs/', '/accounts/user/action_logs/', {
      token,
      query: { page: 1, subject_id: lead },
    });
    const tags = await replay('GET /accounts/tags_groups/', '/accounts/tags_groups/', { token });
    const tagId = (tags.tags as Json[])[0]!.id as number;
    await replay('POST /accounts/user/update_settings/', '/accounts/user/update_settings/', {
      token,
      json: { user_id: lead, tags: [tagId] },
    });
    await replay('POST /accounts/user/block_unblock_user/', '/accounts/user/block_unblock_user/', {
      token,
      json: { user_id: lead, block: true },
    });
    await replay('POST /accounts/user/consultant_settings/', '/accounts/user/consultant_settings/', {
      token: admin,
      json: { user_id: ids.consultant, daily_limit: 25, rating: 3 },
    });
    await replay('POST /accounts/user/create_lead_user/', '/accounts/user/create_lead_user/', {
      token,
      json: {
        first_name: 'Lea',
        last_name: 'Lead',
        email: `lea-${Date.now()}@lead.test`,
        tag_id: tagId,
        consultant_id: ids.consultant,
      },
    });
    const partner = await replay('POST /accounts/user/create_partner_user/', '/accounts/user/create_partner_user/', {
      token,
      multipart: form([
        { name: 'first_name', value: 'Paul' },
        { name: 'last_name', value: 'Partner' },
        { name: 'email', value: `paul-${Date.now()}@partner.test` },
        { name: 'tag_id', value: String(tagId) },
        { name: 'consultant_id', value: String(ids.consultant) },
        { name: 'company', value: 'Paul & Co' },
      ]),
    });
    await replay('POST /accounts/user/get_partner_details/', '/accounts/user/get_partner_details/', {
      token,
      json: { user_id: partner.partner.user_id },
    });

    const colleague = await makeEmployee(t, { referrerId: ids.consultant });
    const handed = await makeLead(t, { responsibleId: ids.consultant, status: 'processing' });
    await replay('POST /accounts/user/give_away_user/', '/accounts/user/give_away_user/', {
      token,
      json: { user_id: handed, consultant_id: colleague.id },
    });
    await replay('POST /accounts/manager/give_away_user/', '/accounts/manager/give_away_user/', {
      token: admin,
      json: { from_consultant_id: colleague.id, to_consultant_id: ids.consultant },
    });
    const removed = await makeLead(t, { responsibleId: ids.consultant, status: 'processing' });
    await replay('POST /accounts/user/remove_user/', '/accounts/user/remove_user/', {
      token: admin,
      json: { user_id: removed, hand_over_to: ids.consultant },
    });

    const m = await makeMember(t, { responsibleId: ids.consultant });
    const link = await replay('GET /accounts/user/reset_credentials/', '/accounts/user/reset_credentials/', {
      token,
      query: { user_id: m.id },
    });
    const resetToken = tokenOf(link.link as string, /reset-credentials\/([^/?#]+)/);
    await replay('POST /accounts/user/reset_credentials/', '/accounts/user/reset_credentials/', {
      json: { token: resetToken },
    });
    await replay('PUT /accounts/user/reset_credentials/', '/accounts/user/reset_credentials/', {
      json: { token: resetToken, password: 'reset-password-3' },
    });
  });

  it('tickets, the bot, configs and imports', async () => {
    const m = await makeMember(t, { responsibleId: ids.consultant });
    const token = await t.login(m.email, m.password);
    await replay('GET /tickets/tickets_choices/', '/tickets/tickets_choices/', { token });
    const ticket = await replay('POST /tickets/create/', '/tickets/create/', {
      token,
      json: { type: 'question', subject: 'Where is my lesson?', message: 'I cannot find lesson 3.' },
    });
    await replay('POST /tickets/consultant/list/', '/tickets/consultant/list/', {
      token: consultant,
      query: { page: 1, status: 'new' },
    });
    await replay('POST /tickets/consultant/detail/', '/tickets/consultant/detail/', {
      token: consultant,
      json: { ticket_id: ticket.id },
    });
    await replay('POST /tickets/consultant/update_ticket/', '/tickets/consultant/update_ticket/', {
      token: consultant,
      json: { ticket_id: ticket.id, action: 'take' },
    });
    await replay('POST /tickets/consultant/reject_ticket/', '/tickets/consultant/reject_ticket/', {
      token: consultant,
      json: { ticket_id: ticket.id, reason: 'Not my area' },
    });
    await replay('POST /tickets/consultant/create_ticket/', '/tickets/consultant/create_ticket/', {
      token: consultant,
      json: { user_id: m.id, type: 'payment', subject: 'Your payment', message: 'We received it, thank you.' },
    });
    // No bot token in this environment: the call is understood and refused for that reason alone.
    const bot = await replay(
      'POST /chatbot_telegram/send_msg_through_chatbot/',
      '/chatbot_telegram/send_msg_through_chatbot/',
      { token: consultant, json: { user_id: m.id, message: 'Hello from your consultant' } },
      400,
    );
    expect(bot).toEqual({ non_field_errors: [expect.stringMatching(/telegram/i)] });

    await replay('GET /configs/get_all_configs/', '/configs/get_all_configs/');
    await replay('GET /pages/footer_links/', '/pages/footer_links/', { token });

    const saved = await replay('POST /accounts/import_users/save/', '/accounts/import_users/save/', {
      token: consultant,
      multipart: form([
        {
          name: 'file',
          filename: 'leads.csv',
          content: Buffer.from('First name,Last name,Email\r\nIda,Import,ida@import.test\r\n'),
          type: 'text/csv',
        },
      ]),
    });
    const tags = (await send('GET', '/accounts/tags_groups/', { token: consultant })).json<Json>();
    await replay('POST /accounts/import_users/start/', '/accounts/import_users/start/', {
      token: consultant,
      json: {
        import_id: saved.id,
        mapping: saved.preview.suggested_mapping,
        consultant_id: ids.consultant,
        tag_id: (tags.tags as Json[])[0]!.id,
      },
    });
    await replay('POST /accounts/import_users/list/', '/accounts/import_users/list/', { token: consultant });
  });

  it('names every call of the spec', () => {
    expect([...replayed.keys()].sort()).toEqual([...SPEC_CALLS].sort());
  });
});
