import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordSql } from '../../scripts/bench/raw-sql';
import { searchTextMatches } from '../../src/server/services/team/search-windows';
import { api, type Json } from '../setup/learning';
import { makeUser } from '../setup/team';
import { createUsers } from '../factories';
import { createTestApp, type TestApp } from '../setup/test-app';

/**
 * The structure search: it finds by each field of a user's search text (name, email, phone) inside
 * the viewer's structure only, and a term whose windows most users share (the index is then asked
 * only for its rare ones, src/server/services/team/search-windows.ts) still finds exactly what ILIKE finds.
 */

let t: TestApp;
let token: string;
let admin: string;
let memberId: number;
let kid: number;
let kidLogin: { email: string; password: string };
let consultant: { id: number; token: string };
const inside: Record<string, number> = {};
const outside: Record<string, number> = {};
const deeper: Record<string, number> = {};

async function user(
  firstName: string,
  lastName: string,
  referrerId: number | null,
  set?: { email?: string; phone?: string },
) {
  const { id } = await makeUser(t, { firstName, lastName, referrerId });
  if (set?.email) await t.pool.query('update users set email = $2 where id = $1', [id, set.email]);
  if (set?.phone) await t.pool.query('update users set phone = $2 where id = $1', [id, set.phone]);
  return id;
}

beforeAll(async () => {
  t = await createTestApp();
  const { rows } = await t.pool.query<{ id: number }>(`select id from users where email = 'member@demo.atrium'`);
  const member = rows[0]!.id;
  memberId = member;
  const kidUser = await makeUser(t, { firstName: 'Kid', lastName: 'Branch', referrerId: member });
  const child = kidUser.id;
  kid = child;
  kidLogin = kidUser;
  const stranger = await user('Stranger', 'Root', null);
  // The same texts inside the member's structure (one level down and deeper) and outside it.
  for (const [into, at] of [
    [inside, child],
    [outside, stranger],
  ] as const) {
    const tag = into === inside ? 'in' : 'out';
    into.name = await user('Quirinus', `Named${tag}`, at);
    into.email = await user('Mailed', `Person${tag}`, at, { email: `zephyrmail.${tag}@test.atrium` });
    into.phone = await user('Phoned', `Person${tag}`, at, { phone: tag === 'in' ? '+49170555111' : '+49170555112' });
    into.xylo = await user('Xylo', 'Commonwealth', at);
  }
  // Terms with a rare part and a frequent one ("commonw", "@factory": most users' names and emails),
  // the searches that start from the rare trigrams: one level down, deeper, and outside the structure.
  const grand = await user('Grand', 'Child', child);
  for (const [into, at, tag] of [
    [inside, child, 'in'],
    [deeper, grand, 'deep'],
    [outside, stranger, 'out'],
  ] as const) {
    into.zorro = await user('Zorro', `Commonwell${tag}`, at);
    into.cyrillic = await user('Дмитрий', `Commonwell${tag}`, at);
    into.quokka = await user('Zed', `Commonwell${tag}`, at, {
      email: `quokka.${tag}@factory.test`,
      phone: `+4917077${tag.length}${tag === 'out' ? 9 : 1}0`,
    });
  }
  // Shares the rare windows of "xylo common" but not the whole term: found by the index, not by the search.
  inside.decoy = await user('Xylo', 'Different', child);
  // Most users' names hold "commonwealth": its windows are frequent (in ANALYZE's sample of 101 texts,
  // the three Xylos, sorted last, are at most two).
  await createUsers(
    t.db,
    Array.from({ length: 400 }, (_, i) => ({
      firstName: `Filler${i + 1}`,
      lastName: 'Commonwealth',
      referrerId: (i + 1) % 2 === 0 ? child : stranger,
      timeZone: 'Europe/Berlin',
    })),
  );
  await t.pool.query('analyze users');
  token = await t.login('member@demo.atrium');
  admin = await t.login('admin@demo.atrium');
  // A consultant with a structure of their own (one user) who looks after one user of the member's.
  const c = await makeUser(t, { role: 'consultant', referrerId: stranger, firstName: 'Consul', lastName: 'Tant' });
  await t.pool.query('update users set responsible_id = $1 where id = $2', [c.id, inside.zorro]);
  outside.consulted = await user('Zorro', 'Commonwellcon', c.id);
  consultant = { id: c.id, token: await t.login(c.email, c.password) };
});
afterAll(async () => {
  await t.close();
});

const search = async (term: string, as = token, page = '?page_size=100'): Promise<{ count: number; ids: number[] }> => {
  const res = await api(t, 'POST', `/api/team/get_my_structure_users/${page}`, {
    token: as,
    body: { search: term },
  });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  return { count: body.count, ids: body.results.map((r: Json) => r.id as number) };
};

