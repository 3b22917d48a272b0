import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, makeUser, type Json } from '../setup/admin';
import { createTestApp, type TestApp } from '../setup/test-app';
import { catalogues, t as translate, type Lang, type MessageKey } from '../../src/server/i18n';
import { DETAIL_PARAMS, OTHER_OF, descriptionSegments, formatOf } from '../../src/server/services/action-logs/list';

let t: TestApp;
let admin: string;
let a: { id: number; token: string };
let b: { id: number; token: string };
let aMember: number;
let bMember: number;

async function consultant() {
  const u = await makeUser(t, { role: 'consultant' });
  return { id: u.id, token: await t.login(u.email, u.password) };
}

beforeAll(async () => {
  t = await createTestApp();
  await t.pool.query(`update users set language = 'en' where email = 'admin@demo.atrium'`);
  admin = await t.login('admin@demo.atrium');
  [a, b] = [await consultant(), await consultant()];
  aMember = (await makeUser(t, { responsibleId: a.id })).id;
  bMember = (await makeUser(t, { responsibleId: b.id })).id;
  for (const [c, m] of [
    [a, aMember],
    [b, bMember],
  ] as const) {
    const res = await api(t, 'POST', '/api/accounts/user/block_unblock_user/', {
      token: c.token,
      body: { user_id: m, block: true },
    });
    expect(res.statusCode).toBe(200);
  }
  await api(t, 'POST', '/api/accounts/user/block_unblock_user/', {
    token: admin,
    body: { user_id: aMember, block: false },
  });
});
afterAll(async () => {
  await t.close();
});

const logs = async (token: string, query = '') => api(t, 'POST', `/api/accounts/user/action_logs/${query}`, { token });

