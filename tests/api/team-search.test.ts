import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
const inside: Record<string, number> = {};
const outside: Record<string, number> = {};

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
  const child = await user('Kid', 'Branch', member);
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
});
afterAll(async () => {
  await t.close();
});

const search = async (term: string): Promise<{ count: number; ids: number[] }> => {
  const res = await api(t, 'POST', '/api/team/get_my_structure_users/?page_size=100', {
    token,
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