describe('the structure search', () => {
  it('finds by name, email and phone, inside the structure only', async () => {
    expect(await search('quirin')).toEqual({ count: 1, ids: [inside.name] });
    expect(await search('ZEPHYRMAIL')).toEqual({ count: 1, ids: [inside.email] });
    expect(await search('170555')).toEqual({ count: 1, ids: [inside.phone] });
    // Across first and last name, as the search text joins them; not the decoy, which has only "xylo".
    expect(await search('xylo common')).toEqual({ count: 1, ids: [inside.xylo] });
    expect((await search('commonwealth')).count).toBe(201);
  });

  it('asks the index only for a term’s rare windows and still checks the whole term', async () => {
    const { where, selective } = await searchTextMatches(t.db, 'xylo common');
    expect(selective).toBe(true);
    const found = await t.db.execute<{ id: number }>(sql`select u.id from users u where ${where} order by u.id`);
    const expected = await t.pool.query<{ id: number }>(
      `select id from users u
       where (u.first_name || ' ' || u.last_name || ' ' || coalesce(u.email::text, '') || ' ' || coalesce(u.phone, '')) ilike '%xylo common%'
       order by id`,
    );
    expect(found.rows.map((r) => r.id)).toEqual(expected.rows.map((r) => r.id));
    expect(found.rows.map((r) => r.id)).toEqual([inside.xylo, outside.xylo]);

    // The index's part of the plan (a small table would otherwise be read whole).
    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const { rows } = await tx.execute<{ 'QUERY PLAN': string }>(sql`explain select u.id from users u where ${where}`);
      return rows.map((r) => r['QUERY PLAN']);
    });
    const indexCond = plan.filter((l) => l.includes('Index Cond')).join('\n');
    expect(indexCond).toContain('%xyl%');
    expect(indexCond).not.toContain('common');
  });
});

/**
 * What the search answered before it was planned once for every viewer: ILIKE on the search text
 * inside the viewer's structure (and, for a consultant, the users they look after), newest first.
 */
async function expected(viewerId: number, term: string, consultantToo = false): Promise<number[]> {
  const { rows } = await t.pool.query<{ id: number }>(
    `select u.id from users u, users v
     where v.id = $1 and ((u.path <@ v.path and u.id <> v.id) ${consultantToo ? 'or u.responsible_id = v.id' : ''})
       and (u.first_name || ' ' || u.last_name || ' ' || coalesce(u.email::text, '') || ' ' || coalesce(u.phone, '')) ilike $2
     order by u.date_joined desc, u.id desc`,
    [viewerId, `%${term}%`],
  );
  return rows.map((r) => r.id);
}

// Each is selective (a rare part and a frequent one), so it takes the statement planned once.
const SELECTIVE = [
  'zorro commonw',
  'ZORRO COMMONW',
  'orro commonwell',
  'дмитрий commonw',
  'ДМИТРИЙ COMMONWELL',
  'итрий commonwelld',
  'quokka.in@factory',
  'quokka.deep@factory',
];

async function sameAsBefore(viewer: { id: number; token: string }, consultantToo = false) {
  for (const term of [...SELECTIVE, '+4917077', 'zorro', 'commonwell']) {
    const want = await expected(viewer.id, term, consultantToo);
    expect(await search(term, viewer.token), term).toEqual({ count: want.length, ids: want });
    // The second page of two.
    expect((await search(term, viewer.token, '?page=2&page_size=2')).ids, term).toEqual(want.slice(2, 4));
  }
}