describe('action history', () => {
  it('shows admins every entry, newest first, translated, with actor and subject', async () => {
    const res = await logs(admin, `?subject_id=${aMember}`);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json();
    expect(page.results.map((r: Json) => r.kind)).toEqual(['user_unblocked', 'user_blocked']);
    expect(page.results[1]).toMatchObject({ actor: { id: a.id }, subject: { id: aMember }, view_as: null });
    expect(page.results[1].description).toMatch(/^Test User[\w-]+ blocked Test User[\w-]+$/);
    expect(page).toMatchObject({ count: 2, current: 1, next: null, previous: null });
  });

  it('filters by actor, kind and day', async () => {
    expect(
      (await logs(admin, `?actor_id=${b.id}&kind=user_blocked`)).json().results.map((r: Json) => r.subject.id),
    ).toEqual([bMember]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await logs(admin, `?actor_id=${b.id}&date_from=2000-01-01&date_to=2000-01-02`)).json().count).toBe(0);
    expect((await logs(admin, `?actor_id=${b.id}&date_from=${today}`)).json().count).toBeGreaterThanOrEqual(1);
    expect((await logs(admin, '?kind=Bad Kind')).statusCode).toBe(400);
  });

  it("keeps a consultant to their own actions and their users' history (403 outside it)", async () => {
    const mine = (await logs(a.token)).json();
    expect(mine.results.length).toBeGreaterThan(0);
    expect(mine.results.every((r: Json) => r.actor.id === a.id || [a.id, aMember].includes(r.subject?.id))).toBe(true);
    expect(mine.results.some((r: Json) => r.subject?.id === bMember)).toBe(false);
    // The admin's unblock of a's member is about a's user, so a sees it.
    expect(mine.results.map((r: Json) => r.kind)).toContain('user_unblocked');
    expect((await logs(a.token, `?actor_id=${b.id}`)).statusCode).toBe(403);
    expect((await logs(a.token, `?subject_id=${bMember}`)).statusCode).toBe(403);
    const member = await makeUser(t);
    expect((await logs(await t.login(member.email, member.password))).statusCode).toBe(403);
  });

  it("gives the admin exact counts of an employee's entries and of all entries, kept as entries are added", async () => {
    const exact = async (where = 'true') =>
      (await t.pool.query(`select count(*)::int as n from action_logs where ${where}`)).rows[0].n;
    const before = (await logs(admin, `?actor_id=${b.id}`)).json<{ count: number; total_count: number }>();
    expect(before).toMatchObject({ count: await exact(`actor_id = ${b.id}`), total_count: await exact() });
    // One statement adding entries for two actors (and one without any) counts each of them.
    await t.pool.query(
      `insert into action_logs (actor_id, kind) values ($1, 'user_blocked'), ($1, 'user_unblocked'), ($2, 'user_blocked'), (null, 'import_finished')`,
      [b.id, a.id],
    );
    const after = (await logs(admin, `?actor_id=${b.id}`)).json();
    expect(after).toMatchObject({ count: before.count + 2, total_count: before.total_count + 4 });
    // Same time (one statement), so the later id comes first.
    expect(after.results.slice(0, 2).map((r: Json) => r.kind)).toEqual(['user_unblocked', 'user_blocked']);
    expect((await logs(admin, `?actor_id=${a.id}`)).json().count).toBe(await exact(`actor_id = ${a.id}`));
    expect((await logs(admin)).json().count).toBe(await exact());
  });

  it('names the people of a hand-over in one sentence: "<admin> handed <member> over to <consultant>"', async () => {
    const member = await makeUser(t, { responsibleId: a.id });
    const res = await api(t, 'POST', '/api/accounts/user/give_away_user/', {
      token: admin,
      body: { user_id: member.id, consultant_id: b.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [entry] = (await logs(admin, `?subject_id=${member.id}&kind=user_given_away`)).json().results;
    const names = async (id: number) =>
      (await t.pool.query(`select first_name || ' ' || last_name as n from users where id = $1`, [id])).rows[0].n;
    expect(entry.description).toBe(
      `${await names(entry.actor.id)} handed ${await names(member.id)} over to ${await names(b.id)}`,
    );
  });

  it('is append-only: the database refuses changes to an entry', async () => {
    await expect(t.pool.query(`update action_logs set kind = 'x'`)).rejects.toThrow(/append-only/);
    await expect(t.pool.query(`delete from action_logs`)).rejects.toThrow(/append-only/);
  });

  it('writes each description in SQL exactly as t() would, in every language, for every kind', async () => {
    // The names carry JavaScript whitespace PostgreSQL's btrim alone would keep, and a placeholder t() must not fill.
    const actor = await makeUser(t, { role: 'consultant' });
    const subject = await makeUser(t);
    await t.pool.query(`update users set first_name = $2, last_name = $3 where id = $1`, [
      actor.id,
      '\u00a0Ann {subject}',
      'Lee\u3000\t',
    ]);
    await t.pool.query(`update users set first_name = $2, last_name = $3 where id = $1`, [
      subject.id,
      'Zoë',
      '%1$s %%',
    ]);
    const kinds = [
      ...Object.keys(catalogues.en)
        .filter((k) => k.startsWith('action_'))
        .map((k) => k.slice('action_'.length)),
      'mystery_{actor}',
      '',
    ];
    const ghost = 2_000_000_000; // an actor id no user has
    // A third person (for the kinds that name one) and an import's counts, one of them text with a placeholder.
    const third = Object.fromEntries(Object.values(OTHER_OF).map((field) => [field, subject.id]));
    const rich = { ...third, imported: 5, skipped: 0, warnings: '2 {actor} %s', file_name: 'leads %s.csv' };
    for (const kind of kinds) {
      await t.pool.query(
        `insert into action_logs (actor_id, subject_id, kind, details) values ($1, $2, $3, '{}'), ($1, null, $3, $4), ($5, $2, $3, '{"user": "x"}'), (null, null, $3, '{"user": {"first_name": " Gone "}}'), ($1, $2, $3, $6)`,
        [
          actor.id,
          subject.id,
          kind,
          JSON.stringify({ user: { first_name: 'Removed', last_name: ' Person\n' } }),
          ghost,
          JSON.stringify(rich),
        ],
      );
    }
    // What the JavaScript that wrote descriptions before did, with t().
    const describe = (lang: Lang, e: Json) => {
      const name = (u: Json | null, fallback: string) => (u ? `${u.first_name} ${u.last_name}`.trim() : fallback);
      const removed = e.data.user;
      const params = {
        // An entry without an actor is automatic (the system's, id 0); a removed actor is "Someone".
        actor: name(
          e.actor_id_known ? e.actor : null,
          translate(lang, e.actor.id === 0 ? 'system_actor' : 'action_someone'),
        ),
        subject: e.subject
          ? name(e.subject, '')
          : removed
            ? `${removed.first_name ?? ''} ${removed.last_name ?? ''}`.trim()
            : '',
        kind: e.kind,
        other: (() => {
          const field = (OTHER_OF as Record<string, string | undefined>)[e.kind];
          return field && e.data[field] === subject.id ? 'Zoë %1$s %%' : translate(lang, 'action_someone');
        })(),
        ...Object.fromEntries(
          DETAIL_PARAMS.map((name) => [name, e.data[name] === undefined ? '' : String(e.data[name])]),
        ),
      };
      const key = `action_${e.kind}` as MessageKey;
      return key in catalogues.en ? translate(lang, key, params) : translate(lang, 'action_generic', params);
    };
    for (const lang of ['ru', 'en', 'de'] as const) {
      const reader = await makeUser(t, { role: 'admin' });
      await t.pool.query(`update users set language = $2 where id = $1`, [reader.id, lang]);
      const token = await t.login(reader.email, reader.password);
      const entries: Json[] = [];
      const all = async (filter: string) => {
        const out: Json[] = [];
        for (let page = 1; ; page += 1) {
          const res = await logs(token, `?${filter}page_size=100&page=${page}`);
          expect(res.statusCode, res.body).toBe(200);
          out.push(...res.json().results);
          if (!res.json().next) return out;
        }
      };
      for (const id of [actor.id, ghost])
        entries.push(...(await all(`actor_id=${id}&`)).map((e) => ({ ...e, actor_id_known: id === actor.id })));
      entries.push(...(await all('')).filter((e) => e.data.user?.first_name === ' Gone '));
      expect(entries).toHaveLength(kinds.length * 5);
      for (const e of entries) expect(e.description, `${lang} ${e.kind}`).toBe(describe(lang, e));
      for (const e of [...entries.filter((e) => !e.actor_id_known)]) {
        const automatic = e.data.user?.first_name === ' Gone ';
        expect(e.actor).toEqual({
          id: automatic ? 0 : ghost,
          first_name: translate(lang, automatic ? 'system_actor' : 'action_someone'),
          last_name: '',
        });
      }
      // Spot checks the comparison above rests on.
      const blocked = entries.find((e) => e.kind === 'user_blocked' && e.actor_id_known && e.subject);
      if (lang === 'en') expect(blocked?.description).toBe('Ann {subject} Lee blocked Zoë %1$s %%');
      const unknown = entries.find((e) => e.kind === 'mystery_{actor}' && e.actor_id_known && !e.subject);
      expect(unknown?.description).toBe('mystery_{actor}');
      const handed = entries.find((e) => e.kind === 'user_given_away' && e.data.to === subject.id);
      if (lang === 'en') expect(handed?.description).toBe('Ann {subject} Lee handed Zoë %1$s %% over to Zoë %1$s %%');
      const imported = entries.find((e) => e.kind === 'import_completed' && e.data.imported === 5);
      if (lang === 'en')
        expect(imported?.description).toBe(
          'Ann {subject} Lee imported the file leads %s.csv (people assigned to Zoë %1$s %%): 5 rows imported, 0 skipped, 2 {actor} %s warnings',
        );
    }
  });

  it('splits a message into literal text and the parameters t() fills, and writes it for format()', () => {
    expect(descriptionSegments('{actor} blocked {subject}')).toEqual(['', 'actor', ' blocked ', 'subject', '']);
    expect(descriptionSegments('Import {n} of {kind}!')).toEqual(['Import {n} of ', 'kind', '!']);
    expect(descriptionSegments('plain')).toEqual(['plain']);
    expect(descriptionSegments('{actor}{actor}')).toEqual(['', 'actor', '', 'actor', '']);
    // As format() strings: % doubled, the parameters by position.
    expect(formatOf('{actor} gave 100% to {subject} ({kind}, {n})')).toBe('%1$s gave 100%% to %2$s (%3$s, {n})');
    expect(formatOf('{actor} handed {subject} over to {other}: {imported}/{skipped}/{warnings} {file_name}')).toBe(
      '%1$s handed %2$s over to %4$s: %5$s/%6$s/%7$s %8$s',
    );
  });
});
