import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { PaymentKind, PaymentState } from '../../src/server/db/schema';
import { createPayment, createUser, createUsers } from '../factories';
import { createTestApp, type TestApp } from '../setup/test-app';

/** The referral tree kept by the database (migration 0006): paths and counters, whoever writes users. */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => {
  await t.close();
});

async function add(name: string, referrerId: number | null): Promise<number> {
  return (await createUser(t.db, { firstName: name, referrerId })).id;
}

type Node = { path: string; children_count: number; descendants_count: number };

async function node(id: number): Promise<Node> {
  const { rows } = await t.pool.query<Node>(
    'select path::text as path, children_count, descendants_count from users where id = $1',
    [id],
  );
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

/** Every ancestor's kept month total equals the sum over the paid donations of the users below it. */
async function expectTotalsConsistent() {
  const { rows } = await t.pool.query(`
    with direct as (
      select a as ancestor_id, team_donation_month(p.paid_at) as month, sum(p.amount_cents)::bigint as cents
      from payments p join users u on u.id = p.user_id, unnest(team_ancestor_ids(u.path)) a
      where p.kind = 'donation' and p.state = 'paid' and p.paid_at is not null group by 1, 2
    ), kept as (
      select ancestor_id, month, cents from team_donation_totals
      where cents <> 0 and ancestor_id in (select id from users)
    )
    select * from direct full join kept using (ancestor_id, month) where direct.cents is distinct from kept.cents`);
  expect(rows).toEqual([]);
}

describe('referral tree maintained by triggers', () => {
  it('sets paths and counters on insert, single and multi-row', async () => {
    const root = await add('root', null);
    const a = await add('a', root);
    const b = await add('b', a);
    expect(await node(root)).toEqual({ path: `${root}`, children_count: 1, descendants_count: 2 });
    expect(await node(b)).toEqual({ path: `${root}.${a}.${b}`, children_count: 0, descendants_count: 0 });
    // A multi-row insert where a later row hangs under an earlier one of the same statement.
    await createUsers(
      t.db,
      ['x1', 'x2', 'x3'].map((firstName) => ({ firstName, referrerId: b })),
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
    await t.pool.query(
      'update users set referrer_id = case id when $1::int then $2::int else $3::int end where id in ($1, $4)',
      [p, r1, r2, c],
    );
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

describe('donation totals of a structure (migration 0020)', () => {
  const pay = async (
    userId: number,
    cents: number,
    paidAt: string,
    kind: PaymentKind = 'donation',
    state: PaymentState = 'paid',
  ) =>
    (
      await createPayment(t.db, {
        userId,
        kind,
        state,
        amountCents: cents,
        paidAt: state === 'paid' ? new Date(paidAt) : null,
      })
    ).id;

  it('follows payments, state changes, moved subtrees and removed users', async () => {
    const top = await add('donor-top', null);
    const mid = await add('donor-mid', top);
    const low = await add('donor-low', mid);
    const other = await add('donor-other', null);
    await pay(low, 1000, '2026-10-31T23:30:00Z');
    await pay(low, 250, '2026-11-01T00:10:00Z');
    await pay(mid, 400, '2026-11-05T12:00:00Z');
    await pay(low, 999, '2026-11-05T12:00:00Z', 'subscription');
    const pending = await pay(low, 777, '2026-11-06T12:00:00Z', 'donation', 'pending');
    const month = async (id: number, m: string) =>
      (
        await t.pool.query(
          `select coalesce(sum(cents), 0)::int as n from team_donation_totals where ancestor_id = $1 and month = $2`,
          [id, m],
        )
      ).rows[0].n;
    expect(await month(top, '2026-10-01')).toBe(1000);
    expect(await month(top, '2026-11-01')).toBe(650);
    expect(await month(mid, '2026-11-01')).toBe(250);
    await expectTotalsConsistent();

    // Paid later; then a refund-like cancel of another.
    await t.pool.query(`update payments set state = 'paid', paid_at = '2026-11-06T12:00:00Z' where id = $1`, [pending]);
    expect(await month(top, '2026-11-01')).toBe(1427);
    await t.pool.query(`update payments set state = 'canceled' where user_id = $1 and amount_cents = 400`, [mid]);
    expect(await month(top, '2026-11-01')).toBe(1027);
    await expectTotalsConsistent();

    // mid (with low below) moves under other: the donations go along.
    await t.pool.query('update users set referrer_id = $1 where id = $2', [other, mid]);
    expect(await month(top, '2026-11-01')).toBe(0);
    expect(await month(other, '2026-11-01')).toBe(1027);
    await expectTotalsConsistent();

    // low is removed: its payments go with it.
    await t.pool.query('delete from users where id = $1', [low]);
    expect(await month(other, '2026-11-01')).toBe(0);
    await expectTotalsConsistent();
  });
});

/**
 * Two writers at once, each in its own transaction: a move of a branch (a removed user's referrals
 * go up) and a sign-up under that branch or a donation paid inside it. Whichever commits first, the
 * paths, counters and totals must come out as if they had run one after the other.
 */
describe('referral tree under concurrent writers', () => {
  /** `n` connections of their own (each its own transaction), closed afterwards. */
  async function withSessions(n: number, run: (...clients: pg.Client[]) => Promise<void>) {
    const clients = Array.from({ length: n }, () => new pg.Client({ connectionString: t.databaseUrl }));
    try {
      await Promise.all(clients.map((c) => c.connect()));
      await run(...clients);
    } finally {
      await Promise.all(clients.map((c) => c.end()));
    }
  }
  /** True when the promise is still pending after a while: the statement waits for the other writer. */
  const waits = (p: Promise<unknown>) =>
    Promise.race([
      p.then(() => false),
      new Promise((r) =>
        setTimeout(() => {
          r(true);
        }, 300),
      ),
    ]);
  // On the session's own connection (inside its transaction), through the factories.
  const join = (c: pg.Client, referrerId: number) => createUser(drizzle(c), { firstName: 'new', referrerId });
  const payDonation = (c: pg.Client, userId: number, cents: number) =>
    createPayment(drizzle(c), { userId, amountCents: cents });
  const move = (c: pg.Client, id: number, referrerId: number) =>
    c.query('update users set referrer_id = $1 where id = $2', [referrerId, id]);

  /** root → a → b → c, and root → other. */
  async function branch() {
    const root = await add('root', null);
    const a = await add('a', root);
    const b = await add('b', a);
    const c = await add('c', b);
    const other = await add('other', root);
    return { root, a, b, c, other };
  }

  it('a sign-up under a branch that is being moved lands under its new place', async () => {
    const { b, c, other } = await branch();
    await withSessions(2, async (mover, joiner) => {
      await mover.query('begin');
      await move(mover, b, other);
      const joined = join(joiner, c);
      expect(await waits(joined)).toBe(true);
      await mover.query('commit');
      const { id } = await joined;
      expect((await node(id)).path).toBe(`${(await node(c)).path}.${id}`);
    });
    await expectConsistent();
  });

  it('a donation paid inside a branch while it is being moved is counted for its new ancestors', async () => {
    const { b, c, other } = await branch();
    await withSessions(2, async (mover, payer) => {
      await mover.query('begin');
      await move(mover, b, other);
      const paid = payDonation(payer, c, 700);
      expect(await waits(paid)).toBe(true);
      await mover.query('commit');
      await paid;
    });
    await expectTotalsConsistent();
  });

  it('a branch moved while a donation inside it is being paid takes that donation along', async () => {
    const { b, c, other } = await branch();
    await withSessions(2, async (mover, payer) => {
      await payer.query('begin');
      await payDonation(payer, c, 900);
      const moved = move(mover, b, other);
      expect(await waits(moved)).toBe(true);
      await payer.query('commit');
      await moved;
    });
    await expectTotalsConsistent();
    await expectConsistent();
  });

  it('sign-ups under one referrer at once all land, none deadlocks', async () => {
    const { c } = await branch();
    await withSessions(4, async (first, ...others) => {
      await first.query('begin');
      await join(first, c);
      // The others start while the first is still open, each committing as soon as its insert is done.
      const rest = others.map(async (cl) => {
        await cl.query('begin');
        await join(cl, c);
        await cl.query('commit');
      });
      await new Promise((r) => setTimeout(r, 200));
      await first.query('commit');
      await Promise.all(rest);
    });
    expect((await node(c)).children_count).toBe(4);
    await expectConsistent();
  });
});
