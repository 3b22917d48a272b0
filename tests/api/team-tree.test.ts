import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPromoCode } from '../../src/server/services/users';
import { createTestApp, type TestApp } from '../setup/test-app';

/** The referral tree kept by the database (migration 0006): paths and counters, whoever writes users. */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => {
  await t?.close();
});

async function add(name: string, referrerId: number | null): Promise<number> {
  const { rows } = await t.pool.query<{ id: number }>(
    `insert into users (first_name, promo_code, referrer_id) values ($1, $2, $3) returning id`,
    [name, newPromoCode(), referrerId],
  );
  return rows[0]!.id;
}

type Node = { path: string; children_count: number; descendants_count: number };

async function node(id: number): Promise<Node> {
  const { rows } = await t.pool.query<Node>('select path::text as path, children_count, descendants_count from users where id = $1', [id]);
  return rows[0]!;
}

/** Every stored path and counter equals what a recursive walk of referrer_id gives. */
async function expectConsistent() {
  const { rows } = await t.pool.query<{ bad: number }>(`
    with recursive walk(id, path) as (
      select id, id::text::ltree from users where referrer_id is null
      union all
      select u.id, w.path || u.id::text from users u join walk w on u.referrer_id = w.id
    ), want as (
      select w.id, w.path,
        (select count(*) from users c where c.referrer_id = w.id)::int as children,
        (select count(*) from walk d where d.path <@ w.path and d.id <> w.id)::int as descendants
      from walk w
    )
    select count(*)::int as bad from users u left join want on want.id = u.id
    where want.id is null or u.path <> want.path or u.children_count <> want.children or u.descendants_count <> want.descendants`);
  expect(rows[0]!.bad).toBe(0);
}

describe('referral tree maintained by triggers', () => {
  it('sets paths and counters on insert, single and multi-row', async () => {
    const root = await add('root', null);
    const a = await add('a', root);
    const b = await add('b', a);
    expect(await node(root)).toEqual({ path: `${root}`, children_count: 1, descendants_count: 2 });
    expect(await node(b)).toEqual({ path: `${root}.${a}.${b}`, children_count: 0, descendants_count: 0 });
    // A multi-row insert where a later row hangs under an earlier one of the same statement.
    await t.pool.query(
      `insert into users (first_name, promo_code, referrer_id)
       select 'x' || g, 'promo-tree-' || g || '-' || $2, $1 from generate_series(1, 3) g`,
      [b, Date.now()],
    );
    expect(await node(root)).toMatchObject({ descendants_count: 5 });
    expect(await node(b)).toMatchObject({ children_count: 3, descendants_count: 3 });
    await expectConsistent();
  });

  it('moves a whole branch when a referrer changes, and nested moves in one statement', async () => {
    const r1 = await add('r1', null);
    const r2 = await add('r2', null);
    const p = await add('p', r1);
    const c = await add('c', p);
    const g = await add('g', c);
    await t.pool.query('update users set referrer_id = $1 where id = $2', [r2, p]);
    expect(await node(g)).toMatchObject({ path: `${r2}.${p}.${c}.${g}` });
    expect(await node(r1)).toMatchObject({ children_count: 0, descendants_count: 0 });
    expect(await node(r2)).toMatchObject({ children_count: 1, descendants_count: 3 });
    // p to r1 and c (inside p's branch) to r2, in one statement.
    await t.pool.query('update users set referrer_id = case id when $1::int then $2::int else $3::int end where id in ($1, $4)', [p, r1, r2, c]);
    expect(await node(g)).toMatchObject({ path: `${r2}.${c}.${g}` });
    expect(await node(r1)).toMatchObject({ children_count: 1, descendants_count: 1 });
    expect(await node(r2)).toMatchObject({ children_count: 1, descendants_count: 2 });
    await expectConsistent();
  });

  it('refuses a referrer from the user’s own branch and changes nothing', async () => {
    const top = await add('top', null);
    const mid = await add('mid', top);
    const low = await add('low', mid);
    await expect(t.pool.query('update users set referrer_id = $1 where id = $2', [low, top])).rejects.toMatchObject({
      code: '23514',
      constraint: 'users_referrer_cycle_check',
    });
    expect(await node(low)).toMatchObject({ path: `${top}.${mid}.${low}` });
    await expectConsistent();
  });

  it('re-roots the children of a deleted user and keeps the counters', async () => {
    const top = await add('top', null);
    const gone = await add('gone', top);
    const k1 = await add('k1', gone);
    await add('k2', gone);
    await add('k1a', k1);
    await t.pool.query('delete from users where id = $1', [gone]);
    expect(await node(top)).toMatchObject({ children_count: 0, descendants_count: 0 });
    expect(await node(k1)).toMatchObject({ path: `${k1}`, descendants_count: 1 });
    await expectConsistent();
  });

  it('other updates of users leave the tree alone', async () => {
    const top = await add('top', null);
    const kid = await add('kid', top);
    await t.pool.query(`update users set first_name = 'renamed' where id in ($1, $2)`, [top, kid]);
    expect(await node(top)).toMatchObject({ children_count: 1, descendants_count: 1 });
    await expectConsistent();
  });
});