describe('the search planned once for every viewer', () => {
  it('takes the selective terms, and answers each as before: the structure’s bounds, case, parts of words, Cyrillic, email, phone, pages', async () => {
    for (const term of SELECTIVE) expect((await searchTextMatches(t.db, term)).selective, term).toBe(true);
    await sameAsBefore({ id: memberId, token });
    // One level down: the kid's own structure, not the member's, and not the kid.
    const kidToken = await t.login(kidLogin.email, kidLogin.password);
    await sameAsBefore({ id: kid, token: kidToken });
    await sameAsBefore(consultant, true);
    // Not vacuous: each kind of term finds someone, inside only.
    expect((await search('дмитрий commonw')).ids.sort()).toEqual([inside.cyrillic, deeper.cyrillic].sort());
    expect((await search('ДМИТРИЙ COMMONWELLDEEP')).ids).toEqual([deeper.cyrillic]);
    expect((await search('quokka.in@factory')).ids).toEqual([inside.quokka]);
    expect((await search('zorro commonw', kidToken)).ids.sort()).toEqual([inside.zorro, deeper.zorro].sort());
    expect((await search('zorro commonw', consultant.token)).ids.sort()).toEqual(
      [inside.zorro, outside.consulted].sort(),
    );
    // An admin sees everyone but themselves, on the second page too.
    const adminId = (await t.pool.query<{ id: number }>(`select id from users where email = 'admin@demo.atrium'`))
      .rows[0]!.id;
    const all = (
      await t.pool.query<{ id: number }>(
        `select id from users u where u.id <> $1
         and (u.first_name || ' ' || u.last_name || ' ' || coalesce(u.email::text, '') || ' ' || coalesce(u.phone, '')) ilike '%zorro commonw%'
       order by u.date_joined desc, u.id desc`,
        [adminId],
      )
    ).rows.map((r) => r.id);
    expect(all).toHaveLength(4);
    expect(await search('zorro commonw', admin)).toEqual({ count: 4, ids: all });
    expect((await search('zorro commonw', admin, '?page=2&page_size=3')).ids).toEqual(all.slice(3));
  });

  it('is one statement planned once, with the viewer’s row and the page’s rows in it', async () => {
    await search('zorro commonw');
    const statements = await recordSql(async () => {
      await search('zorro commonw');
    });
    const searching = statements.filter((s) => s.text.includes('texticlike'));
    expect(searching).toHaveLength(1);
    expect(searching[0]!.text).not.toContain('plan per call');
    expect(searching[0]!.text).toContain('json_agg');
    expect(statements.filter((s) => s.text.includes('descendants_count'))).toEqual(searching);
  });

  it('finds the holders of a tag by its name, inside the structure only, though nobody’s text holds it', async () => {
    // A term with frequent windows ("wealth") and rare ones ("quasar"), selective in the texts, found
    // through the tag alone.
    expect((await searchTextMatches(t.db, 'wealth quasar')).selective).toBe(true);
    const tag = (await t.pool.query(`insert into tags (name) values ('Wealth Quasars') returning id`)).rows[0].id;
    await t.pool.query(`insert into user_tags (user_id, tag_id) values ($1, $3), ($2, $3)`, [
      inside.name,
      outside.name,
      tag,
    ]);
    try {
      expect(await search('wealth quasar')).toEqual({ count: 1, ids: [inside.name] });
      expect((await search('WEALTH QUASAR', admin)).ids.sort()).toEqual([inside.name, outside.name].sort());
      // A term of a tag and of texts finds both, and still only inside.
      await t.pool.query(`update tags set name = 'Zorro Commonwealth fans' where id = $1`, [tag]);
      expect((await search('zorro commonw')).ids.sort()).toEqual(
        [...(await expected(memberId, 'zorro commonw')), inside.name].sort(),
      );
    } finally {
      await t.pool.query(`delete from tags where id = $1`, [tag]);
    }
    // No tag's name holds it: the statement planned once, as before.
    const statements = await recordSql(async () => {
      await search('zorro commonw');
    });
    expect(statements.filter((s) => s.text.includes('texticlike') && s.text.includes('json_agg'))).toHaveLength(1);
    // …which looks for the tags itself: the search is one round trip, not a look-up of the tags before it.
    const tagLookups = statements.filter((s) => s.text.includes('from tags t where'));
    expect(tagLookups).toHaveLength(1);
    expect(tagLookups[0]?.text).toContain('texticlike');
  });

  it('stays right after a rename, a hand-over of a removed user’s referrals and a removal', async () => {
    // Rename: an outsider's name does not bring them in; an insider renamed is found by the new name only.
    const renamed = await api(t, 'PUT', `/api/v1/users/${deeper.zorro}`, {
      token: admin,
      body: { first_name: 'Yakko', last_name: 'Commonwellren' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await search('yakko commonw')).ids).toEqual([deeper.zorro]);
    expect((await search('zorro commonw')).ids).toEqual([inside.zorro]);
    // The kid leaves: their referrals (the grandchild's branch among them) move up to the member.
    const removed = await api(t, 'POST', '/api/accounts/user/remove_user/', {
      token: admin,
      body: { user_id: kid, hand_over_to: consultant.id },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    await sameAsBefore({ id: memberId, token });
    expect((await search('quokka.deep@factory')).ids).toEqual([deeper.quokka]);
    // Removed: no longer found.
    const gone = await api(t, 'POST', '/api/accounts/user/remove_user/', {
      token: admin,
      body: { user_id: inside.quokka, hand_over_to: consultant.id },
    });
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await search('quokka.in@factory')).ids).toEqual([]);
    await sameAsBefore({ id: memberId, token });
    await sameAsBefore(consultant, true);
  });
});
