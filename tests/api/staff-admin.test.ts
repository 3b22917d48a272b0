import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogues } from '../../src/server/i18n';
import { createTask } from '../factories';
import { api, form, makeTag, makeUser, type Json } from '../setup/admin';
import { createTestApp, type TestApp } from '../setup/test-app';

let t: TestApp;
let admin: string;
let adminId: number;
let boss: { id: number; token: string };
let tagId: number;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

beforeAll(async () => {
  t = await createTestApp();
  await t.pool.query(`update users set language = 'en' where email = 'admin@demo.atrium'`);
  admin = await t.login('admin@demo.atrium');
  adminId = (await t.pool.query(`select id from users where email = 'admin@demo.atrium'`)).rows[0].id;
  const b = await makeUser(t, { role: 'consultant' });
  boss = { id: b.id, token: await t.login(b.email, b.password) };
  tagId = await makeTag(t, 'Webinar');
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, token: string, body: unknown) => api(t, 'POST', `/api/accounts/${url}`, { token, body });
const logsAbout = async (subjectId: number) =>
  (await t.pool.query(`select kind, actor_id, details from action_logs where subject_id = $1 order by id`, [subjectId]))
    .rows as Json[];

describe('work times', () => {
  it('saves a week and refuses a day whose start is not before its end, changing nothing', async () => {
    const c = await makeUser(t, { role: 'consultant' });
    const ok = await post('user/update_work_times/', admin, {
      user_id: c.id,
      work_times: [
        { weekday: 'MON', time_from: '09:00', time_to: '18:00', is_day_off: false },
        { weekday: 'SAT', time_from: null, time_to: null, is_day_off: true },
      ],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().work_times).toHaveLength(7);
    expect(ok.json().work_times[0]).toEqual({
      weekday: 'MON',
      time_from: '09:00',
      time_to: '18:00',
      is_day_off: false,
    });
    const bad = await post('user/update_work_times/', admin, {
      user_id: c.id,
      work_times: [
        { weekday: 'MON', time_from: '10:00', time_to: '11:00', is_day_off: false },
        { weekday: 'TUE', time_from: '18:00', time_to: '09:00', is_day_off: false },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ work_times: ['Incorrect time from and time to'] });
    const { rows } = await t.pool.query(`select weekday, time_from::text from work_times where user_id = $1`, [c.id]);
    expect(rows).toEqual([{ weekday: 0, time_from: '09:00:00' }]);
    expect((await logsAbout(c.id)).map((l) => l.kind)).toEqual(['work_times_updated']);
  });

  it('lets a consultant set their own hours but not those of a consultant outside their structure', async () => {
    const other = await makeUser(t, { role: 'consultant' });
    const week = [{ weekday: 'WED', time_from: '08:00', time_to: '12:00', is_day_off: false }];
    expect((await post('user/update_work_times/', boss.token, { user_id: boss.id, work_times: week })).statusCode).toBe(
      200,
    );
    expect(
      (await post('user/update_work_times/', boss.token, { user_id: other.id, work_times: week })).statusCode,
    ).toBe(403);
  });
});

describe('consultant settings', () => {
  it('sets limit and rating for a consultant of the structure; refuses others, themselves and members (403)', async () => {
    const mine = await makeUser(t, { role: 'consultant', referrerId: boss.id });
    const foreign = await makeUser(t, { role: 'consultant' });
    const res = await post('user/consultant_settings/', boss.token, { user_id: mine.id, daily_limit: 7, rating: 4 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ user_id: mine.id, daily_limit: 7, rating: 4 });
    expect((await t.pool.query(`select daily_lead_limit, rating from users where id = $1`, [mine.id])).rows[0]).toEqual(
      { daily_lead_limit: 7, rating: 4 },
    );
    expect(
      (await post('user/consultant_settings/', boss.token, { user_id: foreign.id, daily_limit: 1, rating: 1 }))
        .statusCode,
    ).toBe(403);
    expect(
      (await post('user/consultant_settings/', boss.token, { user_id: boss.id, daily_limit: 99, rating: 5 }))
        .statusCode,
    ).toBe(403);
    const member = await makeUser(t);
    const memberToken = await t.login(member.email, member.password);
    expect(
      (await post('user/consultant_settings/', memberToken, { user_id: mine.id, daily_limit: 1, rating: 1 }))
        .statusCode,
    ).toBe(403);
    expect(
      (await post('user/consultant_settings/', admin, { user_id: foreign.id, daily_limit: 3, rating: 6 })).statusCode,
    ).toBe(400);
    expect((await logsAbout(mine.id)).map((l) => l.kind)).toEqual(['consultant_settings_updated']);
  });
});

describe('block and unblock', () => {
  it("ends a blocked user's sessions at once and refuses their login; unblocking lets them back", async () => {
    const c = await makeUser(t, { role: 'consultant' });
    const token = await t.login(c.email, c.password);
    expect((await api(t, 'GET', '/api/accounts/me/', { token })).statusCode).toBe(200);
    const res = await post('user/block_unblock_user/', admin, { user_id: c.id, block: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ detail: 'User successfully updated', user_id: c.id, is_blocked: true });
    expect((await api(t, 'GET', '/api/accounts/me/', { token })).statusCode).toBe(401);
    await expect(t.login(c.email, c.password)).rejects.toThrow();
    expect((await post('user/block_unblock_user/', admin, { user_id: c.id, block: false })).statusCode).toBe(200);
    expect((await api(t, 'GET', '/api/accounts/me/', { token: await t.login(c.email, c.password) })).statusCode).toBe(
      200,
    );
    expect((await logsAbout(c.id)).filter((l) => l.actor_id === adminId).map((l) => l.kind)).toEqual([
      'user_blocked',
      'user_unblocked',
    ]);
  });

  it('refuses a consultant blocking an admin, themselves or a user outside their reach (403)', async () => {
    const outsider = await makeUser(t);
    for (const user_id of [adminId, boss.id, outsider.id]) {
      expect((await post('user/block_unblock_user/', boss.token, { user_id, block: true })).statusCode).toBe(403);
    }
    const mine = await makeUser(t, { responsibleId: boss.id });
    expect((await post('user/block_unblock_user/', boss.token, { user_id: mine.id, block: true })).statusCode).toBe(
      200,
    );
    expect((await post('user/block_unblock_user/', admin, { user_id: 99999999, block: true })).statusCode).toBe(404);
  });
});

describe('remove a user', () => {
  it('hands users, open tasks and tickets to the chosen consultant in one go, leaving nothing orphaned', async () => {
    const leaving = await makeUser(t, { role: 'consultant', referrerId: boss.id });
    const heir = await makeUser(t, { role: 'consultant', referrerId: boss.id });
    const client = await makeUser(t, { responsibleId: leaving.id, referrerId: leaving.id });
    await createTask(t.db, { ownerId: leaving.id });
    await createTask(t.db, { ownerId: leaving.id, type: 'meet' });
    await createTask(t.db, { ownerId: leaving.id, status: 'completed' });
    await t.pool.query(
      `insert into tickets (user_id, consultant_id, type, subject, status) values ($1, $2, 'question', 'Help', 'in_progress')`,
      [client.id, leaving.id],
    );
    const none = await post('user/remove_user/', boss.token, { user_id: leaving.id, hand_over_to: 99999999 });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ hand_over_to: ['Please, select consultant'] });
    const res = await post('user/remove_user/', boss.token, { user_id: leaving.id, hand_over_to: heir.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ detail: 'Deleted successfully' });
    expect((await t.pool.query(`select 1 from users where id = $1`, [leaving.id])).rowCount).toBe(0);
    expect(
      (await t.pool.query(`select responsible_id, referrer_id from users where id = $1`, [client.id])).rows[0],
    ).toEqual({
      responsible_id: heir.id,
      referrer_id: boss.id,
    });
    expect(
      (await t.pool.query(`select count(*)::int as n from tasks where owner_id = $1 and status = 'planned'`, [heir.id]))
        .rows[0].n,
    ).toBe(2);
    expect(
      (await t.pool.query(`select consultant_id from tickets where user_id = $1`, [client.id])).rows[0].consultant_id,
    ).toBe(heir.id);
    const [log] = (await logsAbout(leaving.id)).filter((l) => l.kind === 'user_removed');
    expect(log).toMatchObject({
      actor_id: boss.id,
      details: { hand_over_to: heir.id, users: 1, tasks: 2, tickets: 1 },
    });
  });

  it('refuses a consultant removing a user outside their reach (403), changing nothing', async () => {
    const outsider = await makeUser(t);
    const res = await post('user/remove_user/', boss.token, { user_id: outsider.id, hand_over_to: boss.id });
    expect(res.statusCode).toBe(403);
    expect((await t.pool.query(`select 1 from users where id = $1`, [outsider.id])).rowCount).toBe(1);
  });
});

describe('give away', () => {
  it('moves one user, and a manager move of users that changed hands meanwhile is a 409 with nothing moved', async () => {
    const a = await makeUser(t, { role: 'consultant' });
    const b = await makeUser(t, { role: 'consultant' });
    const u1 = await makeUser(t, { responsibleId: a.id });
    const u2 = await makeUser(t, { responsibleId: a.id });
    const one = await post('user/give_away_user/', admin, { user_id: u1.id, consultant_id: b.id });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toEqual({ detail: 'User successfully updated', moved: 1 });
    const raced = await post('manager/give_away_user/', admin, {
      from_consultant_id: a.id,
      to_consultant_id: b.id,
      user_ids: [u1.id, u2.id],
    });
    expect(raced.statusCode).toBe(409);
    expect(raced.json().detail).toBe('User is already taken by another consultant');
    expect((await t.pool.query(`select responsible_id from users where id = $1`, [u2.id])).rows[0].responsible_id).toBe(
      a.id,
    );
    const all = await post('manager/give_away_user/', admin, { from_consultant_id: a.id, to_consultant_id: b.id });
    expect(all.json()).toEqual({ detail: 'User successfully updated', moved: 1 });
    expect((await post('user/give_away_user/', admin, { user_id: u2.id, consultant_id: u1.id })).json()).toEqual({
      consultant_id: ['Please, select consultant'],
    });
    expect(
      (await post('user/give_away_user/', boss.token, { user_id: u2.id, consultant_id: boss.id })).statusCode,
    ).toBe(403);
  });
});

describe('give away moves the open tasks', () => {
  it("moves the old consultant's planned tasks and open requests about the users handed over, one or in bulk, and no others", async () => {
    const a = await makeUser(t, { role: 'consultant' });
    const b = await makeUser(t, { role: 'consultant' });
    const u1 = await makeUser(t, { responsibleId: a.id });
    const u2 = await makeUser(t, { responsibleId: a.id });
    const other = await makeUser(t, { responsibleId: a.id });
    const open1 = await createTask(t.db, { ownerId: a.id, linkedUserId: u1.id, description: 'call u1' });
    const done1 = await createTask(t.db, {
      ownerId: a.id,
      linkedUserId: u1.id,
      description: 'called u1',
      status: 'completed',
    });
    const open2 = await createTask(t.db, { ownerId: a.id, linkedUserId: u2.id, description: 'call u2' });
    const keep = await createTask(t.db, { ownerId: a.id, linkedUserId: other.id, description: 'call other' });
    const ownerOf = async (id: number) =>
      (await t.pool.query<{ owner_id: number }>(`select owner_id from tasks where id = $1`, [id])).rows[0]!.owner_id;
    // The requests the old consultant holds: open ones go with the member (issue #40), a closed one stays.
    const ticket = async (userId: number, status: string) =>
      (
        await t.pool.query<{ id: number }>(
          `insert into tickets (user_id, consultant_id, type, subject, status) values ($1, $2, 'question', 'Help', $3) returning id`,
          [userId, a.id, status],
        )
      ).rows[0]!.id;
    const holderOf = async (id: number) =>
      (await t.pool.query<{ consultant_id: number }>(`select consultant_id from tickets where id = $1`, [id])).rows[0]!
        .consultant_id;
    const [newT1, workedT1, doneT1, rejectedT1, newT2, otherT] = [
      await ticket(u1.id, 'new'),
      await ticket(u1.id, 'in_progress'),
      await ticket(u1.id, 'completed'),
      await ticket(u1.id, 'rejected'),
      await ticket(u2.id, 'in_progress'),
      await ticket(other.id, 'in_progress'),
    ];

    expect((await post('user/give_away_user/', admin, { user_id: u1.id, consultant_id: b.id })).statusCode).toBe(200);
    expect(await ownerOf(open1.id)).toBe(b.id);
    expect(await ownerOf(done1.id)).toBe(a.id);
    expect([await holderOf(newT1), await holderOf(workedT1)]).toEqual([b.id, b.id]);
    expect([await holderOf(doneT1), await holderOf(rejectedT1)]).toEqual([a.id, a.id]);
    expect((await logsAbout(u1.id)).at(-1)).toMatchObject({
      kind: 'user_given_away',
      details: { from: a.id, to: b.id, tasks: 1, tickets: 2 },
    });
    const bulk = await post('manager/give_away_user/', admin, {
      from_consultant_id: a.id,
      to_consultant_id: b.id,
      user_ids: [u2.id],
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(await ownerOf(open2.id)).toBe(b.id);
    expect(await ownerOf(keep.id)).toBe(a.id);
    expect(await holderOf(newT2)).toBe(b.id);
    expect(await holderOf(otherT)).toBe(a.id);
  });
});

describe('hand-over choices and who is told', () => {
  it('offers a consultant every active colleague, hands to one outside their structure and tells both', async () => {
    const a = await makeUser(t, { role: 'consultant' });
    const colleague = await makeUser(t, { role: 'consultant' });
    const blocked = await makeUser(t, { role: 'consultant' });
    await t.pool.query(`update users set is_blocked = true where id = $1`, [blocked.id]);
    const person = await makeUser(t, { responsibleId: a.id });
    const aToken = await t.login(a.email, a.password);
    const choices = await api(t, 'GET', `/api/accounts/user/hand_over_choices/?user_id=${person.id}`, {
      token: aToken,
    });
    expect(choices.statusCode, choices.body).toBe(200);
    const ids = (choices.json().results as Json[]).map((c) => c.id);
    expect(ids).toContain(colleague.id);
    expect(ids).toContain(adminId);
    expect(ids).not.toContain(a.id);
    expect(ids).not.toContain(blocked.id);
    expect(ids).not.toContain(person.id);
    const member = await t.login(person.email, person.password);
    expect((await api(t, 'GET', '/api/accounts/user/hand_over_choices/', { token: member })).statusCode).toBe(403);

    // The hand-over checks the same rule: a blocked consultant is refused, a listed colleague accepted.
    const refused = await post('user/give_away_user/', aToken, { user_id: person.id, consultant_id: blocked.id });
    expect(refused.statusCode).toBe(400);
    const ok = await post('user/give_away_user/', aToken, { user_id: person.id, consultant_id: colleague.id });
    expect(ok.statusCode, ok.body).toBe(200);

    const bell = async (token: string) =>
      (await api(t, 'GET', '/api/notifications/', { token })).json().results as Json[];
    const told = await bell(await t.login(colleague.email, colleague.password));
    expect(told.find((n) => n.kind === 'user_handed_over')).toMatchObject({
      data: { user_id: person.id },
      message: expect.stringContaining('handed'),
    });
    const personTold = (await bell(member)).find((n) => n.kind === 'consultant_changed');
    expect(personTold?.message).toContain(`Your consultant is now`);
    const mails = await t.pool.query(`select subject from mail_outbox where "to" = $1`, [person.email]);
    expect(mails.rows.map((r: Json) => r.subject)).toContain(personTold?.message);
  });

  it('tells the receiving consultant once for a bulk hand-over', async () => {
    const a = await makeUser(t, { role: 'consultant' });
    const b = await makeUser(t, { role: 'consultant' });
    await makeUser(t, { responsibleId: a.id });
    await makeUser(t, { responsibleId: a.id });
    const bulk = await post('manager/give_away_user/', admin, { from_consultant_id: a.id, to_consultant_id: b.id });
    expect(bulk.json()).toMatchObject({ moved: 2 });
    const told = (await api(t, 'GET', '/api/notifications/', { token: await t.login(b.email, b.password) })).json()
      .results as Json[];
    expect(told.filter((n) => n.kind === 'users_handed_over').map((n) => n.data.count)).toEqual([2]);
  });

  it("says how many open tasks and requests moved along, in the reader's language and plural", async () => {
    const a = await makeUser(t, { role: 'consultant' });
    const b = await makeUser(t, { role: 'consultant' });
    const c = await makeUser(t, { role: 'consultant' });
    await t.pool.query(`update users set language = 'de' where id = $1`, [b.id]);
    await t.pool.query(`update users set language = 'ru' where id = $1`, [c.id]);
    const person = await makeUser(t, { responsibleId: a.id });
    const other = await makeUser(t, { responsibleId: a.id });
    const quiet = await makeUser(t, { responsibleId: a.id });
    const nameOf = async (id: number) =>
      (await t.pool.query(`select first_name || ' ' || last_name as n from users where id = $1`, [id])).rows[0]
        .n as string;
    for (const owner of [person, person, other]) await createTask(t.db, { ownerId: a.id, linkedUserId: owner.id });
    const ticket = (userId: number, status = 'in_progress') =>
      t.pool.query(
        `insert into tickets (user_id, consultant_id, type, subject, status) values ($1, $2, 'question', 'Help', $3)`,
        [userId, a.id, status],
      );
    await ticket(person.id);
    await ticket(person.id, 'completed');
    await ticket(other.id);
    await ticket(other.id, 'new');
    const bell = async (u: { email: string; password: string }) =>
      (await api(t, 'GET', '/api/notifications/', { token: await t.login(u.email, u.password) })).json()
        .results as Json[];

    // One person, in German: two tasks and one open request (the completed one stays).
    expect((await post('user/give_away_user/', admin, { user_id: person.id, consultant_id: b.id })).statusCode).toBe(
      200,
    );
    const [toB] = (await bell(b)).filter((n) => n.kind === 'user_handed_over');
    expect(toB?.data).toMatchObject({ tasks: 2, tickets: 1 });
    expect(toB?.message).toBe(
      `Anna Admin hat Ihnen ${await nameOf(person.id)} übergeben. Ebenfalls an Sie übergegangen: 2 offene Aufgaben und 1 offene Anfrage.`,
    );
    const [personTold] = (await bell(person)).filter((n) => n.kind === 'consultant_changed');
    const bName = await nameOf(b.id);
    expect(personTold?.message).toBe(
      `Your consultant is now ${bName}. ${bName} also takes over 1 open request of yours.`,
    );
    const mail = await t.pool.query(`select text from mail_outbox where "to" = $1 order by id desc limit 1`, [
      person.email,
    ]);
    expect(mail.rows[0].text).toContain(personTold?.message);

    // The rest in bulk, in Russian: one task, two requests (Russian's "few" form); a person without any is told plainly.
    const bulk = await post('manager/give_away_user/', admin, { from_consultant_id: a.id, to_consultant_id: c.id });
    expect(bulk.json()).toMatchObject({ moved: 2 });
    const [toC] = (await bell(c)).filter((n) => n.kind === 'users_handed_over');
    expect(toC?.message).toBe(
      'Anna Admin передал(а) вам пользователей: 2. Вместе с ними к вам перешли: 1 открытая задача и 2 открытые заявки.',
    );
    const cName = await nameOf(c.id);
    expect((await bell(quiet)).find((n) => n.kind === 'consultant_changed')?.message).toBe(
      `Your consultant is now ${cName}.`,
    );
  });
});

describe('creating people', () => {
  it("gives a staff-created person the zone and language of their country or phone, not the creator's, and invites them in theirs", async () => {
    const email = `nyc-${Date.now()}@admin.test`;
    const lead = await post('user/create_lead_user/', admin, {
      first_name: 'Nina',
      last_name: 'York',
      email,
      phone: '+1 212 555 0142',
      tag_id: tagId,
      consultant_id: boss.id,
      send_invitation: true,
    });
    expect(lead.statusCode, lead.body).toBe(201);
    const row = async (mail: string) =>
      (await t.pool.query(`select time_zone, language from users where email = $1`, [mail])).rows[0] as Json;
    expect(await row(email)).toEqual({ time_zone: 'America/New_York', language: 'en' });
    const invitation = await t.pool.query(`select subject from mail_outbox where "to" = $1`, [email]);
    expect(invitation.rows.map((r: Json) => r.subject)).toEqual([catalogues.en.mail_invitation_subject]);

    // Admin › Users › Create: the country tells the zone; a German one the language; the invitation goes in it.
    const made = await api(t, 'POST', '/api/v1/users/', {
      token: admin,
      body: { first_name: 'Till', last_name: 'Tokyo', email: `tokyo-${email}`, country: 'JP', role: 'consultant' },
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ time_zone: 'Asia/Tokyo', language: 'en' });
    const german = await api(t, 'POST', '/api/v1/users/', {
      token: admin,
      body: {
        first_name: 'Gus',
        last_name: 'Graz',
        email: `graz-${email}`,
        country: 'AT',
        role: 'member',
        send_invitation: true,
      },
    });
    expect(german.json()).toMatchObject({ time_zone: 'Europe/Vienna', language: 'de' });
    const mails = await t.pool.query(`select subject from mail_outbox where "to" = $1`, [`graz-${email}`]);
    expect(mails.rows.map((r: Json) => r.subject)).toEqual([catalogues.de.mail_invitation_subject]);
    const noEmail = await api(t, 'POST', '/api/v1/users/', {
      token: admin,
      body: { first_name: 'No', last_name: 'Mail', phone: '+43 664 1234567', role: 'member', send_invitation: true },
    });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json()).toEqual({ send_invitation: [catalogues.en.user_has_no_email] });
  });
  it('creates a lead with the spec messages for every broken field', async () => {
    const taken = await makeUser(t, { phone: '+4930111222' });
    const bad = await post('user/create_lead_user/', admin, {
      first_name: 'Lea',
      last_name: 'Lead',
      email: taken.email,
      phone: '+49 30 111 222',
      tag_id: 99999,
      consultant_id: taken.id,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      email: ['Email is already taken'],
      phone: ['Phone is already in use'],
      tag_id: ['Please, select tag'],
      consultant_id: ['Please, select consultant'],
    });
    const ok = await post('user/create_lead_user/', boss.token, {
      first_name: 'Lea',
      last_name: 'Lead',
      email: 'lea.lead@admin.test',
      phone: '+49 30 999 111',
      tag_id: tagId,
      consultant_id: boss.id,
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({
      detail: 'User successfully created',
      user: { first_name: 'Lea', tags: [{ id: tagId, name: 'Webinar' }], responsible: { id: boss.id } },
    });
    expect((await logsAbout(ok.json().user.id)).map((l) => l.kind)).toEqual(
      expect.arrayContaining(['lead_created', 'user_created']),
    );
  });

  it('creates a partner with a document checked by its bytes, and shows the details', async () => {
    const fields = (email: string) => [
      { name: 'first_name', value: 'Paul' },
      { name: 'last_name', value: 'Partner' },
      { name: 'email', value: email },
      { name: 'company', value: 'Paul GmbH' },
      { name: 'tag_id', value: String(tagId) },
      { name: 'consultant_id', value: String(boss.id) },
    ];
    const fake = form([
      ...fields('fake@admin.test'),
      {
        name: 'documents',
        filename: 'contract.pdf',
        content: Buffer.from('MZ not a pdf at all'),
        type: 'application/pdf',
      },
    ]);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/user/create_partner_user/',
      ...fake,
      headers: { ...fake.headers, authorization: `JWT ${admin}`, 'accept-language': 'en' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().documents).toEqual(['Documents must be PDF, JPEG or PNG files of at most 10 MB']);
    expect((await t.pool.query(`select 1 from users where email = 'fake@admin.test'`)).rowCount).toBe(0);

    const good = form([
      ...fields('paul@admin.test'),
      { name: 'documents', filename: 'contract.pdf', content: PDF, type: 'application/pdf' },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/user/create_partner_user/',
      ...good,
      headers: { ...good.headers, authorization: `JWT ${admin}`, 'accept-language': 'en' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const partner = res.json().partner;
    expect(partner).toMatchObject({
      company: 'Paul GmbH',
      documents: [{ file_name: 'contract.pdf', content_type: 'application/pdf', size: PDF.length }],
    });
    expect(partner.documents[0].url).toMatch(/^\/media\/documents\/partners\/[0-9a-f-]+\.pdf\?exp=\d+&sig=/);
    const file = await t.app.inject({ method: 'GET', url: partner.documents[0].url });
    expect(file.statusCode).toBe(200);
    const details = await post('user/get_partner_details/', boss.token, { user_id: partner.user_id });
    expect(details.statusCode).toBe(200);
    expect(details.json().company).toBe('Paul GmbH');
    const stranger = await makeUser(t, { role: 'consultant' });
    expect(
      (
        await post('user/get_partner_details/', await t.login(stranger.email, stranger.password), {
          user_id: partner.user_id,
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('user settings, tags and groups', () => {
  it('replaces tags and groups; only admins change a role', async () => {
    const group = (await t.pool.query(`insert into tag_groups (name) values ('VIP') returning id`)).rows[0].id;
    const mine = await makeUser(t, { responsibleId: boss.id });
    const res = await post('user/update_settings/', boss.token, {
      user_id: mine.id,
      tags: [tagId],
      groups: [group],
      time_zone: 'Europe/Berlin',
      work_zone: 'DACH',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user).toMatchObject({
      tags: [{ id: tagId }],
      groups: [{ id: group, name: 'VIP' }],
      time_zone: 'Europe/Berlin',
      work_zone: 'DACH',
    });
    expect((await post('user/update_settings/', boss.token, { user_id: mine.id, role: 'admin' })).statusCode).toBe(403);
    expect(
      (await post('user/update_settings/', boss.token, { user_id: mine.id, time_zone: 'Mars/Base' })).json(),
    ).toEqual({ time_zone: [catalogues.en.time_zone_invalid] });
    const tg = await api(t, 'GET', '/api/accounts/tags_groups/', { token: boss.token });
    expect(tg.json().groups).toEqual(expect.arrayContaining([{ id: group, name: 'VIP' }]));
  });
});

describe('the mail outbox', () => {
  it('searches recipients and subjects as typed: any case, and % or _ are plain characters', async () => {
    const tag = Date.now().toString(36);
    await t.pool.query(
      `insert into mail_outbox ("to", subject, text, html) values
         ($1, 'Welcome', 'x', 'x'), ($2, $3, 'x', 'x'), ($4, $5, 'x', 'x')`,
      [
        `Ola.${tag}@Outbox.test`,
        `ben.${tag}@outbox.test`,
        `Rabatt ${tag} 100%`,
        `eve.${tag}@outbox.test`,
        `Rabatt ${tag} 1000`,
      ],
    );
    const find = async (q: string) => {
      const query = new URLSearchParams({ filter: JSON.stringify({ q }), sort: '["id","ASC"]', range: '[0,24]' });
      const res = await api(t, 'GET', `/api/admin/outbox?${query.toString()}`, { token: admin });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<Json[]>().map((m) => m.to);
    };
    expect(await find(`ola.${tag}@outbox`)).toEqual([`Ola.${tag}@Outbox.test`]);
    expect(await find(`RABATT ${tag}`)).toEqual([`ben.${tag}@outbox.test`, `eve.${tag}@outbox.test`]);
    expect(await find(`${tag} 100%`)).toEqual([`ben.${tag}@outbox.test`]);
    expect(await find(`${tag}_100`)).toEqual([]);
    expect((await api(t, 'GET', '/api/admin/outbox', { token: boss.token })).statusCode).toBe(403);
  });
});
